import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forgetAuthorDomains, rememberAuthorDomains } from '@/lib/proxy/author-domains';
import { refuseAuthorDomainPaths } from './author-domain-paths';
import { preRoute } from './pre-route';

jest.mock('@/lib/db/client', () => ({
  // The map loads in the background when it is missing; here that load never finishes.
  getDb: () => ({ select: () => ({ from: () => new Promise(() => {}) }) }),
}));

interface Answer {
  answered: boolean;
  url: string | undefined;
  status: number;
  headers: Record<string, string | number>;
  body: string;
}

function call(url: string, host: string, method = 'GET'): Answer {
  const req = { url, method, headers: { host } } as unknown as IncomingMessage;
  const headers: Record<string, string | number> = {};
  let body = '';
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = value),
    end: (text?: string) => void (body = text ?? ''),
  } as unknown as ServerResponse;
  const answered = refuseAuthorDomainPaths(req, res);
  return { answered, url: req.url, status: res.statusCode, headers, body };
}

const DEMO = { domain: 'author-demo.localhost', authorId: 2, world: 'it' };

describe('paths of author domains asked for where they are not served', () => {
  beforeEach(() => rememberAuthorDomains([DEMO]));
  afterAll(() => forgetAuthorDomains());

  it.each(['author-demo.localhost:3000', 'author-demo.localhost.:3000', 'AUTHOR-DEMO.localhost'])(
    'answers the API on an author domain (%s) with a 404 in the error shape',
    (host) => {
      for (const path of [
        '/api/health',
        '/api/v3/oauth2/authenticate?world=de',
        '/api',
        '/api/../api/v1/user',
        '/%61pi/v1/user',
      ]) {
        const answer = call(path, host, path.includes('authenticate') ? 'POST' : 'GET');
        expect(answer.answered).toBe(true);
        expect(answer.status).toBe(404);
        expect(answer.headers['content-type']).toBe('application/json');
        expect(answer.headers['cache-control']).toBe('no-store');
        // In the storefront's language, like every API error message.
        expect(JSON.parse(answer.body)).toEqual({
          error: { code: 'not_found', message: 'Non trovato.', details: { reason: 'author_domain' } },
        });
      }
    },
  );

  it('leaves the API alone on Kreide’s own host and on any host that is not an author’s', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'kreide.example', 'other.localhost']) {
      expect(call('/api/health', host)).toMatchObject({ answered: false, url: '/api/health', body: '' });
    }
  });

  it('leaves the storefront’s own pages on the author domain to the proxy', () => {
    for (const path of ['/', '/materials', '/material/12/bruch', '/apiary', '/storefronts']) {
      expect(call(path, 'author-demo.localhost')).toMatchObject({ answered: false, url: path });
    }
  });

  it('hands the internal storefront folder, asked for from outside on any host, to the proxy as the bare folder', () => {
    for (const host of ['localhost:3000', 'author-demo.localhost']) {
      for (const path of [
        '/storefront/author-demo.localhost',
        '/storefront/author-demo.localhost/materials',
        '/storefront/x.de/material/1/x.pdf',
        '/storefront',
        '/storefront?x=1',
        '/x/../storefront/a.b',
        '/x/%2E%2E/storefront/a.b',
        '/%73torefront/a.b',
        '/\\storefront/a.b',
        '//storefront/a.b',
      ]) {
        expect(call(path, host)).toMatchObject({ answered: false, url: '/storefront', body: '' });
      }
    }
  });

  it('before the domain map has loaded, asks a host that may be an author’s to retry, and no other', () => {
    forgetAuthorDomains();
    const early = call('/api/health', 'author-demo.localhost');
    expect(early).toMatchObject({ answered: true, status: 503 });
    expect(early.headers['retry-after']).toBe('1');
    expect(JSON.parse(early.body).error.code).toBe('unavailable');
    expect(call('/api/health', 'localhost:3000').answered).toBe(false);
    expect(call('/api/health', '10.0.0.7:3000').answered).toBe(false);
  });

  it('answers HEAD without a body', () => {
    expect(call('/api/health', 'author-demo.localhost', 'HEAD')).toMatchObject({
      answered: true,
      status: 404,
      body: '',
    });
  });
});

describe('in front of Next (server.ts → preRoute)', () => {
  const seenByNext: string[] = [];
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    rememberAuthorDomains([DEMO]);
    server = http.createServer((req, res) => {
      if (preRoute(req, res)) return;
      seenByNext.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    forgetAuthorDomains();
  });
  beforeEach(() => void (seenByNext.length = 0));

  const get = (path: string, host: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject);
    });

  it('answers the API on an author domain itself, with the security headers, and Next never sees it', async () => {
    const answer = await get('/api/v1/user?world=de', 'author-demo.localhost.');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.code).toBe('not_found');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(seenByNext).toEqual([]);
  });

  it('passes the API on Kreide’s host, and the storefront folder as the bare folder', async () => {
    expect((await get('/api/v1/user?world=de', 'localhost')).status).toBe(200);
    await get('/storefront/author-demo.localhost', 'localhost');
    expect(seenByNext).toEqual(['/api/v1/user?world=de', '/storefront']);
  });
});
