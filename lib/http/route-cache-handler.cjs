// Next's cache handler (next.config `cacheHandler`): its page cache (App Router pages, route
// handlers) and its data cache (`unstable_cache`, whose entries arrive here as kind FETCH) in
// memory, bounded, with tag expiry that works outside a request.
// - Nothing goes to disk. Next's own file-system cache wrote every distinct page it rendered,
//   404s and pages of any made-up parameter included, under .next: anyone could fill the disk.
//   Here a 404 goes into a small pool of its own, so made-up paths cannot push real pages out.
// - Tags: each entry remembers its tags (a page: the `x-next-cache-tags` Next stores with it,
//   which holds the tags of every cached read the render made plus Next's implicit path tags; a
//   data entry: the tags of its read, and the page's implicit tags at lookup). An entry made
//   before one of its tags last changed is a miss. When the tags changed lives in the tag store
//   (lib/cache/tag-store.cjs), process-wide, written by lib/cache (this process's changes and
//   those of other processes, by NOTIFY) and by Next's revalidateTag through this handler. Next's
//   revalidateTag alone cannot do it: it throws outside a request.
// - "Made" means when its render began (the first lookup that missed or found it stale), not
//   when it was stored: a render that read the data before a change and finished after it must
//   not count as newer than the change.
// - Pages prerendered by `next build` are not read from .next: each is rendered on its first
//   request instead, once per process.
// - Every tag of an entry a page render looks up or stores is noted in that request's recording
//   (lib/cache/render-tags.cjs): the page store files the finished page under them.
// Next makes a new handler per request: the entries are process-wide state (lib/process-wide.cjs),
// one store per process.
// Plain CommonJS: Next loads this file at run time, outside its bundler.
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by Next outside its bundler */
const { expireTags, isExpired } = require('../cache/tag-store.cjs');
const { processWide } = require('../process-wide.cjs');
const { Lru } = require('../cache/lru.cjs');
const { noteRenderTags } = require('../cache/render-tags.cjs');
/* eslint-enable @typescript-eslint/no-require-imports */

const TAGS_HEADER = 'x-next-cache-tags';
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 20_000;
/** The share of entries and bytes 404 pages may take. */
const NOT_FOUND_SHARE = 0.1;
/** Renders in flight are remembered this long at most (and this many at once). */
const PENDING_MAX_MS = 60_000;
const MAX_PENDING = 10_000;

/**
 * The process's store (its pages, its not-found pages, the renders in flight) as `slot.state`,
 * so that tests can start it afresh.
 */
const slot = processWide(
  'next-cache-handler',
  () => /** @type {{ state?: { pages: Lru, notFound: Lru, pending: Map<string, number> } }} */ ({}),
);

/** The process's store, made by the first handler with the configured memory size. */
function getState(maxBytes) {
  if (!slot.state) {
    const bytes = maxBytes || DEFAULT_MAX_BYTES;
    slot.state = {
      pages: new Lru(MAX_ENTRIES, bytes),
      notFound: new Lru(Math.floor(MAX_ENTRIES * NOT_FOUND_SHARE), Math.floor(bytes * NOT_FOUND_SHARE)),
      /** @type {Map<string, number>} key → when the render that will store it began */
      pending: new Map(),
    };
  }
  return slot.state;
}

/** True for a rendered page (App Router or Pages) whose status is 404. */
function isNotFoundPage(data) {
  return !!data && (data.kind === 'APP_PAGE' || data.kind === 'PAGES') && data.status === 404;
}

/** The tags a page or route response was stored with. */
function responseTags(data) {
  const header = data && data.headers ? data.headers[TAGS_HEADER] : undefined;
  return typeof header === 'string' && header ? header.split(',') : [];
}

/** Roughly the bytes an entry holds (the measure Next's own memory cache uses). */
function sizeOf(key, data) {
  let size = 25;
  if (data) {
    switch (data.kind) {
      case 'APP_PAGE': {
        size = String(data.html ?? '').length + (data.rscData?.length ?? 0) + (data.postponed?.length ?? 0);
        if (data.segmentData) for (const [path, buffer] of data.segmentData) size += path.length + buffer.length;
        break;
      }
      case 'PAGES':
        size = String(data.html ?? '').length + (JSON.stringify(data.pageData ?? {})?.length ?? 0);
        break;
      case 'APP_ROUTE':
        size = data.body?.length ?? 0;
        break;
      case 'FETCH':
        size = typeof data.data?.body === 'string' ? data.data.body.length : JSON.stringify(data.data ?? '').length;
        break;
      default:
        size = JSON.stringify(data.props ?? data).length;
    }
  }
  return key.length + size + 200;
}

/**
 * Whether Next will find this entry past its revalidate time (and render it again, then store
 * it): the render begins now. Unknown lifetimes count as past.
 */
function staleByTime(entry, ctx, now) {
  const revalidate =
    entry.value && entry.value.kind === 'FETCH'
      ? (ctx && ctx.revalidate) || entry.value.revalidate
      : entry.cacheControl && entry.cacheControl.revalidate;
  if (revalidate === false) return false;
  if (typeof revalidate !== 'number') return true;
  return now - entry.lastModified > revalidate * 1000;
}

class RouteCacheHandler {
  /** @param {{ maxMemoryCacheSize?: number }} [ctx] */
  constructor(ctx) {
    this.state = getState(ctx && ctx.maxMemoryCacheSize);
  }

  async get(key, ctx) {
    const now = Date.now();
    // A data read names its tags whether it is found or not: the page rendering it shows that data.
    if (ctx && ctx.kind === 'FETCH') noteRenderTags(ctx.tags);
    const entry = this.state.pages.get(key) ?? this.state.notFound.get(key);
    if (!entry) {
      this.renderBegins(key, now);
      return null;
    }
    const tags =
      ctx && ctx.kind === 'FETCH' ? [...entry.tags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : entry.tags;
    if (isExpired(tags, entry.since)) {
      this.state.pages.delete(key);
      this.state.notFound.delete(key);
      this.renderBegins(key, now);
      return null;
    }
    noteRenderTags(entry.tags);
    if (staleByTime(entry, ctx, now)) this.renderBegins(key, now);
    else this.state.pending.delete(key);
    return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
  }

  async set(key, data, ctx) {
    const now = Date.now();
    const pending = this.state.pending;
    const began = pending.get(key);
    pending.delete(key);
    const since = began !== undefined && now - began <= PENDING_MAX_MS ? began : now;
    const tags = data && data.kind === 'FETCH' ? [...((ctx && ctx.tags) || [])] : responseTags(data);
    noteRenderTags(tags);
    this.state.pages.delete(key);
    this.state.notFound.delete(key);
    // A tag changed while this was rendered: it may hold the data from before the change.
    if (isExpired(tags, since)) return;
    const entry = {
      value: data,
      lastModified: now,
      since,
      tags,
      cacheControl: ctx && !ctx.fetchCache ? ctx.cacheControl : undefined,
      bytes: sizeOf(key, data),
    };
    (isNotFoundPage(data) ? this.state.notFound : this.state.pages).set(key, entry);
  }

  /**
   * Next's revalidateTag (in a route handler or server action) ends here when the request ends.
   * Every revalidation expires at once: an entry is never served stale after its tag changed.
   */
  async revalidateTag(tags) {
    expireTags(typeof tags === 'string' ? [tags] : tags);
  }

  resetRequestCache() {}

  renderBegins(key, now) {
    const pending = this.state.pending;
    if (pending.has(key)) {
      // An older mark from a render that never stored anything does not count.
      if (now - pending.get(key) <= PENDING_MAX_MS) return;
      pending.delete(key);
    }
    pending.set(key, now);
    while (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value);
  }
}

/** Forgets every entry (tests only). */
function resetRouteCache() {
  slot.state = undefined;
}

module.exports = RouteCacheHandler;
module.exports.isNotFoundPage = isNotFoundPage;
module.exports.resetRouteCache = resetRouteCache;
