import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { unstable_cache } from 'next/dist/server/web/spec-extension/unstable-cache';
import { resetTagStore } from '@/lib/cache/tag-store.cjs';
import { TAGS } from '@/lib/cache/tags';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';
import { incrementalCacheOverOurHandler, resetRouteCache } from '@/tests/support/incremental-cache';
import { createFrontDoor } from './front-door';
import { getPageStore, UNTAGGED_PAGE } from './page-store';

/**
 * The front door as server.ts builds it, in front of a stand-in for Next whose pages read their
 * data through Next's own unstable_cache and our cache handler, as a real render does: which tags
 * a stored page is filed under, and whether the first answer is the stored page.
 */
let dir: string;
let server: http.Server;
let port: number;
let renders = 0;

/** The world's home page: a cached read per world, streamed in chunks like Next's pages. */
async function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const world = (req.url ?? '/').split(/[/?]/)[1] ?? 'de';
  const readWorld = unstable_cache(async (code: string) => ({ code, render: ++renders }), ['home'], {
    tags: [TAGS.world(world)],
    revalidate: 300,
  });
  // Reads take their time, so that two renders running at once interleave.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const data = req.url?.includes('no-data') ? null : await readWorld(world);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  // The cart is personal: Next renders it per request and tells no cache to keep it.
  const personal = req.url?.startsWith('/de/warenkorb');
  res.setHeader(
    'cache-control',
    personal ? 'private, no-cache, no-store, max-age=0, must-revalidate' : 's-maxage=300, stale-while-revalidate',
  );
  const chunks = [
    `<!DOCTYPE html><html lang="${world}"><head><script src="/_next/static/chunks/a.js" async=""></script></head>`,
    `<body><script>${REMEMBER_WORLD_SCRIPT}</script><h1>${data?.code ?? '-'}</h1>`,
    '<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"x"])</script></body></html>',
  ];
  for (const chunk of chunks) {
    res.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-page-store-'));
  (globalThis as { __incrementalCache?: unknown }).__incrementalCache = incrementalCacheOverOurHandler(dir);
  server = createFrontDoor({ handle: fakeNext, dev: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  delete (globalThis as { __incrementalCache?: unknown }).__incrementalCache;
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Lets the clock move on: a capture begun in the millisecond of a purge is refused. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

beforeEach(async () => {
  resetTagStore();
  resetRouteCache();
  getPageStore().purgeAll();
  await tick();
});

interface Answer {
  headers: http.IncomingHttpHeaders;
  text: string;
}

function get(pathname: string, encoding = 'identity'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          headers: { host: 'localhost:3000', accept: 'text/html', 'accept-encoding': encoding },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const text = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
            resolve({ headers: res.headers, text });
          });
        },
      )
      .on('error', reject);
  });
}

/** The stored page of a key, once it is stored (just after its answer went out). */
async function stored(key: string) {
  for (let tries = 0; tries < 100; tries++) {
    const page = getPageStore().get('public', key);
    if (page) return page;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${key} was not stored`);
}

const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

describe('the page store behind the front door', () => {
  it('files a public page under the tags its render read, and a purge of them drops it', async () => {
    const [de, it] = await Promise.all([get('/de'), get('/it')]);
    expect(de.text).toContain('<h1>de</h1>');
    expect(it.text).toContain('<h1>it</h1>');
    // Two renders at once: each page has its own render's tags only.
    expect((await stored('localhost:3000|/de|identity')).tags).toEqual([TAGS.world('de')]);
    expect((await stored('localhost:3000|/it|identity')).tags).toEqual([TAGS.world('it')]);
    getPageStore().purge([TAGS.world('de')]);
    expect(getPageStore().get('public', 'localhost:3000|/de|identity')).toBeUndefined();
    expect(getPageStore().get('public', 'localhost:3000|/it|identity')).toBeDefined();
  });

  it('files a page whose render read no tagged data so that any purge of public data drops it', async () => {
    await get('/de?no-data=1');
    expect((await stored('localhost:3000|/de?no-data=1|identity')).tags).toEqual([UNTAGGED_PAGE]);
    getPageStore().purge([TAGS.material(1)]);
    expect(getPageStore().get('public', 'localhost:3000|/de?no-data=1|identity')).toBeUndefined();
  });

  it('answers the first request with the page it stores: the same document but for the nonce', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const miss = await get('/de', encoding);
      expect(miss.headers['x-kreide-cache']).toBeUndefined();
      await stored(`localhost:3000|/de|${encoding}`);
      const hit = await get('/de', encoding);
      expect(hit.headers['x-kreide-cache']).toBe('HIT');
      expect(withoutNonces(miss.text)).toBe(withoutNonces(hit.text));
      // Framework scripts deferred and the payload inert from the first answer on.
      expect(miss.text).toContain('data-kreide-src="/_next/static/chunks/a.js"');
      expect(miss.text).toContain('<script type="application/json" data-kreide-flight="">[[0],[1,"x"]]</script>');
      expect(miss.text).not.toBe(hit.text);
      getPageStore().purgeAll();
      await tick();
    }
  });

  it('sends the cart prepared like a stored page, its scripts after the first paint, and keeps no copy', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const first = await get('/de/warenkorb', encoding);
      expect(first.text).toContain('<h1>de</h1>');
      expect(first.text).toContain('data-kreide-src="/_next/static/chunks/a.js"');
      expect(first.text).not.toContain('<script src="/_next/static/chunks/a.js" async="">');
      expect(first.text).toContain('<script type="application/json" data-kreide-flight="">[[0],[1,"x"]]</script>');
      expect(first.headers['cache-control']).toMatch(/no-store/);
      await tick();
      const second = await get('/de/warenkorb', encoding);
      expect(second.headers['x-kreide-cache']).toBeUndefined();
      expect(getPageStore().get('public', `localhost:3000|/de/warenkorb|${encoding}`)).toBeUndefined();
    }
  });
});
