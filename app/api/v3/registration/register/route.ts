import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { register, registerSchema } from '@/lib/accounts/registration';
import { isForeignOrigin } from '@/lib/http/origin';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/registration/register — sign up with e-mail, password and public name; mails the
// confirmation link. The answer is the same for new and already registered addresses.
export const POST = apiHandler({ body: registerSchema }, async ({ request, world, body }) => {
  if (isForeignOrigin(request)) throw new AppError('forbidden', undefined, { reason: 'foreign_origin' });
  return Response.json(await register(body, { world: world.code, ip: clientIp(request) }), { status: 202, headers: { 'Cache-Control': 'no-store' } });
});
