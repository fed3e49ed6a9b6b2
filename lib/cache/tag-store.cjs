// When each cache tag last changed, for this process. Next loads its cache handler
// (lib/http/route-cache-handler.cjs) in a module graph of its own, apart from the app's bundled
// code and from server.ts, so the timestamps live on globalThis: whichever graph writes them
// (an invalidation in a route, a NOTIFY from another process, Next's own revalidateTag), the
// handler reads the same ones.
// Plain CommonJS: the handler is loaded by Next at run time, outside its bundler and any
// TypeScript loader. Typed by tag-store.d.cts.

const STORE = Symbol.for('kreide.cache.tag-store');

/** How many tag timestamps are kept before the oldest half is folded into the floor. */
const MAX_TAGS = 100_000;

function store() {
  const holder = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  if (!holder[STORE]) holder[STORE] = { expiredAt: new Map(), floor: 0 };
  return /** @type {{ expiredAt: Map<string, number>, floor: number }} */ (holder[STORE]);
}

/**
 * Marks `tags` as changed at `at` (now): anything stored under one of them before that is out of
 * date. Bounded: past MAX_TAGS timestamps the oldest half is dropped and the floor raised to the
 * newest dropped one, so entries older than that count as expired. Dropping a timestamp without
 * raising the floor would let an entry older than it come back to life.
 * @param {Iterable<string>} tags
 * @param {number} [at]
 */
function expireTags(tags, at = Date.now()) {
  const { expiredAt } = store();
  for (const tag of tags) {
    // Re-inserted so the Map stays ordered by time, oldest first.
    expiredAt.delete(tag);
    expiredAt.set(tag, at);
  }
  if (expiredAt.size > MAX_TAGS) {
    const s = store();
    let dropped = 0;
    for (const [tag, time] of expiredAt) {
      if (dropped >= MAX_TAGS / 2) break;
      expiredAt.delete(tag);
      s.floor = Math.max(s.floor, time);
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
  const s = store();
  s.floor = Math.max(s.floor, at);
  for (const [tag, time] of s.expiredAt) if (time <= s.floor) s.expiredAt.delete(tag);
}

/**
 * True when an entry made at `since` under `tags` is out of date: one of its tags (or
 * everything) changed at or after that moment. Equal times count as changed: a render and an
 * invalidation in the same millisecond cannot be ordered.
 * @param {Iterable<string>} tags
 * @param {number} since
 */
function isExpired(tags, since) {
  const s = store();
  if (since <= s.floor) return true;
  for (const tag of tags) {
    const at = s.expiredAt.get(tag);
    if (at !== undefined && at >= since) return true;
  }
  return false;
}

/** The timestamp of one tag (or undefined), for tests and diagnostics. @param {string} tag */
function expiredAt(tag) {
  return store().expiredAt.get(tag);
}

/** Forgets every timestamp (tests only). */
function resetTagStore() {
  const s = store();
  s.expiredAt.clear();
  s.floor = 0;
}

module.exports = { expireTags, expireAll, isExpired, expiredAt, resetTagStore, MAX_TAGS };
