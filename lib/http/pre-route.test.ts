import type { IncomingMessage, ServerResponse } from 'node:http';
import { preRoute } from './pre-route';
import { decodeResolution, RESOLUTION_HEADER, resolveRequest } from '@/lib/request/resolution';

function run(url: string, headers: Record<string, string> = {}) {
  const req = {
    url,
    method: 'GET',
    headers: { ...headers },
    socket: { remoteAddress: '203.0.113.9' },
  } as unknown as IncomingMessage;
  const set: Record<string, string> = {};
  const res = {
    statusCode: 200,
    setHeader: (k: string, v: string) => (set[k.toLowerCase()] = v),
    getHeader: (k: string) => set[k.toLowerCase()],
    removeHeader: (k: string) => delete set[k.toLowerCase()],
    on: jest.fn(),
    once: jest.fn(),
    getHeaders: () => set,
    writeHead: jest.fn(function (this: { statusCode: number }, status: number) {
      this.statusCode = status;
    }),
    flushHeaders: jest.fn(),
    write: jest.fn(),
    end: jest.fn(),
  } as unknown as ServerResponse;
  const answered = preRoute(req, res);
  return { answered, headers: set, status: res.statusCode, req, res };
}

const writeHeadStatus = (res: ServerResponse) => res.statusCode;

describe('preRoute', () => {
  it('sets X-Robots-Tag by page class', () => {
    expect(run('/de/material/1/x').headers['x-robots-tag']).toBe('index, follow');
    expect(run('/it/risultati-ricerca?q=x').headers['x-robots-tag']).toBe('noindex, follow');
    expect(run('/gr/' + encodeURIComponent('kalathi')).headers['x-robots-tag']).toBeDefined();
    expect(run('/de/konto/bankdaten').headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('leaves unknown paths and assets alone', () => {
    expect(run('/_next/static/x.js').headers['x-robots-tag']).toBeUndefined();
    expect(run('/de/nothing-here').headers['x-robots-tag']).toBeUndefined();
  });

  it('turns permanent redirects into 301 with one Location', () => {
    const { res } = run('/de/material/5/x');
    res.setHeader('location', ['/de/material/5/a', '/de/material/5/a'] as unknown as string);
    res.writeHead(308);
    expect(res.getHeader('location')).toBe('/de/material/5/a');
    expect(writeHeadStatus(res)).toBe(301);
  });

  it('redirects a malformed tracking link with 301', () => {
    const { answered, status, headers } = run('/de?ref=a?utm_source=b');
    expect(answered).toBe(true);
    expect(status).toBe(301);
    expect(headers.location).toBe('/de?ref=a&utm_source=b');
  });

  it.each(['//evil.example/x?a=1?utm_source=y', '/\\evil.example/x?a=1?utm_source=y'])(
    'never repairs a tracking link into a redirect to another host (%s)',
    (url) => {
      const { answered, headers } = run(url);
      expect(answered).toBe(false);
      expect(headers.location).toBeUndefined();
    },
  );

  it('an encoded backslash stays a path on this site', () => {
    expect(run('/%5C/evil.example?a?utm_source=y').headers.location).toBe('/%5C/evil.example?a&utm_source=y');
  });

  it.each([
    ['/de/material/%FF/x', '/de/404'],
    ['/gr/yliko/1/%E0%A4%A?q=1', '/gr/404'],
    ['/%FF', '/de/404'],
    ['/de/autor/1/x%00y', '/de/404'],
    ['/api/v3/oauth2/social/%FF/start', '/api/not-found'],
  ])('hands a path that cannot be decoded to the not-found page, never to Next as it is (%s)', (url, expected) => {
    const { req, answered } = run(url);
    expect(answered).toBe(false);
    expect(req.url).toBe(expected);
  });

  it('uses the remembered world for a broken path without one', () => {
    expect(run('/%E0%A4%A', { cookie: 'kreide_world=it' }).req.url).toBe('/it/404');
  });

  it('leaves well-encoded paths alone', () => {
    expect(run('/gr/%CE%B1%CE%B2').req.url).toBe('/gr/%CE%B1%CE%B2');
  });

  it('replaces a client-sent client-IP header with the socket address', () => {
    const { req } = run('/de', { 'x-kreide-client-ip': '8.8.8.8' });
    expect(req.headers['x-kreide-client-ip']).toBe('203.0.113.9');
  });

  describe('the resolution it hands on', () => {
    const handedOn = (req: IncomingMessage) => decodeResolution(req.headers[RESOLUTION_HEADER] as string);

    it('resolves each request once and hands the result on in its header', () => {
      expect(handedOn(run('/de/konto/bankdaten').req)).toMatchObject({
        path: '/de/konto/bankdaten',
        route: 'cabinet-bank-details',
        area: 'cabinet',
      });
      expect(handedOn(run('/api/v3/health').req)).toMatchObject({ world: null, route: null });
    });

    it('replaces a resolution a client sent, whatever it claims', () => {
      const forged = encodeURIComponent(
        JSON.stringify({
          ...resolveRequest('/de/konto/materialien', 'localhost'),
          path: '/de/konto/bankdaten',
          session: { userId: 1, impersonatorUserId: null },
        }),
      );
      const forgedPage = run('/de/konto/bankdaten', { [RESOLUTION_HEADER]: forged });
      expect(handedOn(forgedPage.req)).toEqual(handedOn(run('/de/konto/bankdaten').req));
      expect(handedOn(forgedPage.req)).not.toHaveProperty('session');
      expect(forgedPage.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(handedOn(run('/de', { [RESOLUTION_HEADER]: forged }).req)).toEqual(handedOn(run('/de').req));
      expect(handedOn(run('/api/v3/health', { [RESOLUTION_HEADER]: forged }).req)).toEqual(
        handedOn(run('/api/v3/health').req),
      );
    });

    it('hands on the masked path and params of a page whose path holds a mailed token', () => {
      const { req } = run('/de/passwort-wiederherstellen/Ab3xQ9secret?x=1');
      expect(req.url).toBe('/de/passwort-wiederherstellen/-?x=1');
      expect(handedOn(req)).toMatchObject({
        path: '/de/passwort-wiederherstellen/-',
        segments: ['passwort-wiederherstellen', '-'],
        params: { token: '-' },
      });
      expect(req.headers[RESOLUTION_HEADER]).not.toContain('Ab3xQ9secret');
    });

    it('hands on the resolution of the not-found page a broken path is sent to', () => {
      expect(handedOn(run('/de/%FF').req)).toMatchObject({ path: '/de/404', world: 'de', route: null });
    });
  });
});
