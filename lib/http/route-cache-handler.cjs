// Next's incremental cache for pages, with one change: a not-found answer is never written to
// disk. Every distinct 404 path (`/de/zz`, `/de/material/999999/x`, …) used to add ~116 KB of
// files under .next, so anyone could fill the disk by asking for paths that do not exist.
// A 404 still goes into Next's in-memory cache, which is a bounded LRU (cacheMaxMemorySize),
// so a hot missing path is not re-rendered on every request.
// Plain CommonJS: Next loads this file at run time, outside its bundler.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loaded by Next outside its bundler
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache').default;

/** True for a rendered page (App Router or Pages) whose status is 404. */
function isNotFoundPage(data) {
  return !!data && (data.kind === 'APP_PAGE' || data.kind === 'PAGES') && data.status === 404;
}

class RouteCacheHandler extends FileSystemCache {
  set(key, data, ctx) {
    if (!isNotFoundPage(data)) return super.set(key, data, ctx);
    // FileSystemCache.set reads flushToDisk before its first await, so flipping it around the
    // synchronous part of the call affects this call only.
    const flushToDisk = this.flushToDisk;
    this.flushToDisk = false;
    try {
      return super.set(key, data, ctx);
    } finally {
      this.flushToDisk = flushToDisk;
    }
  }
}

module.exports = RouteCacheHandler;
module.exports.isNotFoundPage = isNotFoundPage;
