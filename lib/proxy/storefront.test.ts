import {
  getMiddlewareRouteMatcher,
  type MiddlewareRouteMatch,
} from 'next/dist/shared/lib/router/utils/middleware-route-matcher';
import { NextRequest } from 'next/server';
import { resetEnvCache } from '@/lib/env';
import { MATCHER_OWN_HOSTS } from '@/lib/seo/own-hosts';
import { config, proxy } from '@/proxy';
import { findAuthorDomain, forgetAuthorDomains, peekAuthorDomain, rememberAuthorDomains } from './author-domains';
import { isStorefrontFolderPath, storefrontFolderNotFound } from './storefront';

// Next's own compiler of the proxy's matcher (missing from its public types), so the test reads
// the matcher exactly as Next does.
const { getMiddlewareMatchers } = jest.requireActual<{
  getMiddlewareMatchers: (matcher: unknown, config: object) => Parameters<typeof getMiddlewareRouteMatcher>[0];
}>('next/dist/build/analysis/get-page-static-info');

const DEMO = { domain: 'author-demo.localhost', authorId: 2, world: 'de' };

const request = (url: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(url), { headers: { host: new URL(url).host, ...headers } });
const rewrittenTo = (response: Response) => {
  const target = response.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname : null;
};

beforeEach(() => rememberAuthorDomains([DEMO]));
afterAll(() => forgetAuthorDomains());

describe('author domains by host', () => {
  it.each(['author-demo.localhost', 'author-demo.localhost.', 'Author-Demo.Localhost.:3000'])(
    'finds %s',
    async (host) => {
      expect(await findAuthorDomain(host)).toEqual(DEMO);
      expect(peekAuthorDomain(host)).toEqual({ ready: true, domain: DEMO });
    },
  );

  it('the proxy sends a trailing-dot host to the storefront', async () => {
    expect(rewrittenTo(await proxy(request('http://author-demo.localhost.:3000/materials')))).toBe(
      '/storefront/author-demo.localhost/materials',
    );
  });
});

describe('the storefront folder from outside', () => {
  it('is the folder and its paths, not its look-alikes', () => {
    expect(isStorefrontFolderPath('/storefront')).toBe(true);
    expect(isStorefrontFolderPath('/storefront/author-demo.localhost')).toBe(true);
    expect(isStorefrontFolderPath('/storefronts')).toBe(false);
  });

  it('is the remembered world’s translated not-found page', async () => {
    expect(
      rewrittenTo(storefrontFolderNotFound(request('http://localhost:3000/storefront', { cookie: 'kreide_world=it' }))),
    ).toBe('/it/404');
    expect(rewrittenTo(await proxy(request('http://localhost:3000/storefront')))).toBe('/de/404');
    // On an author's domain it is that storefront's own 404.
    expect(rewrittenTo(await proxy(request('http://author-demo.localhost:3000/storefront')))).toBe(
      '/storefront/author-demo.localhost/not-found',
    );
  });

  // Why server.ts guards the folder (lib/http/author-domain-paths.ts): the proxy never sees a
  // path ending in a domain, which looks like a file name to its matcher; it does see the bare folder.
  it('needs the guard before Next: the proxy’s matcher skips /storefront/<domain>', () => {
    const matches: MiddlewareRouteMatch = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
    const seen = (path: string, host = 'localhost:3000') =>
      matches(path, { headers: { host }, cookies: {} } as never, {} as never);
    expect(seen('/storefront/author-demo.localhost')).toBe(false);
    expect(seen('/storefront/author-demo.localhost', 'author-demo.localhost:3000')).toBe(false);
    expect(seen('/storefront')).toBe(true);
    expect(seen('/', 'author-demo.localhost.:3000')).toBe(true);
  });
});

describe('Kreide’s own names in the proxy', () => {
  const matches: MiddlewareRouteMatch = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
  // A world path that no other rule of the matcher takes: only the host decides.
  const seen = (host: string) => matches('/de/x', { headers: { host }, cookies: {} } as never, {} as never);

  // The matcher is fixed at build time; MATCHER_OWN_HOSTS says in code which names it skips.
  it('skips exactly the built-in own names at build time', () => {
    for (const host of ['localhost:3000', 'kreide.de', 'www.kreide.de', 'kreide.co.uk', '127.0.0.1:3000'])
      expect([host, seen(host)]).toEqual([host, false]);
    // Next cuts the host at its first colon, so an IPv6 literal passes the matcher: the proxy's
    // own check is what keeps it out of the storefronts.
    expect(seen('[::1]:3000')).toBe(true);
    for (const host of ['author-demo.localhost:3000', 'shop.example', 'kreide-fan.de'])
      expect([host, seen(host)]).toEqual([host, true]);
    for (const entry of MATCHER_OWN_HOSTS) expect(seen(entry.replace('*', 'de'))).toBe(false);
  });

  it('never sends an own name to a storefront, even one the matcher lets through', async () => {
    // Rows written before the rule (or by hand): the proxy's own check stands in front of them.
    rememberAuthorDomains(
      ['kreide.de', 'shop.kreide.de', 'materials.school.example', 'localhost', '[::1]'].map((domain) => ({
        ...DEMO,
        domain,
      })),
    );
    process.env.KREIDE_OWN_HOSTS = 'localhost,kreide.*,*.kreide.*,materials.school.example';
    resetEnvCache();
    try {
      for (const host of [
        'kreide.de',
        'shop.kreide.de:3000',
        'Materials.School.Example.',
        'localhost:3000',
        '[::1]:3000',
      ])
        expect(`${host} → ${rewrittenTo(await proxy(request(`http://${host}/materials`)))}`).not.toContain(
          '/storefront/',
        );
    } finally {
      delete process.env.KREIDE_OWN_HOSTS;
      resetEnvCache();
    }
  });
});
