import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { requireUser } from '@/lib/accounts/guard';
import { getUserDetails, noQueryParams, updateUserDetails, userDetailsUpdateSchema } from '@/lib/accounts/user-details';

const PRIVATE = { headers: { 'Cache-Control': 'no-store' } };

// GET /api/v1/user/details?world= — the signed-in user's changeable details (SPEC §3 User and
// author profile). Always the session's user: there is no user id to pass.
export const GET = apiHandler({ query: noQueryParams }, async ({ request }) => {
  const { userId } = await requireUser(request);
  const details = await getUserDetails(userId);
  if (!details) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  return Response.json(details, PRIVATE);
});

// POST /api/v1/user/details?world= — changes publicName, userName and, for sellers, the author
// profile fields; answers the details as they are now.
export const POST = apiHandler({ query: noQueryParams, body: userDetailsUpdateSchema }, async ({ request, body }) => {
  const { userId } = await requireUser(request, { mutation: true });
  return Response.json(await updateUserDetails(userId, body), PRIVATE);
});
