import 'server-only';
import type { NextRequest } from 'next/server';
import { isHttps } from '@/lib/accounts/session';
import type { WorldCode } from '@/lib/worlds/worlds';
import { cartCountCookie } from './cart-count';
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
  const token = readCartToken(request.headers.get(CART_TOKEN_HEADER)) ?? cartTokenFromCookies(request.cookies);
  return { world, userId, cartToken: token };
}

/** The cart token of the `c_t` cookie (a page rendered on the server has no header to read). */
export function cartTokenFromCookies(cookies: { get(name: string): { value: string } | undefined }): string | null {
  return readCartToken(cookies.get(CART_TOKEN_COOKIE)?.value);
}

type CookieSetter = { cookies: { set: (name: string, value: string, options: object) => unknown } };

/** How long a browser keeps its cart token cookie: the default cookie life of 30 days. */
const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Keeps the cart a request worked on in the browser's `c_t` cookie, so the pages rendered on the
 * server (the cart, the payment page) and form posts without scripts find the same cart as the
 * scripts do. httpOnly and SameSite=Lax: no script reads it and no other site's form sends it.
 */
export function rememberCartToken(request: NextRequest, response: CookieSetter, token: string | null): void {
  if (!token || request.cookies.get(CART_TOKEN_COOKIE)?.value === token) return;
  response.cookies.set(CART_TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    path: '/',
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * After a cart call: the token in `c_t` (see rememberCartToken) and the number of lines in the
 * world's count hint for the header (readable by scripts; it says nothing but a number).
 */
export function rememberCart(
  request: NextRequest,
  response: CookieSetter,
  cart: { token: string | null; world: string; cartItems: readonly unknown[] },
): void {
  rememberCartToken(request, response, cart.token);
  rememberCartCount(request, response, cart.world, cart.cartItems.length);
}

/** Sets the header's count hint for a world's cart (0 after an order took every line). */
export function rememberCartCount(request: NextRequest, response: CookieSetter, world: string, count: number): void {
  const name = cartCountCookie(world);
  const known = request.cookies.get(name)?.value;
  // Nothing to say to a visitor who never had a cart: no cookie for them.
  if (known === String(count) || (known === undefined && count === 0)) return;
  response.cookies.set(name, String(count), {
    httpOnly: false,
    sameSite: 'lax',
    secure: isHttps(request),
    path: '/',
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  });
}
