import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { loginAsSchema, startImpersonation } from '@/lib/accounts/impersonation';
import { isHttps, usesSessionCookie, writeSessionCookie } from '@/lib/accounts/session';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/oauth2/login-as — an admin starts acting as another user (impersonation).
// The website keeps the admin's own token in the sealed cookie to return to; the app receives
// the impersonation token.
export const POST = defineRoute(
  { summary: 'An admin starts acting as another user', auth: 'admin', body: loginAsSchema },
  async ({ request, body, session }) => {
    const cookie = usesSessionCookie(request);
    const { token, user } = await startImpersonation(session.userId, body, {
      ip: clientIp(request),
      clientId: cookie ? 'web' : 'app',
    });
    const response = NextResponse.json(
      { oauth_user_id: user.id, public_name: user.publicName, access_token: cookie ? null : token },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    if (cookie) await writeSessionCookie(response, token, isHttps(request), session.token);
    return response;
  },
);
