import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { requestEmailChange, requestEmailChangeSchema } from '@/lib/accounts/email-change';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/email-change/request — the signed-in user asks to change their e-mail address;
// the new address receives a confirmation link, the old one a notice. Refused during login-as.
export const POST = defineRoute(
  {
    summary: 'Asks to change the e-mail address (password required)',
    auth: 'user',
    impersonation: false,
    body: requestEmailChangeSchema,
    successStatus: 202,
  },
  async ({ request, world, body, session }) =>
    NextResponse.json(await requestEmailChange(session.userId, body, { world: world.code, ip: clientIp(request) }), {
      status: 202,
      headers: { 'Cache-Control': 'no-store' },
    }),
);
