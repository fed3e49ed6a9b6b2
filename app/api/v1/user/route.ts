import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { getCurrentUser } from '@/lib/accounts/user';

// GET /api/v1/user — the signed-in user; 401 for anonymous or invalid tokens.
export const GET = defineRoute({ summary: 'The signed-in user', auth: 'user' }, async ({ session, world }) => {
  const user = await getCurrentUser(session.userId, {
    world: world.code,
    impersonatorUserId: session.impersonatorUserId,
  });
  if (!user) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  return user;
});
