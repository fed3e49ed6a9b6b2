import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { readSession } from '@/lib/accounts/session';

// GET /api/v3/oauth2/validate — whether the request's token is valid (SPEC §7): oauth_user_id
// (null for an anonymous client-credentials token) and oauth_access_token.
export const GET = apiHandler({}, async ({ request }) => {
  const session = await readSession(request);
  if (!session) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  return Response.json({ oauth_user_id: session.userId, oauth_access_token: session.token }, { headers: { 'Cache-Control': 'no-store' } });
});
