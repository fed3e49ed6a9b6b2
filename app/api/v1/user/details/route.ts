import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { getUserDetails, noQueryParams, updateUserDetails, userDetailsUpdateSchema } from '@/lib/accounts/user-details';

// GET /api/v1/user/details?world= — the signed-in user's changeable details (user and author
// profile). Always the session's user: there is no user id to pass.
export const GET = defineRoute(
  { summary: "The signed-in user's changeable details", auth: 'user', query: noQueryParams },
  async ({ session }) => {
    const details = await getUserDetails(session.userId);
    if (!details) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
    return details;
  },
);

// POST /api/v1/user/details?world= — changes publicName, userName and, for sellers, the author
// profile fields; answers the details as they are now.
export const POST = defineRoute(
  {
    summary: "Changes the signed-in user's public name, user name and author profile",
    auth: 'user',
    query: noQueryParams,
    body: userDetailsUpdateSchema,
  },
  async ({ session, body }) => updateUserDetails(session.userId, body),
);
