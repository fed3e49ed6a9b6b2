import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { authorizeSchema, decideAppAuthorization } from '@/lib/accounts/app-authorization';
import { requireUser } from '@/lib/accounts/guard';

// POST /api/v3/oauth2/authorize — the signed-in user allows or denies the mobile app on the
// consent page; answers the redirect to the app (with a single-use code, or access_denied).
export const POST = apiHandler({ body: authorizeSchema }, async ({ request, body }) => {
  const session = await requireUser(request, { mutation: true });
  // An admin acting as someone must not hand that person's account to an app.
  if (session.impersonatorUserId) throw new AppError('forbidden', undefined, { reason: 'impersonating' });
  return Response.json(await decideAppAuthorization(session.userId, body), { headers: { 'Cache-Control': 'no-store' } });
});
