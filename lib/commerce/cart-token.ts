import crypto from 'node:crypto';
import { hashToken } from '@/lib/accounts/tokens';

/**
 * The cart token a visitor holds (`X-Cart-Token`, or the `c_t` cookie for form posts): 32 random
 * bytes, base64url. Only its hash is stored, so the carts table alone opens no cart.
 */
export const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie a form post carries the cart token in (a page without scripts has no header). */
export const CART_TOKEN_COOKIE = 'c_t';

export function newCartToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashCartToken(token: string): string {
  return hashToken(token);
}

/** The token if it has the shape of one; anything else is treated as no token at all. */
export function readCartToken(value: string | null | undefined): string | null {
  return value && CART_TOKEN_PATTERN.test(value) ? value : null;
}
