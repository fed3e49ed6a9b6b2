import fs from 'node:fs';
import { IncrementalCache } from 'next/dist/server/lib/incremental-cache';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the handler is plain CommonJS, loaded by Next at run time
const RouteCacheHandler = require('@/lib/http/route-cache-handler.cjs');

/** The file-system interface Next hands its cache handlers. */
export function nodeFs() {
  return {
    readFile: fs.promises.readFile,
    writeFile: fs.promises.writeFile,
    stat: fs.promises.stat,
    mkdir: (folder: string) => fs.promises.mkdir(folder, { recursive: true }),
    existsSync: fs.existsSync,
    readFileSync: fs.readFileSync,
  };
}

/**
 * Next's IncrementalCache over our cache handler, as a built app makes it: put it on
 * `globalThis.__incrementalCache` and Next's own `unstable_cache` reads through it outside a
 * render. `dir` is where Next would write its files (nothing should arrive there).
 */
export function incrementalCacheOverOurHandler(dir: string): IncrementalCache {
  return new IncrementalCache({
    fs: nodeFs() as never,
    dev: false,
    flushToDisk: true,
    serverDistDir: dir,
    requestHeaders: {},
    maxMemoryCacheSize: 10_000_000,
    previewProps: { previewModeId: 'p', previewModeSigningKey: 's', previewModeEncryptionKey: 'e' },
    prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} } as never,
    CurCacheHandler: RouteCacheHandler,
  });
}

/** Forgets every entry of our cache handler's process-wide store (each test starts empty). */
export function resetRouteCache(): void {
  RouteCacheHandler.resetRouteCache();
}
