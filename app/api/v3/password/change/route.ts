import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { changePassword, changePasswordSchema } from '@/lib/accounts/password';

// POST /api/v3/password/change — the signed-in user changes their password (current one
// required); other sign-ins end.
export const POST = apiHandler({ body: changePasswordSchema }, async ({ request, world, body }) => {
  const session = await requireUser(request, { mutation: true });
  await changePassword(session.userId, session.tokenId, body, world.code);
  return Response.json({ changed: true }, { headers: { 'Cache-Control': 'no-store' } });
});
