import type { WorldCode } from '@/lib/worlds/worlds';
import { matchForeignRoute, matchRoute, pathFor, type RouteParams } from './localized-routes';
import type { RouteDef, RouteId } from './routes';

export type PageResolution =
  | { kind: 'page'; route: RouteDef; params: RouteParams }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

/**
 * Resolves the path after the world prefix: a route in the world's own wording renders; a route
 * in another world's wording redirects to the right wording; anything else is not found.
 */
export function resolvePagePath(world: WorldCode, segments: string[]): PageResolution {
  const own = matchRoute(world, segments);
  if (own) return { kind: 'page', route: own.route, params: own.params };
  const foreign = matchForeignRoute(world, segments);
  if (foreign) return { kind: 'redirect', location: pathFor(world, foreign.route.id as RouteId, foreign.params) };
  return { kind: 'not-found' };
}
