/**
 * A cookie scripts may read that says "this visitor keeps favourites or follows" and nothing
 * more. Stored public pages are the same for everyone, so a page learns its hearts' state from
 * an ids-only status call, and only visitors with this hint make it (as the cart's count hint
 * spares the cart call). Pure: used by the server and the browser.
 */
export const KEEPS_HINT_COOKIE = 'k_fav';

/** True when a cookie header (document.cookie or a request's) carries the hint. */
export function hasKeepsHint(cookieHeader: string): boolean {
  return new RegExp(`(?:^|;\\s*)${KEEPS_HINT_COOKIE}=1(?:;|$)`).test(cookieHeader);
}
