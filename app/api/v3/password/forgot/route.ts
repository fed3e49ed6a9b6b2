import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { forgotSchema, requestPasswordRecovery } from '@/lib/accounts/password';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/password/forgot — mails a recovery link if the address has an account; the answer
// (and the work before it) is the same either way.
export const POST = defineRoute(
  {
    summary: 'Mails a recovery link if the address has an account (same answer either way)',
    auth: 'anonymous',
    body: forgotSchema,
    successStatus: 202,
  },
  async ({ request, world, body }) =>
    NextResponse.json(await requestPasswordRecovery(body.email, { world: world.code, ip: clientIp(request) }), {
      status: 202,
      headers: { 'Cache-Control': 'no-store' },
    }),
);
