import { pathForRoute, type RouteParams } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import type { WorldCode } from '@/lib/worlds/worlds';

/** An absolute link to a localized page, for mails. */
export function absoluteLink(world: WorldCode, route: RouteId, params: RouteParams = {}): string {
  return `${getPublicOrigin()}${pathForRoute(world, route, params)}`;
}
