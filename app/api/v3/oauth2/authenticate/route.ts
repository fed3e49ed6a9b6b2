import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { authenticate, authenticateSchema } from '@/lib/accounts/authenticate';
import { isHttps, writeSessionCookie } from '@/lib/accounts/session';
import { mergeAnonymousCart } from '@/lib/commerce/cart';
import { cartOwnerOf } from '@/lib/commerce/cart-request';
import { clientIp } from '@/lib/security/rate-limit';

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
    const answer = await authenticate(body, { ip: clientIp(request), world: world.code });
    // What the visitor put into the cart before signing in is in their cart afterwards.
    const cartToken = cartOwnerOf(request, world.code, null).cartToken;
    if (answer.oauth_user_id && cartToken) await mergeAnonymousCart(answer.oauth_user_id, cartToken);
    if (body.client_id !== 'web') return NextResponse.json(answer, { headers: { 'Cache-Control': 'no-store' } });
    // The website never sees its token: it lives only in the httpOnly cookie.
    const response = NextResponse.json(
      { access_token: null, oauth_user_id: answer.oauth_user_id },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    await writeSessionCookie(response, answer.access_token, isHttps(request));
    return response;
  },
);
