import { NextResponse, type NextRequest } from 'next/server';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { clearSessionCookie, readAccessToken, readReturnToken, usesSessionCookie } from '@/lib/accounts/session';
import { revokeAccessToken } from '@/lib/accounts/tokens';
import { forgetKeeps } from '@/lib/subscriptions/keeps-hint-cookie';

/** Revokes the request's token (and during login-as the admin's token behind it). */
async function logOut(request: NextRequest): Promise<NextResponse> {
  const token = await readAccessToken(request);
  if (token) await revokeAccessToken(token);
  // Logging out of a login-as session ends the admin's session behind it too.
  const returnToken = await readReturnToken(request);
  if (returnToken) await revokeAccessToken(returnToken);
  const response = NextResponse.json({ logged_out: true }, { headers: { 'Cache-Control': 'no-store' } });
  clearSessionCookie(response);
  // The next person at this computer starts a fresh anonymous identity that keeps nothing.
  forgetKeeps(response);
  return response;
}

// POST /api/v3/oauth2/logout — the website's logout: revokes the session's token and clears the
// cookie. A POST, so a cross-site link or image cannot log anyone out (the origin check applies).
export const POST = defineRoute(
  {
    summary: 'Logout: revokes the token and clears the session cookie',
    auth: 'anonymous',
    example: { logged_out: true },
  },
  async ({ request }) => logOut(request),
);

// GET /api/v3/oauth2/logout — the mobile app's logout with its bearer token (the API offers logout as a GET too).
// A cookie session is refused here: a GET can be triggered by any page that links to it.
export const GET = defineRoute(
  { summary: "The app's logout with its bearer token", auth: 'anonymous', example: { logged_out: true } },
  async ({ request }) => {
    if (usesSessionCookie(request))
      throw new AppError('method_not_allowed', undefined, { reason: 'use_post_for_cookie_sessions' });
    return logOut(request);
  },
);
