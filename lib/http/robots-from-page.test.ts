import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPageStore } from './page-store';
import { preRoute } from './pre-route';
import { robotsOfHtml } from './robots-from-page';

describe('robotsOfHtml', () => {
  it('reads the robots meta tag, in any attribute order and quoting', () => {
    expect(robotsOfHtml('<head><meta name="robots" content="noindex, follow"/></head>')).toBe('noindex, follow');
    expect(robotsOfHtml("<meta content='index,follow' name='robots'>")).toBe('index, follow');
    expect(robotsOfHtml('<META NAME="robots" CONTENT="NOINDEX, NOFOLLOW">')).toBe('noindex, nofollow');
    expect(robotsOfHtml('<meta name="robots" content="none"/>')).toBe('noindex, nofollow');
  });

  it('adds several tags up: any noindex or nofollow holds', () => {
    // Next adds its own `noindex` to a not-found answer next to the page's.
    expect(robotsOfHtml('<meta name="robots" content="noindex, follow"/><meta name="robots" content="noindex"/>')).toBe(
      'noindex, follow',
    );
    expect(
      robotsOfHtml('<meta name="robots" content="index, follow"/><body><meta name="robots" content="noindex"/>'),
    ).toBe('noindex, follow');
  });

  it('has no answer for a page without one, and is not fooled by text or other meta tags', () => {
    expect(robotsOfHtml('<html><head><title>x</title></head><body></body></html>')).toBeNull();
    expect(robotsOfHtml('<p>&lt;meta name="robots" content="noindex"&gt;</p>')).toBeNull();
    expect(
      robotsOfHtml('<meta name="googlebot-news" content="noindex"/><meta name="description" content="robots"/>'),
    ).toBeNull();
  });
});

/** Next, as far as this matters: a page whose robots meta says what the path asks for. */
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  if (url.includes('rsc')) {
    res.setHeader('content-type', 'text/x-component');
    res.end('0:["$","meta",null,{"name":"robots","content":"noindex"}]');
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  const robots = url.includes('/autor/')
    ? 'noindex, follow'
    : url.includes('/konto/')
      ? 'noindex, nofollow'
      : url.includes('nothing')
        ? null
        : 'index, follow';
  if (url.includes('nothing')) res.statusCode = 404;
  const head = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Seite</title>`;
  // Streamed in pieces, the tag cut in two, as Next writes a page.
  res.write(head + '<meta name="rob');
  setImmediate(() => {
    res.write(`ots" content="${robots ?? 'noindex'}"/></head><body><h1>Seite</h1>`);
    if (robots === null) res.write('<meta name="robots" content="noindex, follow"/>');
    res.end('</body></html>');
  });
}

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (preRoute(req, res)) return;
    fakeNext(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => getPageStore().purgeAll());

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { accept: 'text/html', ...headers } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('the X-Robots-Tag of a public page follows what the page rendered', () => {
  it('a page whose data makes it noindex (the route says index) gets noindex in its header, rendered and stored', async () => {
    const first = await get('/de/autor/7/frau-x');
    expect(first.status).toBe(200);
    expect(first.headers['x-robots-tag']).toBe('noindex, follow');
    expect(first.body).toContain('<h1>Seite</h1>');
    // The page store answers the next crawler with the header it kept.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stored = await get('/de/autor/7/frau-x');
    expect(stored.headers['x-kreide-cache']).toBe('HIT');
    expect(stored.headers['x-robots-tag']).toBe('noindex, follow');
    expect(stored.body).toBe(first.body);
  });

  it('a page that is indexable keeps index, follow; a signed-in visitor’s copy (not stored) too', async () => {
    expect((await get('/de/material/1/x')).headers['x-robots-tag']).toBe('index, follow');
    const signedIn = await get('/de/autor/7/frau-x', { cookie: 'kreide_session=abc' });
    expect(signedIn.headers['x-robots-tag']).toBe('noindex, follow');
    expect(signedIn.headers['x-kreide-cache']).toBeUndefined();
  });

  it('a world’s not-found page, which no route classes, gets its header from its meta tags', async () => {
    const missing = await get('/de/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-robots-tag']).toBe('noindex, follow');
  });

  it('leaves area pages and non-HTML answers with the route’s header', async () => {
    // An area page streams and its robots come from its class alone.
    expect((await get('/de/konto/bankdaten')).headers['x-robots-tag']).toBe('noindex, nofollow');
    const payload = await get('/de/material/1/x?rsc=1', { rsc: '1' });
    expect(payload.headers['content-type']).toContain('text/x-component');
    expect(payload.headers['x-robots-tag']).toBe('index, follow');
  });
});
