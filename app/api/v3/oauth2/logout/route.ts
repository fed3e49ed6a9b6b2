import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { clearSessionCookie, readAccessToken } from '@/lib/accounts/session';
import { revokeAccessToken } from '@/lib/accounts/tokens';

// GET /api/v3/oauth2/logout — revokes the request's token and clears the session cookie.
export const GET = apiHandler({}, async ({ request }) => {
  const token = await readAccessToken(request);
  if (token) await revokeAccessToken(token);
  const response = NextResponse.json({ logged_out: true }, { headers: { 'Cache-Control': 'no-store' } });
  clearSessionCookie(response);
  return response;
});
