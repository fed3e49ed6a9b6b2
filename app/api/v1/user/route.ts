import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { readSession } from '@/lib/accounts/session';
import { getCurrentUser } from '@/lib/accounts/user';

// GET /api/v1/user — the signed-in user (SPEC §3 User); 401 for anonymous or invalid tokens.
export const GET = apiHandler({}, async ({ request, world }) => {
  const session = await readSession(request);
  if (!session?.userId) throw new AppError('unauthorized', undefined, { reason: session ? 'anonymous' : 'invalid_token' });
  const user = await getCurrentUser(session.userId, { world: world.code, impersonatorUserId: session.impersonatorUserId });
  if (!user) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  return Response.json(user, { headers: { 'Cache-Control': 'no-store' } });
});
