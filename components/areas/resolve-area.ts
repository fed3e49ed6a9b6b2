import 'server-only';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import type { PageProps } from '@/components/pages/types';
import { getAccountRole } from '@/lib/accounts/accounts';
import { readCookieSession } from '@/lib/accounts/session';
import { decodeResolution, RESOLUTION_HEADER, type RequestResolution } from '@/lib/request/resolution';
import { SIGN_IN_AREAS, type FolderArea } from '@/lib/routing/areas';
import { decodePathSegments } from '@/lib/routing/decode-path';
import { matchRoute, pathFor, type RouteMatch } from '@/lib/routing/localized-routes';
import { idOutOfRange } from '@/lib/routing/resolve-page';
import { getRoute } from '@/lib/routing/routes';
import { getWorld, isWorldCode, type WorldCode } from '@/lib/worlds/worlds';

/** What an area's layout and page receive from Next: the world and the localised segments. */
export interface AreaRouteProps {
  params: Promise<{ world: string; path: string[] }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
}

/** A resolved area page: the route and its params, and who is asking (null when anonymous). */
export interface AreaPage extends PageProps {
  userId: number | null;
}

/**
 * The front door's resolution of this request (lib/request/resolution.ts), when it is the
 * one for this world and path: it carries the route. Null for a request that did not pass the door.
 */
const handedOnResolution = cache(async (code: string, decodedPath: string): Promise<RequestResolution | null> => {
  const resolution = decodeResolution((await headers()).get(RESOLUTION_HEADER));
  const ours = resolution?.world === code && resolution.segments.join('/') === decodedPath;
  return ours ? resolution : null;
});

/** The path's route in the world's own wording: the front door's, or looked up without the door. */
async function routeOf(code: WorldCode, segments: string[]): Promise<RouteMatch | null> {
  const resolution = await handedOnResolution(code, segments.join('/'));
  if (!resolution) return matchRoute(code, segments);
  return resolution.route ? { route: getRoute(resolution.route), params: resolution.params } : null;
}

/**
 * The route of an area path, or the area's not-found state. The proxy only sends a world's own
 * wording of this area's routes here; anything else that arrives (another area's route, an id
 * out of range) is not found.
 */
const resolveRoute = cache(async (area: FolderArea, code: string, joined: string): Promise<PageProps> => {
  if (!isWorldCode(code)) notFound();
  const segments = decodePathSegments(joined.split('/'));
  if (!segments) notFound();
  const match = await routeOf(code, segments);
  if (!match || match.route.area !== area || idOutOfRange(match.params)) notFound();
  return { world: getWorld(code), route: match.route, params: match.params };
});

/**
 * Who may see an area page. Cabinet, school and admin need a signed-in account: an anonymous
 * visitor is sent to the login page (307, with the page as `next`), decided before anything of
 * the area renders so no loading state can turn it into a 200. The admin area is not found for
 * everybody but an admin acting as themselves.
 */
const resolveAccess = cache(async (area: FolderArea, page: PageProps, joined: string): Promise<number | null> => {
  const currentPath = `/${page.world.code}/${joined}`;
  // From the cookie, never from the front door's header: a header that reached Next some other
  // way could not claim an account.
  const session = await readCookieSession(await cookies());
  const userId = session?.userId ?? null;
  if (!SIGN_IN_AREAS.has(area)) return userId;
  if (userId === null) redirect(`${pathFor(page.world.code, 'login')}?next=${encodeURIComponent(currentPath)}`);
  if (area === 'admin') {
    const role = await getAccountRole(userId);
    if (session?.impersonatorUserId || role?.role !== 'admin') notFound();
  }
  return userId;
});

/** Resolves an area request for its layout and page (once per request, shared by both). */
export async function resolveAreaPage(area: FolderArea, props: AreaRouteProps): Promise<AreaPage> {
  const { world, path } = await props.params;
  const joined = path.join('/');
  const page = await resolveRoute(area, world, joined);
  const userId = await resolveAccess(area, page, joined);
  return { ...page, userId };
}

/** The route of an area request without the access check: enough for its metadata. */
export async function resolveAreaRoute(area: FolderArea, props: AreaRouteProps): Promise<PageProps> {
  const { world, path } = await props.params;
  return resolveRoute(area, world, path.join('/'));
}
