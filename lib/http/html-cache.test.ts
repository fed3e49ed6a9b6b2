import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HtmlCache, htmlCacheKey, pageBytes, preparePage, renderCachedPage, serveCached } from './html-cache';
import { DEFER_LOADER } from './defer-scripts';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';

const entry = (bytes: number) => ({
  status: 200,
  headers: {},
  page: { template: { segments: [Buffer.alloc(bytes)] }, gzip: null },
  ttlMs: 1000,
});
const req = (headers: Record<string, string>, method = 'GET', url = '/de') =>
  ({ method, url, headers: { host: 'localhost', ...headers } }) as unknown as IncomingMessage;

const PAGE = [
  '<!DOCTYPE html><html lang="de-DE" data-world="de"><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/poly.js" noModule=""></script></head>',
  `<body><script>${REMEMBER_WORLD_SCRIPT}</script><h1>Brüche</h1><script type="application/ld+json">{"@type":"Product"}</script>`,
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"a"])</script><script>self.__next_f.push([1,"b"])</script>',
  '</body></html>',
].join('');

describe('HtmlCache', () => {
  it('expires entries after their time', () => {
    let now = 0;
    const cache = new HtmlCache(10, 1000, () => now);
    cache.set('a', entry(10));
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry when full, by count and by bytes', () => {
    const cache = new HtmlCache(2, 100);
    cache.set('a', entry(10));
    cache.set('b', entry(10));
    cache.get('a');
    cache.set('c', entry(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.set('big', entry(95));
    expect(cache.size).toBe(1);
  });

  it('purges by key fragment', () => {
    const cache = new HtmlCache();
    cache.set('h|/de/material/1/x|gzip', entry(1));
    cache.set('h|/it/materiale/2/y|gzip', entry(1));
    expect(cache.purge('/de/')).toBe(1);
    expect(cache.size).toBe(1);
  });
});

describe('htmlCacheKey', () => {
  it('keys plain page loads by host, URL and encoding', () => {
    expect(htmlCacheKey(req({ 'accept-encoding': 'gzip, br' }))).toBe('localhost|/de|gzip');
    expect(htmlCacheKey(req({}))).toBe('localhost|/de|identity');
  });

  it('never caches client-router requests, posts or signed-in visitors', () => {
    expect(htmlCacheKey(req({ rsc: '1' }))).toBeNull();
    expect(htmlCacheKey(req({}, 'POST'))).toBeNull();
    expect(htmlCacheKey(req({ cookie: 'a=b; kreide_session=xyz' }))).toBeNull();
    expect(htmlCacheKey(req({ authorization: 'Bearer x' }))).toBeNull();
  });
});

describe('cached pages and their nonces', () => {
  const NONCE = 'AbCdEfGhIjKlMnOpQrStUv';

  it('defers the framework, joins the payload scripts and leaves one place per executable script', () => {
    const html = renderCachedPage(preparePage(Buffer.from(PAGE), false), NONCE).body.toString('utf8');
    // The deferral loader, the nomodule fallback and one joined payload script carry the nonce.
    expect(html.match(/nonce="/g)).toHaveLength(3);
    expect(html).toContain(
      `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0]);self.__next_f.push([1,"a"]);self.__next_f.push([1,"b"])</script>`,
    );
    expect(html).toContain(`<script nonce="${NONCE}">${DEFER_LOADER.slice('<script>'.length)}`);
    expect(html).toContain(`<script nonce="${NONCE}" src="/_next/static/chunks/poly.js" noModule=""></script>`);
    // Data blocks and the hash-allowed remember-world script stay as they are.
    expect(html).toContain('<script type="text/plain" data-kreide-src="/_next/static/chunks/a.js"></script>');
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain(`<script>${REMEMBER_WORLD_SCRIPT}</script>`);
  });

  it('serves gzip keys compressed, with the nonce spliced in and a valid checksum', () => {
    const page = preparePage(Buffer.from(PAGE), true);
    const plain = renderCachedPage(preparePage(Buffer.from(PAGE), false), NONCE).body;
    const { body, encoding } = renderCachedPage(page, NONCE);
    expect(encoding).toBe('gzip');
    expect(zlib.gunzipSync(body).equals(plain)).toBe(true);
    expect(pageBytes(page)).toBeGreaterThan(plain.length);
  });

  it('answers a hit with its own nonce, policy and length each time', () => {
    const cache = new HtmlCache();
    cache.set('localhost|/de|identity', {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', etag: undefined },
      page: preparePage(Buffer.from(PAGE), false),
      ttlMs: 60_000,
    });
    const answers: { head: Record<string, string>; body: string }[] = [];
    let n = 0;
    for (let i = 0; i < 2; i++) {
      const answer = { head: {} as Record<string, string>, body: '' };
      const res = {
        writeHead: (_status: number, head: Record<string, string>) => (answer.head = head),
        end: (body?: Buffer) => (answer.body = body?.toString('utf8') ?? ''),
      } as unknown as ServerResponse;
      const nonce = `nonce${++n}`.padEnd(22, 'x');
      expect(
        serveCached(
          req({}),
          res,
          'localhost|/de|identity',
          () => ({ nonce, policy: `script-src 'nonce-${nonce}'` }),
          cache,
        ),
      ).toBe(true);
      expect(answer.head['content-security-policy']).toBe(`script-src 'nonce-${nonce}'`);
      expect(answer.head['x-kreide-cache']).toBe('HIT');
      expect(Number(answer.head['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(answer.body.match(/nonce="([^"]+)"/g)?.every((m) => m === `nonce="${nonce}"`)).toBe(true);
      answers.push(answer);
    }
    expect(answers[0]!.body).not.toBe(answers[1]!.body);
  });
});
