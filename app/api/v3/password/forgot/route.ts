import { apiHandler } from '@/lib/api/handler';
import { forgotSchema, requestPasswordRecovery } from '@/lib/accounts/password';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/password/forgot — mails a recovery link if the address has an account; the answer
// is the same either way.
export const POST = apiHandler({ body: forgotSchema }, async ({ request, world, body }) => {
  return Response.json(await requestPasswordRecovery(body.email, { world: world.code, ip: clientIp(request) }), { status: 202, headers: { 'Cache-Control': 'no-store' } });
});
