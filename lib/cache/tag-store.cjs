// When each cache tag last changed, for this process. Next loads its cache handler
// (lib/http/route-cache-handler.cjs) in a module graph of its own, apart from the app's bundled
// code and from server.ts, so the timestamps are process-wide state (lib/process-wide.cjs):
// whichever graph writes them (an invalidation in a route, a NOTIFY from another process, Next's
// own revalidateTag), the handler reads the same ones.
// Plain CommonJS: the handler is loaded by Next at run time, outside its bundler and any
// TypeScript loader. Typed by tag-store.d.cts.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loaded by Next outside its bundler
const { processWide } = require('../process-wide.cjs');

/** How many tag timestamps are kept before the oldest half is folded into the floor. */
const MAX_TAGS = 100_000;

/** @type {{ expiredAt: Map<string, number>, floor: number }} */
const tagStore = processWide('tag-store', () => ({ expiredAt: new Map(), floor: 0 }));

/**
 * Marks `tags` as changed at `at` (now): anything stored under one of them before that is out of
 * date. Bounded: past MAX_TAGS timestamps the oldest half is dropped and the floor raised to the
 * newest dropped one, so entries older than that count as expired. Dropping a timestamp without
 * raising the floor would let an entry older than it come back to life.
 * @param {Iterable<string>} tags
 * @param {number} [at]
 */
function expireTags(tags, at = Date.now()) {
  const { expiredAt } = tagStore;
  for (const tag of tags) {
    // Re-inserted so the Map stays ordered by time, oldest first.
    expiredAt.delete(tag);
    expiredAt.set(tag, at);
  }
  if (expiredAt.size > MAX_TAGS) {
    let dropped = 0;
    for (const [tag, time] of expiredAt) {
      if (dropped >= MAX_TAGS / 2) break;
      expiredAt.delete(tag);
      tagStore.floor = Math.max(tagStore.floor, time);
      dropped++;
    }
  }
}

/**
 * Marks everything as changed at `at` (now): used when invalidations may have been missed, e.g.
 * after the NOTIFY connection was lost for a while.
 * @param {number} [at]
 */
function expireAll(at = Date.now()) {
  tagStore.floor = Math.max(tagStore.floor, at);
  for (const [tag, time] of tagStore.expiredAt) if (time <= tagStore.floor) tagStore.expiredAt.delete(tag);
}

/**
 * True when an entry made at `since` under `tags` is out of date: one of its tags (or
 * everything) changed at or after that moment. Equal times count as changed: a render and an
 * invalidation in the same millisecond cannot be ordered.
 * @param {Iterable<string>} tags
 * @param {number} since
 */
function isExpired(tags, since) {
  if (since <= tagStore.floor) return true;
  for (const tag of tags) {
    const at = tagStore.expiredAt.get(tag);
    if (at !== undefined && at >= since) return true;
  }
  return false;
}

/** The timestamp of one tag (or undefined), for tests and diagnostics. @param {string} tag */
function expiredAt(tag) {
  return tagStore.expiredAt.get(tag);
}

/** Forgets every timestamp (tests only). */
function resetTagStore() {
  tagStore.expiredAt.clear();
  tagStore.floor = 0;
}

module.exports = { expireTags, expireAll, isExpired, expiredAt, resetTagStore, MAX_TAGS };
