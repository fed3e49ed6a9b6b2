import { defineRoute } from '@/lib/api/handler';
import { confirmEmailChange, confirmEmailChangeSchema } from '@/lib/accounts/email-change';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/email-change/confirm — follows the mailed change-email link (single use); works
// without a session, the link is the proof (the client exempts this URL from its 401 refresh handling).
export const POST = defineRoute(
  {
    summary: 'Confirms a change of e-mail address with the mailed token',
    auth: 'anonymous',
    body: confirmEmailChangeSchema,
  },
  async ({ request, body }) => {
    const { email } = await confirmEmailChange(body.token, { ip: clientIp(request) });
    return Response.json({ confirmed: true, email }, { headers: { 'Cache-Control': 'no-store' } });
  },
);
