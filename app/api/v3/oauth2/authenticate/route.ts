import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { authenticate, authenticateSchema } from '@/lib/accounts/authenticate';
import { isHttps, writeSessionCookie } from '@/lib/accounts/session';
import { isForeignOrigin } from '@/lib/http/origin';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/oauth2/authenticate — sign in (SPEC §7): answers access_token and oauth_user_id;
// for the website (client_id web) the token goes only into the httpOnly session cookie.
export const POST = apiHandler({ body: authenticateSchema }, async ({ request, body, world }) => {
  if (isForeignOrigin(request)) throw new AppError('forbidden', undefined, { reason: 'foreign_origin' });
  const answer = await authenticate(body, { ip: clientIp(request), world: world.code });
  if (body.client_id !== 'web') return NextResponse.json(answer, { headers: { 'Cache-Control': 'no-store' } });
  // The website never sees its token: it lives only in the httpOnly cookie (DESIGN §1).
  const response = NextResponse.json({ access_token: null, oauth_user_id: answer.oauth_user_id }, { headers: { 'Cache-Control': 'no-store' } });
  await writeSessionCookie(response, answer.access_token, isHttps(request));
  return response;
});
