import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { usesSessionCookie } from '@/lib/accounts/session';
import { hasAcceptedActualTerms } from '@/lib/accounts/terms';

// GET /api/v3/oauth2/validate — whether the request's token is valid: oauth_user_id
// (null for an anonymous client-credentials token) and oauth_access_token (null for the website,
// whose token stays in the httpOnly cookie). A valid token of a user who has not accepted the
// world's actual terms answers 401 with the reason terms_not_accepted.
export const GET = defineRoute(
  {
    summary: "Whether the request's token is valid",
    auth: 'client',
    example: { oauth_user_id: 12, oauth_access_token: null },
  },
  async ({ request, world, session }) => {
    // An impersonating admin acts as the user and does not accept terms on their behalf.
    if (
      session.userId !== null &&
      !session.impersonatorUserId &&
      !(await hasAcceptedActualTerms(session.userId, world.code))
    ) {
      throw new AppError('unauthorized', undefined, { reason: 'terms_not_accepted', oauth_user_id: session.userId });
    }
    return { oauth_user_id: session.userId, oauth_access_token: usesSessionCookie(request) ? null : session.token };
  },
);
