import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { processWide } from '@/lib/process-wide.cjs';
import { normalizeHost } from '@/lib/text/host-name';

export interface AuthorDomain {
  domain: string;
  authorId: number;
  world: string;
}

const REFRESH_MS = 60_000;

interface AuthorDomainMap {
  map: Map<string, AuthorDomain>;
  loadedAt: number;
}

// Process-wide, not in this module: the proxy (bundled by Next) and server.ts (pre-route, run
// by tsx) each have their own copy of this file but run in one process, and share one map.
const domains = processWide('author-domains', (): { loaded?: AuthorDomainMap; loading?: Promise<void> } => ({}));

/** Replaces the map with these rows (after a load, and in tests). */
export function rememberAuthorDomains(rows: readonly AuthorDomain[]): void {
  domains.loaded = { map: new Map(rows.map((r) => [normalizeHost(r.domain), r])), loadedAt: Date.now() };
}

/** Loads the map once at a time: callers that come while a load runs share it. */
function load(): Promise<void> {
  domains.loading ??= (async () => {
    try {
      const rows = await getDb()
        .select({ domain: t.authorDomains.domain, authorId: t.authorDomains.authorId, world: t.authorDomains.world })
        .from(t.authorDomains);
      rememberAuthorDomains(rows);
    } finally {
      domains.loading = undefined;
    }
  })();
  return domains.loading;
}

function refreshInBackground(): void {
  load().catch((error: Error) => console.error('author domains could not be loaded:', error.message));
}

/**
 * The author custom domains, from an in-memory map: loaded once, then refreshed in the background
 * every minute — the proxy never waits for the database on a normal request. The host
 * may come straight from the Host header: it is normalised here (see normalizeHost).
 */
export async function findAuthorDomain(host: string): Promise<AuthorDomain | undefined> {
  const cache = domains.loaded;
  if (!cache) {
    try {
      await load();
    } catch (error) {
      console.error('author domains could not be loaded:', (error as Error).message);
      return undefined;
    }
  } else if (Date.now() - cache.loadedAt > REFRESH_MS) {
    refreshInBackground();
  }
  return domains.loaded?.map.get(normalizeHost(host));
}

/**
 * The same lookup for code that may not wait at all (server.ts before Next): answers from the map
 * as it is and starts a load in the background when there is none yet or it is old. `ready` is
 * false until the first load has finished — the caller decides what an unknown host means then.
 */
export function peekAuthorDomain(host: string): { ready: false } | { ready: true; domain: AuthorDomain | undefined } {
  const cache = domains.loaded;
  if (!cache || Date.now() - cache.loadedAt > REFRESH_MS) refreshInBackground();
  return cache ? { ready: true, domain: cache.map.get(normalizeHost(host)) } : { ready: false };
}

/** Forget the cached map (after a domain changes, and in tests). */
export function forgetAuthorDomains(): void {
  domains.loaded = undefined;
}
