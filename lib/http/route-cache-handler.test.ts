import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unstable_cache } from 'next/dist/server/web/spec-extension/unstable-cache';
import { recordRenderTags } from '@/lib/cache/render-tags.cjs';
import { expireTags, resetTagStore } from '@/lib/cache/tag-store.cjs';
import { incrementalCacheOverOurHandler, nodeFs } from '@/tests/support/incremental-cache';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the handler is plain CommonJS, loaded by Next at run time
const RouteCacheHandler = require('./route-cache-handler.cjs');

interface Handler {
  set: (key: string, data: unknown, ctx: unknown) => Promise<void>;
  get: (key: string, ctx: unknown) => Promise<{ value: unknown; lastModified: number } | null>;
  revalidateTag: (tags: string | string[]) => Promise<void>;
}

function page(status: number, tags = '', html = '<html>page</html>') {
  return {
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from('rsc'),
    headers: tags ? { 'x-next-cache-tags': tags } : {},
    postponed: undefined,
    status,
    segmentData: undefined,
  };
}

const PAGE_SET = { cacheControl: { revalidate: 300, expire: 31536000 } };
const PAGE_GET = { kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false };
const fetchValue = (body: unknown) => ({
  kind: 'FETCH',
  data: { headers: {}, body: JSON.stringify(body), status: 200, url: '' },
  revalidate: 300,
});
/** Lets the clock move on, so "before" and "after" an invalidation are different milliseconds. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

let dir: string;
const handler = (maxMemoryCacheSize?: number): Handler =>
  new RouteCacheHandler({
    fs: nodeFs(),
    flushToDisk: true,
    serverDistDir: dir,
    revalidatedTags: [],
    maxMemoryCacheSize,
  });

const filesUnder = (root: string): string[] =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-route-cache-'));
  fs.mkdirSync(path.join(dir, 'app'), { recursive: true });
  RouteCacheHandler.resetRouteCache();
  resetTagStore();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the page cache', () => {
  it('keeps a not-found page in memory only, one missing path after another', async () => {
    const cache = handler();
    for (const key of ['/de/zz', '/de/zz2', '/de/material/999999/x']) await cache.set(key, page(404), PAGE_SET);
    expect(filesUnder(dir)).toEqual([]);
    // A new handler per request (as Next makes them) sees the same entries.
    expect((await handler().get('/de/zz', PAGE_GET))?.value).toMatchObject({ status: 404 });
  });

  it('serves a found page from memory and writes no file for it either', async () => {
    await handler().set('/de/material/1/x', page(200), PAGE_SET);
    expect(filesUnder(dir)).toEqual([]);
    const hit = await handler().get('/de/material/1/x', PAGE_GET);
    expect(hit?.value).toMatchObject({ status: 200, html: '<html>page</html>' });
    expect(await handler().get('/de/material/2/y', PAGE_GET)).toBeNull();
  });

  it('misses a page once one of its tags changed, and only then', async () => {
    const cache = handler();
    await cache.set('/de/autor/7/x', page(200, '_N_T_/layout,author:7,world:de'), PAGE_SET);
    await cache.set('/de/autor/8/y', page(200, '_N_T_/layout,author:8'), PAGE_SET);
    await tick();
    expireTags(['author:7']);
    await tick();
    expect(await cache.get('/de/autor/7/x', PAGE_GET)).toBeNull();
    expect(await cache.get('/de/autor/8/y', PAGE_GET)).not.toBeNull();
    // Rendered again after the change: served.
    await tick();
    await cache.set('/de/autor/7/x', page(200, '_N_T_/layout,author:7,world:de'), PAGE_SET);
    expect(await cache.get('/de/autor/7/x', PAGE_GET)).not.toBeNull();
  });

  it('counts an entry as made when its render began: a change during the render expires it', async () => {
    const cache = handler();
    expect(await cache.get('/de/material/3/z', PAGE_GET)).toBeNull(); // the render begins
    await tick();
    expireTags(['material:3']); // the data changes while it renders
    await tick();
    await cache.set('/de/material/3/z', page(200, 'material:3'), PAGE_SET);
    expect(await cache.get('/de/material/3/z', PAGE_GET)).toBeNull();
    // The next render began after the change.
    await tick();
    await cache.set('/de/material/3/z', page(200, 'material:3'), PAGE_SET);
    expect(await cache.get('/de/material/3/z', PAGE_GET)).not.toBeNull();
  });

  it("takes Next's own revalidateTag (at the end of a request) into the same store", async () => {
    await handler().set('/de', page(200, 'world:de'), PAGE_SET);
    await tick();
    await handler().revalidateTag(['world:de']);
    expect(await handler().get('/de', PAGE_GET)).toBeNull();
  });

  it('is bounded: least recently used pages go first, and 404s only push out 404s', async () => {
    // 100 KB budget: 10 KB for not-found pages.
    const cache = handler(100_000);
    const big = 'x'.repeat(30_000);
    await cache.set('/de/a', page(200, '', big), PAGE_SET);
    await cache.set('/de/b', page(200, '', big), PAGE_SET);
    await cache.set('/de/c', page(200, '', big), PAGE_SET);
    expect(await cache.get('/de/a', PAGE_GET)).not.toBeNull(); // a is now the most recent
    await cache.set('/de/d', page(200, '', big), PAGE_SET);
    expect(await cache.get('/de/b', PAGE_GET)).toBeNull();
    expect(await cache.get('/de/a', PAGE_GET)).not.toBeNull();
    for (let i = 0; i < 50; i++) await cache.set(`/de/missing-${i}`, page(404, '', 'y'.repeat(1_000)), PAGE_SET);
    expect(await cache.get('/de/a', PAGE_GET)).not.toBeNull();
    expect(await cache.get('/de/c', PAGE_GET)).not.toBeNull();
    expect(await cache.get('/de/d', PAGE_GET)).not.toBeNull();
    expect(await cache.get('/de/missing-0', PAGE_GET)).toBeNull();
    expect(await cache.get('/de/missing-49', PAGE_GET)).not.toBeNull();
  });
});

describe('the data cache (unstable_cache entries, kind FETCH)', () => {
  it('misses an entry whose own tags or whose page changed', async () => {
    const cache = handler();
    const ctx = { kind: 'FETCH', tags: ['material:5'], softTags: ['_N_T_/de/material/5/x'], revalidate: 300 };
    await cache.set('k1', fetchValue({ a: 1 }), { fetchCache: true, tags: ['material:5'] });
    expect((await cache.get('k1', ctx))?.value).toMatchObject({ kind: 'FETCH' });
    await tick();
    expireTags(['_N_T_/de/material/5/x']);
    expect(await cache.get('k1', ctx)).toBeNull();
    await tick();
    await cache.set('k1', fetchValue({ a: 2 }), { fetchCache: true, tags: ['material:5'] });
    await tick();
    expireTags(['material:5']);
    expect(await cache.get('k1', { ...ctx, softTags: [] })).toBeNull();
  });

  it("goes through this handler from Next's own unstable_cache, and runs the read again after a change", async () => {
    const incrementalCache = incrementalCacheOverOurHandler(dir);
    const holder = globalThis as { __incrementalCache?: unknown };
    holder.__incrementalCache = incrementalCache;
    try {
      let reads = 0;
      const read = async (id: number) => ({ id, reads: ++reads });
      const getAuthor = (id: number) =>
        unstable_cache(read, ['author'], { tags: [`author:${id}`], revalidate: 300 })(id);
      expect(await getAuthor(1)).toEqual({ id: 1, reads: 1 });
      expect(await getAuthor(1)).toEqual({ id: 1, reads: 1 });
      expect(await getAuthor(2)).toEqual({ id: 2, reads: 2 });
      await tick();
      expireTags(['author:1']);
      expect(await getAuthor(1)).toEqual({ id: 1, reads: 3 });
      expect(await getAuthor(2)).toEqual({ id: 2, reads: 2 });
      expect(filesUnder(dir)).toEqual([]);
      // Each render's reads, found or not, are noted in that render's recording.
      const first = new Set<string>();
      const second = new Set<string>();
      await Promise.all([recordRenderTags(first, () => getAuthor(1)), recordRenderTags(second, () => getAuthor(9))]);
      expect([...first]).toEqual(['author:1']);
      expect([...second]).toEqual(['author:9']);
    } finally {
      delete holder.__incrementalCache;
    }
  });
});

describe("the render's recording", () => {
  it('notes the tags of a page it stores or finds, without the implicit path tags', async () => {
    const stored = new Set<string>();
    const found = new Set<string>();
    await recordRenderTags(stored, () =>
      handler().set('/de/material/1', page(200, 'material:1,world:de,_N_T_/de/material/1'), PAGE_SET),
    );
    await recordRenderTags(found, () => handler().get('/de/material/1', PAGE_GET));
    expect([...stored]).toEqual(['material:1', 'world:de']);
    expect([...found]).toEqual(['material:1', 'world:de']);
  });
});
