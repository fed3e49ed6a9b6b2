import { defineRoute } from '@/lib/api/handler';
import { recoverPassword, recoverSchema } from '@/lib/accounts/password';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/password/recover — sets a new password through the mailed link (single use) and
// ends every existing sign-in of the account.
export const POST = defineRoute(
  { summary: 'Sets a new password with the mailed recovery token', auth: 'anonymous', body: recoverSchema },
  async ({ request, world, body }) => {
    await recoverPassword(body, { world: world.code, ip: clientIp(request) });
    return Response.json({ recovered: true }, { headers: { 'Cache-Control': 'no-store' } });
  },
);
