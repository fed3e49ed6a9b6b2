import { WORLD_CODES } from '@/lib/worlds/worlds';
import { localizeWord } from './localized-routes';
import { ROUTES, type Area } from './routes';

/** An area with a folder of its own: every area but the public pages of the catch-all route. */
export type FolderArea = Exclude<Area, 'public'>;

/**
 * The internal folder of each area under `app/[world]/`. The proxy rewrites an area's localised
 * paths here; asked for directly from outside, these paths answer 404. No localised word of the
 * routing table may equal one of them (a test checks).
 */
export const AREA_SEGMENTS: Record<FolderArea, string> = {
  account: 'area-account',
  shopping: 'area-shopping',
  cabinet: 'area-cabinet',
  school: 'area-school',
  admin: 'area-admin',
};

const AREA_BY_SEGMENT = new Map(Object.entries(AREA_SEGMENTS).map(([area, segment]) => [segment, area as FolderArea]));

/** The area whose internal folder this path segment names, if any. */
export function areaOfSegment(segment: string | undefined): FolderArea | undefined {
  return segment === undefined ? undefined : AREA_BY_SEGMENT.get(segment);
}

/**
 * Areas a visitor must be signed in for: the anonymous visitor is sent to the login page (307)
 * before anything of the area renders. Account entry and shopping work without an account
 * (anonymous carts and favourites).
 */
export const SIGN_IN_AREAS: ReadonlySet<FolderArea> = new Set(['cabinet', 'school', 'admin']);

/**
 * Every first path word of an area route, in every world's wording, plus the internal folder
 * segments: the proxy's matcher lists exactly these (generated into proxy.ts by
 * scripts/generate-proxy-matcher.ts and kept equal by lib/proxy/matcher.test.ts). A public
 * route may share a first word with an area route (`ki-tools`, `interactive`); the proxy's
 * lookup tells them apart.
 */
export function areaFirstWords(): string[] {
  const words = new Set<string>(Object.values(AREA_SEGMENTS));
  for (const route of ROUTES) {
    if (route.area === 'public') continue;
    const first = route.de.split('/')[0]!;
    for (const world of WORLD_CODES) words.add(localizeWord(world, first));
  }
  return [...words].sort();
}
