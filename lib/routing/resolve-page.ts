import { parseId } from '@/lib/input/schemas';
import type { WorldCode } from '@/lib/worlds/worlds';
import { matchForeignRoute, matchRoute, pathForRoute, type RouteParams } from './localized-routes';
import type { Route } from './routes';

export type PageResolution =
  { kind: 'page'; route: Route; params: RouteParams } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

/**
 * Every route's `:id` is a row id: anything outside the id column's range names no page, on
 * finished and unfinished pages alike, and never reaches a query.
 */
export function idOutOfRange(params: RouteParams): boolean {
  return params.id !== undefined && parseId(params.id) === null;
}

/**
 * Resolves the path after the world prefix: a route in the world's own wording renders; a route
 * in another world's wording redirects to the right wording; anything else is not found.
 */
export function resolvePagePath(world: WorldCode, segments: string[]): PageResolution {
  const own = matchRoute(world, segments);
  if (own && idOutOfRange(own.params)) return { kind: 'not-found' };
  if (own) return { kind: 'page', route: own.route, params: own.params };
  const foreign = matchForeignRoute(world, segments);
  if (foreign) return { kind: 'redirect', location: pathForRoute(world, foreign.route.id, foreign.params) };
  return { kind: 'not-found' };
}
