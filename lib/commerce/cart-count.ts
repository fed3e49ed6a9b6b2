/**
 * The number of lines in a world's cart, kept by the server in a cookie scripts may read, so the
 * header shows it without asking the API on every page of a visitor who has no cart. A hint
 * only: the header asks the API when the hint says there is something (or the visitor is
 * signed in), and the answer refreshes the hint. Pure: used by the server and the browser.
 */
/** Every world's count cookie starts so (a stored page's script loader asks whether any is set). */
export const CART_COUNT_COOKIE_PREFIX = 'c_n_';

export function cartCountCookie(world: string): string {
  return `${CART_COUNT_COOKIE_PREFIX}${world}`;
}

/** The count in a cookie value, or null when it is missing or not a small whole number. */
export function parseCartCount(value: string | null | undefined): number | null {
  return value && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

/** The browser event the add-to-cart button sends once the count hint changed, so the header follows. */
export const CART_COUNT_EVENT = 'kreide:cart-count';
