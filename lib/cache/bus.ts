import { getHtmlCache } from '@/lib/http/html-cache';
import { getPrivatePageCache, purgePrivatePages } from '@/lib/http/private-page-cache';
import { purgeHtmlPages } from './html-purge';
import { CacheListener } from './listener';
import { TAGS, isPagesOnlyTag } from './tags';
import { expireAll, expireTags } from './tag-store.cjs';

// The listener is started by server.ts but published to from route code, which Next bundles in a
// module graph of its own: the one instance per process lives on globalThis.
const LISTENER = Symbol.for('kreide.cache.listener');
const holder = globalThis as unknown as Record<symbol, CacheListener | undefined>;

/**
 * Expires `tags` in this process: Next's cached data and pages (the tag store its cache handler
 * reads) and the in-process HTML caches, public and private. `*` expires everything.
 */
export function applyTagsLocally(tags: readonly string[]): void {
  if (tags.includes(TAGS.all)) return expireEverythingLocally();
  const dataTags = tags.filter((tag) => !isPagesOnlyTag(tag));
  if (dataTags.length > 0) {
    expireTags(dataTags);
    purgeHtmlPages(getHtmlCache(), dataTags);
  }
  purgePrivatePages(tags);
}

/** Expires everything cached in this process (invalidations may have been missed). */
export function expireEverythingLocally(): void {
  expireAll();
  getHtmlCache().purge();
  getPrivatePageCache().purge();
}

/** Sends `tags` to the other Kreide processes; without a listener (embedded database) a no-op. */
export async function publishTags(tags: readonly string[]): Promise<void> {
  await holder[LISTENER]?.publish(tags);
}

/**
 * Starts this process's share of cross-process invalidation (call once, after migrations, when
 * DATABASE_URL is set): LISTENs for invalidations of other processes and applies them here, and
 * sends this process's own invalidations to them. On the embedded database there is one process
 * and nothing to start (pglite-socket does not route NOTIFY between clients anyway).
 */
export async function startCacheListener(databaseUrl: string): Promise<void> {
  if (holder[LISTENER]) return;
  const listener = new CacheListener({
    databaseUrl,
    onTags: applyTagsLocally,
    onGap: expireEverythingLocally,
  });
  holder[LISTENER] = listener;
  await listener.start();
}

/** Stops listening and closes the listener's connections (shutdown). */
export async function stopCacheListener(): Promise<void> {
  const listener = holder[LISTENER];
  holder[LISTENER] = undefined;
  await listener?.stop();
}
