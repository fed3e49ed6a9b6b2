import { decodePathSegments } from '@/lib/routing/decode-path';
import { matchForeignRoute, matchRoute, type RouteMatch, type RouteParams } from '@/lib/routing/localized-routes';
import { z } from 'zod';
import { AREAS, ROUTES, type Area, type RobotsClass, type RouteId } from '@/lib/routing/routes';
import { isOwnHostName } from '@/lib/seo/own-hosts';
import { normalizeHost } from '@/lib/text/host-name';
import { WORLD_COOKIE } from '@/lib/worlds/choose-world';
import { DEFAULT_WORLD, isWorldCode, type WorldCode } from '@/lib/worlds/worlds';

/**
 * The internal request header that carries a request's resolution from the front door to the
 * proxy and to the dynamic pages behind it. Only the front door writes it: it removes whatever a
 * client sent before anything reads it (preRoute, and the door's upgrade handling).
 */
export const RESOLUTION_HEADER = 'x-kreide-resolution';

/**
 * The seller's cabinet pages, kept rendered per session (lib/http/private-pages.ts). A seller
 * of 2,000 materials and 50,000 sales costs Next 20–50 ms of one core per render of these pages,
 * and sellers reload them all day; served from memory they cost the session check and a copy.
 * Only pages whose every datum is expired by a tag are here: the seller's own writes (any API
 * write of theirs, see expireAccountPages), and what others change for them — sales, refunds,
 * moderation, previews, payout runs — through the seller tag (lib/cache/invalidate.ts). One
 * exception, the favourites page: its list is the account's own (every heart, remove and merge
 * expires it), but its cards show other people's materials, whose title or price an author's
 * change reaches only after PRIVATE_PAGE_TTL_MS (60 s); the cart and payment show them fresh.
 * The folder page likewise: folders, placements, favourites and own materials are the account's
 * writes, a purchase or refund expires the buyer's pages (lib/cache/footprint.ts
 * orderCabinetTags), and only other people's titles and visibility wait for the 60 s.
 */
export const PRIVATELY_CACHED_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'cabinet-materials',
  'cabinet-upload',
  'cabinet-first-upload',
  'cabinet-sales',
  'cabinet-evaluation',
  'cabinet-fees',
  'favourites',
  'cabinet-folders',
]);

/**
 * Which of the front door's page stores may answer the request: the public HTML cache (pages for
 * 300 s, search results for 60 s), the private page cache of a seller's session, or none.
 */
export type PageCachePolicy = 'public-page' | 'public-search' | 'private-page' | 'none';

/** What everything after the front door needs to know about a request, worked out once. */
export interface RequestResolution {
  /**
   * The request's host when it is not one of Kreide's own: a candidate author domain, which the
   * proxy's author-domain map confirms or not. Null for Kreide's own names.
   */
  authorDomainHost: string | null;
  /**
   * The path Next is handed (without the query): whoever reads the header checks it is theirs.
   * For a path that cannot be decoded, the not-found page the front door sends it to instead.
   */
  path: string;
  /** The world the path starts with; null for world-less paths, which the proxy resolves. */
  world: WorldCode | null;
  /** The path after the world, decoded, as Next renders it (a mailed token already masked). */
  segments: string[];
  /** The route of the path in the world's own wording, or null. */
  route: RouteId | null;
  params: RouteParams;
  area: Area | null;
  robots: RobotsClass | null;
  cache: PageCachePolicy;
}

/** The host when it is not Kreide's own (nor missing): a name only an author's domain can be. */
function authorDomainHostOf(host: string | undefined | null): string | null {
  const normalized = normalizeHost(host);
  return normalized === '' || isOwnHostName(normalized) ? null : normalized;
}

/** The page-store policy of a route. */
function cachePolicyOf(match: RouteMatch): PageCachePolicy {
  if (match.route.area === 'public') return match.route.id === 'search' ? 'public-search' : 'public-page';
  return PRIVATELY_CACHED_ROUTES.has(match.route.id) ? 'private-page' : 'none';
}

const REMEMBERED_WORLD = new RegExp(`(?:^|;\\s*)${WORLD_COOKIE}=([a-z]{2})(?:;|$)`);

/** The internal path that answers a broken path: the world's translated 404 page (no route has the word `404`), or the API's 404. */
function notFoundPathFor(first: string | undefined, cookie: string | undefined): string {
  // The API's own catch-all answers 404 in the error shape.
  if (first === 'api') return '/api/not-found';
  const remembered = REMEMBERED_WORLD.exec(cookie ?? '')?.[1];
  const world = isWorldCode(first) ? first : isWorldCode(remembered) ? remembered : DEFAULT_WORLD;
  return `/${world}/404`;
}

/**
 * Resolves a request from its path (without the query), Host header and Cookie header: the only
 * place the routing table is consulted for a world-prefixed path on its way through the front
 * door. A path that cannot be decoded (`%FF`, `%E0%A4%A`, a NUL) names no page of ours; Next
 * would fail on it with a 500 while matching dynamic segments, so it resolves to the world's
 * not-found page (the remembered world's for a world-less path), whose path the door renders.
 */
export function resolveRequest(
  pathname: string,
  host: string | undefined | null,
  cookie?: string | null,
): RequestResolution {
  const authorDomainHost = authorDomainHostOf(host);
  const raw = pathname.split('/').filter(Boolean);
  const decoded = pathname.includes('%') ? decodePathSegments(raw) : raw;
  if (decoded === null) {
    const notFoundPath = notFoundPathFor(raw[0], cookie ?? undefined);
    const [first, ...segments] = notFoundPath.split('/').filter(Boolean);
    return resolutionOf(authorDomainHost, notFoundPath, isWorldCode(first) ? first : null, segments, null);
  }
  const first = raw[0];
  const segments = decoded.slice(1);
  if (!isWorldCode(first)) return resolutionOf(authorDomainHost, pathname, null, segments, null);
  return resolutionOf(authorDomainHost, pathname, first, segments, matchRoute(first, segments));
}

/**
 * A resolution written out as one literal: every request of the front door builds one, and
 * spreading a fresh object into another (`{ ...base, world }`) took V8 about 2 µs a time here,
 * which made resolving a path 4.3 µs instead of 0.7 µs.
 */
function resolutionOf(
  authorDomainHost: string | null,
  path: string,
  world: WorldCode | null,
  segments: string[],
  match: RouteMatch | null,
): RequestResolution {
  return {
    authorDomainHost,
    path,
    world,
    segments,
    route: match ? match.route.id : null,
    params: match ? match.params : {},
    area: match ? match.route.area : null,
    robots: match ? match.route.robots : null,
    cache: match ? cachePolicyOf(match) : 'none',
  };
}

/**
 * The route a world-less path names in `world`, in its own or another world's wording: the proxy
 * redirects it into that world. Only the proxy sees world-less paths, so it resolves them itself.
 */
export function resolveWorldlessPath(world: WorldCode, segments: string[]): RouteMatch | null {
  return matchRoute(world, segments) ?? matchForeignRoute(world, segments);
}

/**
 * The resolution the front door handed on with the request. A request that did not pass the door
 * (a unit test calling the proxy) is resolved here by the same function.
 */
export function handedOnResolution(headers: { get(name: string): string | null }, pathname: string): RequestResolution {
  const handedOn = decodeResolution(headers.get(RESOLUTION_HEADER));
  if (handedOn?.path === pathname) return handedOn;
  return resolveRequest(pathname, headers.get('host'), headers.get('cookie'));
}

/** The header value of a resolution (JSON; percent-encoded, as header values are bytes). */
export function encodeResolution(resolution: RequestResolution): string {
  return encodeURIComponent(JSON.stringify(resolution));
}

/** What a resolution header may hold: exactly the fields of a resolution, each of its kind. */
const resolutionSchema = z.strictObject({
  authorDomainHost: z.string().nullable(),
  path: z.string(),
  world: z.custom<WorldCode>((value) => typeof value === 'string' && isWorldCode(value)).nullable(),
  segments: z.array(z.string()),
  route: z.custom<RouteId>((value) => typeof value === 'string' && ROUTE_IDS.has(value)).nullable(),
  // A param is one segment, or several for a pattern's last `:name*`.
  params: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  area: z.enum(AREAS).nullable(),
  robots: z.enum(['index', 'noindex-follow', 'noindex-nofollow']).nullable(),
  cache: z.enum(['public-page', 'public-search', 'private-page', 'none']),
});

const ROUTE_IDS = new Set<string>(ROUTES.map((route) => route.id));

/**
 * The resolution a request carries, or null when it carries none or anything but a resolution
 * (unknown fields, a route or world that does not exist): the reader then resolves the request
 * itself. The front door strips the header from every incoming request, so what is here is its
 * own. It carries routing only, never who is asking: pages read the session from the cookie.
 */
export function decodeResolution(value: string | null | undefined): RequestResolution | null {
  if (!value) return null;
  try {
    const parsed = resolutionSchema.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? (parsed.data as RequestResolution) : null;
  } catch {
    return null;
  }
}
