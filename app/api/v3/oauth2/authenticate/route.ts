import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { authenticate, authenticateSchema } from '@/lib/accounts/authenticate';
import { isHttps, writeSessionCookie } from '@/lib/accounts/session';
import { isForeignOrigin } from '@/lib/http/origin';

// POST /api/v3/oauth2/authenticate — sign in (SPEC §7): answers access_token and oauth_user_id;
// for the website (client_id web) the token also goes into the httpOnly session cookie.
export const POST = apiHandler({ body: authenticateSchema }, async ({ request, body }) => {
  if (isForeignOrigin(request)) throw new AppError('forbidden', undefined, { reason: 'foreign_origin' });
  const answer = await authenticate(body);
  const response = NextResponse.json(answer, { headers: { 'Cache-Control': 'no-store' } });
  if (body.client_id === 'web') await writeSessionCookie(response, answer.access_token, isHttps(request));
  return response;
});
