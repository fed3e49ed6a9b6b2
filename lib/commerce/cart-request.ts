import 'server-only';
import type { NextRequest } from 'next/server';
import { isHttps } from '@/lib/accounts/session';
import type { WorldCode } from '@/lib/worlds/worlds';
import { CART_TOKEN_COOKIE, readCartToken } from './cart-token';
import type { CartOwner } from './cart';

/** The header a client sends its cart token in. */
export const CART_TOKEN_HEADER = 'x-cart-token';

/**
 * Whose cart a request means: the signed-in user's when a valid session comes with it, else the
 * cart of the token in `X-Cart-Token` (scripts) or the `c_t` cookie (form posts). A malformed
 * token counts as none: it can name no stored cart.
 */
export function cartOwnerOf(request: NextRequest, world: WorldCode, userId: number | null): CartOwner {
  const token =
    readCartToken(request.headers.get(CART_TOKEN_HEADER)) ??
    readCartToken(request.cookies.get(CART_TOKEN_COOKIE)?.value);
  return { world, userId, cartToken: token };
}

/** How long a browser keeps its cart token cookie: the default cookie life of 30 days. */
const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Keeps the cart a request worked on in the browser's `c_t` cookie, so the pages rendered on the
 * server (the cart, the payment page) and form posts without scripts find the same cart as the
 * scripts do. httpOnly and SameSite=Lax: no script reads it and no other site's form sends it.
 */
export function rememberCartToken(
  request: NextRequest,
  response: { cookies: { set: (name: string, value: string, options: object) => unknown } },
  token: string | null,
): void {
  if (!token || request.cookies.get(CART_TOKEN_COOKIE)?.value === token) return;
  response.cookies.set(CART_TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    path: '/',
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  });
}
