import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { installCompression } from './compression';
import { installSmallAnswerHold, SMALL_ANSWER_BYTES } from './small-answers';

/**
 * The hold between the compression middleware and a stand-in for Next that answers the way Next
 * does: headers flushed first, the body written in chunks, `flush` after each, then `end`.
 */
type Flushing = ServerResponse & { flush?: () => void };
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function nextLike(req: IncomingMessage, res: Flushing) {
  const url = new URL(req.url ?? '/', 'http://x');
  const bytes = Number(url.searchParams.get('bytes') ?? '30');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/no-content') {
    res.statusCode = 204;
    res.flushHeaders();
    res.end();
    return;
  }
  if (url.pathname === '/stream') {
    // A page whose first small chunk (the shell) comes long before the rest.
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.flushHeaders();
    res.write('<!DOCTYPE html><html><body>');
    res.flush?.();
    await later(300);
    res.write('<main>'.padEnd(3000, 'x') + '</main>');
    res.flush?.();
    res.end('</body></html>');
    return;
  }
  res.flushHeaders();
  const body = Buffer.from(JSON.stringify({ text: 'ä'.padEnd(Math.max(bytes - 12, 1), 'x') }));
  // Written in two parts, reusing the buffer after the first returns, as a stream may.
  const first = Buffer.from(body.subarray(0, 5));
  res.write(first);
  first.fill(0);
  res.flush?.();
  // Next ends after a few promise steps (its body is a web stream), within the same turn.
  await Promise.resolve();
  res.end(body.subarray(5));
}

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    installCompression(req, res);
    installSmallAnswerHold(res);
    void nextLike(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; firstDataAfterMs: number | null };

function get(path: string, method = 'GET'): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ port, path, method, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const parts: Buffer[] = [];
      let firstDataAfterMs: number | null = null;
      res.on('data', (part: Buffer) => {
        firstDataAfterMs ??= Date.now() - started;
        parts.push(part);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), firstDataAfterMs }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (answer: Answer) =>
  answer.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(answer.body).toString() : answer.body.toString();

it('sends a small answer whole, with its length and uncompressed', async () => {
  const answer = await get('/json?bytes=40');
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(answer.headers['transfer-encoding']).toBeUndefined();
  expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  expect(JSON.parse(answer.body.toString())).toEqual({ text: 'ä'.padEnd(28, 'x') });
});

it('still compresses an answer above the threshold', async () => {
  const answer = await get(`/json?bytes=${SMALL_ANSWER_BYTES * 5}`);
  expect(answer.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(decoded(answer)).text).toHaveLength(SMALL_ANSWER_BYTES * 5 - 12);
});

it('compresses an answer whose small parts add up to more than the threshold', async () => {
  const answer = await get(`/json?bytes=${SMALL_ANSWER_BYTES + 200}`);
  expect(answer.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(decoded(answer)).text.startsWith('ä')).toBe(true);
});

it('does not hold a streamed page back until its end', async () => {
  const answer = await get('/stream');
  expect(answer.firstDataAfterMs).not.toBeNull();
  expect(answer.firstDataAfterMs!).toBeLessThan(250);
  expect(decoded(answer)).toMatch(/^<!DOCTYPE html><html><body><main>x*<\/main><\/body><\/html>$/);
});

it('answers 204 without a body or a length, and HEAD without a body', async () => {
  const noContent = await get('/no-content');
  expect(noContent.status).toBe(204);
  expect(noContent.headers['content-length']).toBeUndefined();
  expect(noContent.body).toHaveLength(0);
  const head = await get('/json?bytes=40', 'HEAD');
  expect(head.status).toBe(200);
  expect(head.body).toHaveLength(0);
});
