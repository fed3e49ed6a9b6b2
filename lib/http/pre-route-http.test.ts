import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { getPageStore } from './page-store';
import { preRoute } from './pre-route';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';

/**
 * The pre-route in front of a stand-in for Next that behaves like it where it matters here: it
 * streams pages in chunks (cut in the middle of tags), flushes after each chunk, answers 304 to
 * a matching If-None-Match, and serves JSON and scripts.
 */
const PAGE_CHUNKS = [
  '<!DOCTYPE html><html lang="de-DE" data-world="de"><head><meta charSet="utf-8"/><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/><scr',
  'ipt src="/_next/static/chunks/a.js" async=""></script></head><body><script>' + REMEMBER_WORLD_SCRIPT.slice(0, 20),
  REMEMBER_WORLD_SCRIPT.slice(20) +
    '</script><main><h1>Brüche</h1><p>' +
    'Unterrichtsmaterial '.repeat(200) +
    '</p></main><script type="application/ld+json">{"a":1}</script><',
  'script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"x"])</script><script>$RC("B:0","S:0")</script></body></html>',
];

let gate: Promise<void> = Promise.resolve();
let openGate: () => void = () => {};
const seenByNext: http.IncomingHttpHeaders[] = [];

async function fakeNext(req: IncomingMessage, res: ServerResponse) {
  seenByNext.push({ ...req.headers });
  const url = req.url ?? '/';
  if (url.startsWith('/api/')) {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'Brüche' })) }));
    return;
  }
  if (url.startsWith('/_next/static/')) {
    res.setHeader('content-type', 'application/javascript; charset=UTF-8');
    res.end('console.log(1)');
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('etag', '"page-1"');
  res.setHeader('content-length', '999');
  if (req.headers['if-none-match'] === '"page-1"') {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (url === '/de/nothing-here') res.statusCode = 404;
  res.flushHeaders();
  const flushing = res as ServerResponse & { flush?: () => void };
  for (const [i, chunk] of PAGE_CHUNKS.entries()) {
    res.write(Buffer.from(chunk));
    flushing.flush?.();
    // The cabinet page waits after its first chunk until the client has it.
    if (i === 0 && url.startsWith('/de/konto')) await gate;
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (preRoute(req, res)) return;
    void fakeNext(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  getPageStore().purgeAll();
  seenByNext.length = 0;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
}

function get(path: string, headers: Record<string, string> = {}, onFirstChunk?: () => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, headers: { host: `localhost:${port}`, accept: 'text/html', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) onFirstChunk?.();
          chunks.push(chunk);
        });
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
        });
      },
    );
    request.on('error', reject);
  });
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 20));

function nonceOf(answer: Answer): string {
  const match = /script-src 'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']));
  if (!match) throw new Error('no nonce in the policy');
  return match[1]!;
}

/** Every executable script and script preload carries the response's nonce; the rest none. */
function expectNonces(answer: Answer) {
  const nonce = nonceOf(answer);
  let checked = 0;
  for (const match of answer.text.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const dataBlock = /type="(?:application\/ld\+json|application\/json|text\/plain)"/.test(tag);
    const otherLink = tag.startsWith('<link') && !/as="script"|modulepreload/.test(tag);
    const hashed = answer.text.startsWith(`<script>${REMEMBER_WORLD_SCRIPT}</script>`, match.index);
    if (dataBlock || otherLink || hashed) expect(tag).not.toContain('nonce=');
    else expect(tag).toMatch(new RegExp(`^<(?:script|link) nonce="${nonce.replace(/[+/]/g, '\\$&')}"[ >]`));
    checked++;
  }
  expect(checked).toBeGreaterThanOrEqual(4);
}

function expectSecurityHeaders(answer: Answer) {
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(answer.headers['permissions-policy']).toContain('camera=()');
}

describe('pre-route in front of Next', () => {
  it('gives a page Next renders its own nonce in the policy and in every script, compressed as asked', async () => {
    const first = await get('/de', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-length']).toBeUndefined();
    expect(first.headers.etag).toBeUndefined();
    expect(first.text).toContain('<h1>Brüche</h1>');
    expectSecurityHeaders(first);
    expectNonces(first);
    expect(String(first.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves the cached copy with a new nonce each time, gzip and plain', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const miss = await get('/de', { 'accept-encoding': encoding });
      expect(miss.headers['x-kreide-cache']).toBeUndefined();
      // The copy is stored just after the answer went out (setImmediate): on a busy machine that
      // can take longer than a tick, so wait for it rather than for a fixed time.
      for (let tries = 0; tries < 100; tries++) {
        await nextTick();
        if ((await get('/de', { 'accept-encoding': encoding })).headers['x-kreide-cache'] === 'HIT') break;
      }
      const hit = await get('/de', { 'accept-encoding': encoding });
      const again = await get('/de', { 'accept-encoding': encoding });
      for (const answer of [hit, again]) {
        expect(answer.headers['x-kreide-cache']).toBe('HIT');
        expect(answer.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
        expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
        expectSecurityHeaders(answer);
        expectNonces(answer);
        // Deferred framework scripts, the payload as data the loader pushes.
        expect(answer.text).toContain('data-kreide-src="/_next/static/chunks/a.js"');
        expect(answer.text).toContain('<script type="application/json" data-kreide-flight="">[[0],[1,"x"]]</script>');
      }
      expect(nonceOf(hit)).not.toBe(nonceOf(again));
      expect(nonceOf(hit)).not.toBe(nonceOf(miss));
    }
  });

  it('keeps an uncached page streaming: the first chunk arrives before Next has finished', async () => {
    gate = new Promise((resolve) => (openGate = resolve));
    let firstChunkSeen = false;
    const answer = await get('/de/konto/bankdaten', { 'accept-encoding': 'gzip', cookie: 'kreide_session=x' }, () => {
      firstChunkSeen = true;
      openGate();
    });
    expect(firstChunkSeen).toBe(true);
    expect(answer.headers['x-kreide-cache']).toBeUndefined();
    expectNonces(answer);
  });

  it('never lets a page be revalidated into a 304, nor a client choose the nonce', async () => {
    const answer = await get('/de/suchergebnisse?q=x', {
      'if-none-match': '"page-1"',
      'content-security-policy': "script-src 'nonce-chosen'",
    });
    expect(answer.status).toBe(200);
    expect(seenByNext[0]!['if-none-match']).toBeUndefined();
    expect(seenByNext[0]!['content-security-policy']).toBeUndefined();
    expect(answer.text).not.toContain('chosen');
    expectNonces(answer);
  });

  it('gives 404 pages a policy and nonces too', async () => {
    const answer = await get('/de/nothing-here');
    expect(answer.status).toBe(404);
    expectSecurityHeaders(answer);
    expectNonces(answer);
  });

  it('sets the security headers on API answers and static files, without a page policy, still compressed', async () => {
    const api = await get('/api/v1/things', { accept: 'application/json', 'accept-encoding': 'gzip' });
    expectSecurityHeaders(api);
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(api.text).items).toHaveLength(100);
    const script = await get('/_next/static/chunks/a.js', { accept: '*/*' });
    expectSecurityHeaders(script);
    expect(script.text).toBe('console.log(1)');
  });

  it('adds Strict-Transport-Security behind HTTPS only', async () => {
    expect((await get('/api/v1/things')).headers['strict-transport-security']).toBeUndefined();
    const secure = await get('/de/nothing-here', { 'x-forwarded-proto': 'https' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
