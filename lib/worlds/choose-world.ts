import { DEFAULT_WORLD, isWorldCode, type WorldCode } from './worlds';

/** Everything a request can tell about which world a visitor wants, in the order they count. */
export interface WorldHints {
  /** World of the author whose custom domain was requested. */
  authorDomainWorld?: string | null;
  /** First segment of the URL path. */
  firstPathSegment?: string | null;
  /** Last visited world from the cookie (server) or local storage (browser). */
  rememberedWorld?: string | null;
}

export interface WorldChoice {
  world: WorldCode;
  source: 'author-domain' | 'path' | 'remembered' | 'default';
}

/**
 * Chooses the world in this order: author custom domain, first path segment,
 * last visited world, then de. Invalid hints are skipped, never trusted.
 */
export function chooseWorld(hints: WorldHints): WorldChoice {
  if (isWorldCode(hints.authorDomainWorld)) return { world: hints.authorDomainWorld, source: 'author-domain' };
  if (isWorldCode(hints.firstPathSegment)) return { world: hints.firstPathSegment, source: 'path' };
  if (isWorldCode(hints.rememberedWorld)) return { world: hints.rememberedWorld, source: 'remembered' };
  return { world: DEFAULT_WORLD, source: 'default' };
}

/** Name of the cookie (and local storage key) that remembers the last visited world. */
export const WORLD_COOKIE = 'kreide_world';
/** The world cookie is kept 30 days, the default for stored cookies. */
export const WORLD_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Cookie holding a path the visitor should be sent to when opening `/`. */
export const TARGET_PATH_COOKIE = 'kreide_target';
