import { getPageStore } from '@/lib/http/page-store';
import { CacheListener } from './listener';
import { TAGS, isPagesOnlyTag } from './tags';
import { processWide } from '@/lib/process-wide.cjs';
import { expireAll, expireTags } from './tag-store.cjs';

// The listener is started by server.ts but published to from route code, which Next bundles in a
// module graph of its own: one listener per process, whichever graph asks.
const started = processWide('cache-listener', (): { listener?: CacheListener } => ({}));

/** Who else keeps state that the tags describe (the search index), whichever graph registered. */
const watchers = processWide('cache-tag-watchers', () => new Set<(tags: readonly string[]) => void>());

/**
 * Calls `watch` with the tags of every invalidation applied in this process (its own and those of
 * other processes), after the caches expired them. Returns the function that stops watching.
 */
export function watchAppliedTags(watch: (tags: readonly string[]) => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

/**
 * Expires `tags` in this process: Next's cached data and pages (the tag store its cache handler
 * reads) and the stored pages, public and private, filed under them (lib/http/page-store.ts).
 * `*` expires everything.
 */
export function applyTagsLocally(tags: readonly string[]): void {
  if (tags.includes(TAGS.all)) expireEverythingLocally();
  else {
    const dataTags = tags.filter((tag) => !isPagesOnlyTag(tag));
    if (dataTags.length > 0) expireTags(dataTags);
    getPageStore().purge(tags);
  }
  for (const watch of watchers) watch(tags);
}

/** Expires everything cached in this process (invalidations may have been missed). */
export function expireEverythingLocally(): void {
  expireAll();
  getPageStore().purgeAll();
}

/** Sends `tags` to the other Kreide processes; without a listener (embedded database) a no-op. */
export async function publishTags(tags: readonly string[]): Promise<void> {
  await started.listener?.publish(tags);
}

/**
 * Starts this process's share of cross-process invalidation (call once, after migrations, when
 * DATABASE_URL is set): LISTENs for invalidations of other processes and applies them here, and
 * sends this process's own invalidations to them. On the embedded database there is one process
 * and nothing to start (pglite-socket does not route NOTIFY between clients anyway).
 */
export async function startCacheListener(databaseUrl: string): Promise<void> {
  if (started.listener) return;
  const listener = new CacheListener({
    databaseUrl,
    onTags: applyTagsLocally,
    onGap: expireEverythingLocally,
  });
  started.listener = listener;
  await listener.start();
}

/** Stops listening and closes the listener's connections (shutdown). */
export async function stopCacheListener(): Promise<void> {
  const listener = started.listener;
  started.listener = undefined;
  await listener?.stop();
}
