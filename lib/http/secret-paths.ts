import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathForRoute, type RouteParams } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';

/** Routes whose path carries a secret token from a mail, and the name of that parameter. */
export const SECRET_PATH_PARAMS: Partial<Record<RouteId, string>> = {
  'register-confirm': 'registrationToken',
  'complete-registration': 'token',
  'password-recovery': 'token',
  'change-email-confirm': 'confirmationToken',
  invitation: 'code',
};

/**
 * Routes whose path carries a mailed token the server itself needs to render the page (the
 * abandoned-cart link lists the cart it opens, a free material's link makes its download link,
 * an unsubscribe link does what it says):
 * not masked, and no other site is ever sent the address as Referer. `same-origin`, not
 * `no-referrer`: a browser sends `Origin: null` with a form posted from a no-referrer page,
 * which the cross-site check rightly refuses, and the restore button is such a form.
 */
export const SERVER_READ_SECRET_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'abandoned-cart',
  'free-download',
  // The unsubscribe and unfollow links: the undo is such a form (lib/subscriptions/mail-links.ts).
  'unsubscribe',
  'mailing-unsubscribe',
  'unfollow-author',
  'unsubscribe-by-link',
]);

/** What the server renders in place of the secret. */
export const SECRET_PLACEHOLDER = '-';

/**
 * For a page whose path holds a mailed token: renders it as the one path with a placeholder, so
 * the page's HTML never contains the token and the incremental cache keeps one entry instead of
 * one per token. The browser keeps the real address, and the page's script reads the token from
 * it before the framework tidies the address bar. Also keeps the token out of Referer headers.
 * Returns the params the page is rendered with when it masked one, else null.
 */
export function maskSecretPath(
  req: IncomingMessage,
  res: ServerResponse,
  world: WorldCode,
  match: { route: { id: RouteId }; params: RouteParams },
): RouteParams | null {
  if (SERVER_READ_SECRET_ROUTES.has(match.route.id)) {
    res.setHeader('Referrer-Policy', 'same-origin');
    return null;
  }
  const name = SECRET_PATH_PARAMS[match.route.id];
  if (!name || !match.params[name] || match.params[name] === SECRET_PLACEHOLDER) return null;
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const masked = { ...match.params, [name]: SECRET_PLACEHOLDER };
  req.url = pathForRoute(world, match.route.id, masked) + (queryStart === -1 ? '' : url.slice(queryStart));
  res.setHeader('Referrer-Policy', 'no-referrer');
  return masked;
}
