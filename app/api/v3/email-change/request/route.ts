import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { requestEmailChange, requestEmailChangeSchema } from '@/lib/accounts/email-change';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/email-change/request — the signed-in user asks to change their e-mail address;
// the new address receives a confirmation link, the old one a notice.
export const POST = apiHandler({ body: requestEmailChangeSchema }, async ({ request, world, body }) => {
  const session = await requireUser(request, { mutation: true });
  return Response.json(await requestEmailChange(session.userId, body, { world: world.code, ip: clientIp(request) }), { status: 202, headers: { 'Cache-Control': 'no-store' } });
});
