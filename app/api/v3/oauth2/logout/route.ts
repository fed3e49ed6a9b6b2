import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { clearSessionCookie, readAccessToken, readReturnToken } from '@/lib/accounts/session';
import { revokeAccessToken } from '@/lib/accounts/tokens';

// GET /api/v3/oauth2/logout — revokes the request's token and clears the session cookie.
export const GET = apiHandler({}, async ({ request }) => {
  const token = await readAccessToken(request);
  if (token) await revokeAccessToken(token);
  // Logging out of a login-as session ends the admin's session behind it too.
  const returnToken = await readReturnToken(request);
  if (returnToken) await revokeAccessToken(returnToken);
  const response = NextResponse.json({ logged_out: true }, { headers: { 'Cache-Control': 'no-store' } });
  clearSessionCookie(response);
  return response;
});
