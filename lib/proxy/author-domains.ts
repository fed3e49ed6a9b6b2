import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

export interface AuthorDomain {
  domain: string;
  authorId: number;
  world: string;
}

const REFRESH_MS = 60_000;
const holder = globalThis as typeof globalThis & {
  __kreideAuthorDomains?: { map: Map<string, AuthorDomain>; loadedAt: number; loading?: Promise<void> };
};

async function load(): Promise<void> {
  const rows = await getDb().select({ domain: t.authorDomains.domain, authorId: t.authorDomains.authorId, world: t.authorDomains.world }).from(t.authorDomains);
  holder.__kreideAuthorDomains = { map: new Map(rows.map((r) => [r.domain.toLowerCase(), r])), loadedAt: Date.now() };
}

/**
 * The author custom domains, from an in-memory map: loaded once, then refreshed in the background
 * every minute — the proxy never waits for the database on a normal request (DESIGN §3).
 */
export async function findAuthorDomain(hostname: string): Promise<AuthorDomain | undefined> {
  const cache = holder.__kreideAuthorDomains;
  if (!cache) {
    try {
      await load();
    } catch (error) {
      console.error('author domains could not be loaded:', (error as Error).message);
      return undefined;
    }
  } else if (Date.now() - cache.loadedAt > REFRESH_MS && !cache.loading) {
    cache.loading = load()
      .catch((error: Error) => console.error('author domains refresh failed:', error.message))
      .finally(() => {
        if (holder.__kreideAuthorDomains) holder.__kreideAuthorDomains.loading = undefined;
      });
  }
  return holder.__kreideAuthorDomains?.map.get(hostname.toLowerCase());
}

/** Forget the cached map (after a domain changes, and in tests). */
export function forgetAuthorDomains(): void {
  holder.__kreideAuthorDomains = undefined;
}
