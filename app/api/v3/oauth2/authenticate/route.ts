import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { authenticate, authenticateSchema } from '@/lib/accounts/authenticate';
import { isHttps, readAccessToken, writeSessionCookie } from '@/lib/accounts/session';
import { mergeAnonymousCart } from '@/lib/commerce/cart';
import { cartOwnerOf } from '@/lib/commerce/cart-request';
import { clientIp } from '@/lib/security/rate-limit';
import { mergeAnonymousVisit } from '@/lib/subscriptions/merge';
import { adoptAnonymousVisit } from '@/lib/subscriptions/sign-in';

// POST /api/v3/oauth2/authenticate — sign in: answers access_token and oauth_user_id;
// for the website (client_id web) the token goes only into the httpOnly session cookie. The
// origin check refuses a sign-in posted from another site (login CSRF).
export const POST = defineRoute(
  {
    summary: 'Sign in: password, client credentials, provider ID tokens or the app’s authorization code',
    description:
      'For client_id web the token is set as the httpOnly session cookie and access_token is null; client_id app receives it in the body.',
    auth: 'anonymous',
    body: authenticateSchema,
    example: { access_token: null, oauth_user_id: 12 },
  },
  async ({ request, body, world }) => {
    // The anonymous identity the visitor had before: read before the new session replaces it.
    const previousToken = await readAccessToken(request);
    const answer = await authenticate(body, { ip: clientIp(request), world: world.code });
    const userId = answer.oauth_user_id;
    // What the visitor put into the cart, hearted or followed before signing in is theirs afterwards.
    const cartToken = cartOwnerOf(request, world.code, null).cartToken;
    if (userId && cartToken) await mergeAnonymousCart(userId, cartToken);
    if (body.client_id !== 'web') {
      // An app signing in with its anonymous bearer token brings that identity along too.
      if (userId) await mergeAnonymousVisit(previousToken, userId);
      return NextResponse.json(answer, { headers: { 'Cache-Control': 'no-store' } });
    }
    // The website never sees its token: it lives only in the httpOnly cookie.
    const response = NextResponse.json(
      { access_token: null, oauth_user_id: answer.oauth_user_id },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    await writeSessionCookie(response, answer.access_token, isHttps(request));
    if (userId) await adoptAnonymousVisit(request, response, previousToken, userId);
    return response;
  },
);
