import { decodePathSegments } from '@/lib/routing/decode-path';
import { matchRoute } from '@/lib/routing/localized-routes';
import { ROUTES, type Route, type RouteId } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { PUBLIC_VIEW_IDS } from './view-ids';

/**
 * Public routes that a route of their own renders instead of the catch-all: search results are
 * dynamic (app/[world]/search-view, reached through the proxy), so they have no entry in
 * PUBLIC_VIEWS and are still a finished page.
 */
const OWN_FOLDER_VIEWS: ReadonlySet<RouteId> = new Set<RouteId>(['search']);

const VIEW_IDS: ReadonlySet<RouteId> = new Set<RouteId>(PUBLIC_VIEW_IDS);

/**
 * Whether a public route has a finished page. Read from the ids of the registry of views (which
 * its type holds to them), so a route leaves the placeholders the moment its view is added.
 */
export function hasFinishedPage(id: RouteId): boolean {
  return VIEW_IDS.has(id) || OWN_FOLDER_VIEWS.has(id);
}

/** A public route that still renders the "being built" shell. */
export function isPlaceholderRoute(route: Route, isFinished: (id: RouteId) => boolean = hasFinishedPage): boolean {
  return route.area === 'public' && !isFinished(route.id);
}

/**
 * The public routes that render the "being built" shell: never indexed, never in a sitemap,
 * never linked from the navigation, the footer or the pages crawlers follow.
 */
export function listPlaceholderRoutes(isFinished: (id: RouteId) => boolean = hasFinishedPage): Route[] {
  return (ROUTES as readonly Route[]).filter((route) => isPlaceholderRoute(route, isFinished));
}

/**
 * Whether a link to this path of the world's may be shown: anything but a placeholder page. The
 * query and the fragment do not change the page (`/de/info/agb#dataProtection` is the terms page).
 */
export function linksToFinishedPage(
  world: WorldCode,
  href: string,
  isFinished: (id: RouteId) => boolean = hasFinishedPage,
): boolean {
  const path = href.split(/[?#]/)[0]!;
  const [first, ...rest] = path.split('/').filter(Boolean);
  if (first !== world) return true;
  const segments = decodePathSegments(rest);
  const match = segments ? matchRoute(world, segments) : null;
  return !match || !isPlaceholderRoute(match.route, isFinished);
}
