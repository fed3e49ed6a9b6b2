import { defineRoute } from '@/lib/api/handler';
import { authorizeSchema, decideAppAuthorization } from '@/lib/accounts/app-authorization';

// POST /api/v3/oauth2/authorize — the signed-in user allows or denies the mobile app on the
// consent page; answers the redirect to the app (with a single-use code, or access_denied).
// An admin acting as someone must not hand that person's account to an app.
export const POST = defineRoute(
  {
    summary: 'Allows or denies the mobile app (consent page)',
    auth: 'user',
    impersonation: false,
    body: authorizeSchema,
  },
  async ({ session, body }) => decideAppAuthorization(session.userId, body),
);
