// The one sanctioned place for state a Kreide process holds once. One process runs four module
// graphs, each with its own copy of every module it loads: server.ts (run by tsx), Next's bundled
// proxy, Next's bundled app, and the cache handler Next requires at run time outside its bundler.
// Module-level state would exist once per graph; what must exist once per process lives on
// globalThis under a Symbol.for key, and only through processWide below.
// Plain CommonJS, so that every graph can load it: the cache handler has no TypeScript loader.
// No `server-only` here: that package throws in server.ts's graph. Typed by process-wide.d.cts.

/**
 * Every piece of process-wide state: its name, the module that owns it (the only one that reads
 * or changes it; everyone else calls that module) and why one per process.
 */
const PROCESS_WIDE_STATE = Object.freeze({
  database: 'lib/db/client.ts: the connection pool, one per process whichever graph queries',
  jobs: 'lib/jobs/queue.ts: the pg-boss queue server.ts starts and routes enqueue through, and its settings',
  'cache-listener': 'lib/cache/bus.ts: the LISTEN/NOTIFY connection server.ts starts and route code publishes to',
  'tag-store':
    'lib/cache/tag-store.cjs: when each cache tag last changed, written by lib/cache, read by the cache handler',
  'next-cache-handler':
    "lib/http/route-cache-handler.cjs: Next's page and data cache (Next makes a handler per request)",
  'page-store':
    'lib/http/page-store.ts: rendered pages server.ts serves, public and private, purged by route code and NOTIFY',
  'render-tags':
    "lib/cache/render-tags.cjs: the tags of the reads each page render makes, noted by Next's cache handler",
  'author-domains': 'lib/proxy/author-domains.ts: the author-domain map both server.ts and the proxy look hosts up in',
  'session-secret': 'lib/accounts/session-secret.ts: the cookie secret, read from DATA_DIR once',
  'cache-tag-watchers':
    'lib/cache/bus.ts: who is told of applied invalidations (the search index started by server.ts, tags applied by routes)',
  'search-index':
    'lib/search/index-sync.ts: the in-memory search index, built and kept current by server.ts, searched by routes',
});

/**
 * The one value of `name` in this process: made by `create` on the first call in any module
 * graph, the same object for every later call from any graph. State that changes is kept as
 * fields of that object (e.g. `{ connection: undefined }`), so every graph sees the changes.
 * @template T
 * @param {keyof typeof PROCESS_WIDE_STATE} name one of PROCESS_WIDE_STATE's names
 * @param {() => T} create
 * @returns {T}
 */
function processWide(name, create) {
  if (!Object.hasOwn(PROCESS_WIDE_STATE, name)) {
    throw new Error(`"${name}" is no process-wide state: list it in lib/process-wide.cjs first`);
  }
  const key = Symbol.for(`kreide.${name}`);
  const holder = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  if (!(key in holder)) holder[key] = create();
  return /** @type {T} */ (holder[key]);
}

module.exports = { processWide, PROCESS_WIDE_STATE };
