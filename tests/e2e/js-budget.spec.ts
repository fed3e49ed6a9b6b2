import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { pathFor, pathForRoute } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { signedInContext, type DemoAccount } from './support/sessions';
import { untilInteractive } from './support/interactive';

/**
 * First-load JavaScript per page class, as a phone would download it: every script response of
 * the page until it is interactive, counted in compressed bytes on the wire. The build's own
 * manifests cannot tell this (all public pages are one route entry). Budgets, above the
 * JavaScript of an empty page: the back office's start page, which has the world's layout and no
 * client code of its own, in a route of its own (a public page cannot serve as the baseline:
 * all public pages are one route entry, so their client code would be in it too):
 * - a public page may add at most 40 KB: crawlers and slow phones read them;
 * - an area page at most 120 KB: it is personal and interactive (forms, SWR, the API client),
 *   opened by a signed-in teacher after a public page has already brought the shared chunks.
 *   The measured area pages stay well below it; every new area page must too.
 */
const PUBLIC_EXTRA_BUDGET = 40 * 1024;
const AREA_EXTRA_BUDGET = 120 * 1024;

interface PageClass {
  name: string;
  kind: 'empty' | 'public' | 'area';
  path: (request: APIRequestContext) => Promise<string>;
  signInAs?: DemoAccount;
}

/** The first path of a sitemap file matching `pattern`. */
async function fromSitemap(request: APIRequestContext, file: string, pattern: RegExp): Promise<string> {
  const body = await (await request.get(file)).text();
  const found = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .find((p) => pattern.test(p));
  expect(found, `${file} lists a page like ${pattern}`).toBeTruthy();
  return found!;
}

const at = (world: WorldCode, route: RouteId, params?: Record<string, string>) => async () =>
  pathForRoute(world, route, params);

const PAGE_CLASSES: PageClass[] = [
  { name: 'empty (admin start page)', kind: 'empty', path: at('de', 'admin'), signInAs: 'admin@demo.test' },
  { name: 'content page (shell)', kind: 'public', path: at('de', 'team') },
  { name: 'terms', kind: 'public', path: at('gr', 'terms') },
  { name: 'home', kind: 'public', path: at('de', 'home') },
  {
    name: 'material',
    kind: 'public',
    path: (r) => fromSitemap(r, '/sitemaps/de/materials-1.xml', /^\/de\/material\/\d+\//),
  },
  { name: 'author', kind: 'public', path: (r) => fromSitemap(r, '/sitemaps/de/authors-1.xml', /^\/de\/autor\/\d+\//) },
  {
    name: 'lesson landing',
    kind: 'public',
    path: (r) => fromSitemap(r, '/sitemaps/it/landings-1.xml', /^\/it\/lezione\//),
  },
  { name: 'offers', kind: 'public', path: at('fr', 'offers') },
  { name: 'search', kind: 'public', path: async () => `${pathFor('gr', 'search')}?q=math` },
  { name: 'login', kind: 'area', path: at('de', 'login') },
  { name: 'register', kind: 'area', path: at('it', 'register') },
  { name: 'cart', kind: 'area', path: at('de', 'cart') },
  { name: 'cabinet: bank details', kind: 'area', path: at('de', 'cabinet-bank-details'), signInAs: 'buyer@demo.test' },
  {
    name: 'cabinet: change password',
    kind: 'area',
    path: at('es', 'cabinet-change-password'),
    signInAs: 'buyer@demo.test',
  },
  // The back office's commerce pages: the vouchers page carries the largest form among them.
  { name: 'admin: vouchers', kind: 'area', path: at('de', 'admin-vouchers'), signInAs: 'admin@demo.test' },
];

/** Signs a browser context in through the API (the cookie a login sets), or leaves it anonymous. */
function contextFor(browser: Browser, baseURL: string, email?: DemoAccount) {
  return email ? signedInContext(browser, baseURL, email) : browser.newContext({ baseURL });
}

/** Compressed bytes of every script the page loads until it is interactive (and settled). */
async function measure(browser: Browser, baseURL: string, pageClass: PageClass, path: string): Promise<number> {
  const context = await contextFor(browser, baseURL, pageClass.signInAs);
  const page = await context.newPage();
  // By address, the bytes of the request that fetched it: a stored page's loader prefetches its
  // chunks after load (resource type "other"), and the script run later is served from that copy
  // (its own request reports no body, a size below zero), so neither request alone tells.
  const fetched = new Map<string, number>();
  const sizes: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.endsWith('.js')) return;
    sizes.push(
      request.sizes().then(({ responseBodySize }) => {
        if (responseBodySize > 0)
          fetched.set(request.url(), Math.max(fetched.get(request.url()) ?? 0, responseBodySize));
      }),
    );
  });
  const response = await page.goto(path);
  expect(response?.status(), `${pageClass.name} answers 200`).toBe(200);
  await untilInteractive(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(sizes);
  const total = [...fetched.values()].reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  return total;
}

test('first-load JavaScript stays within its budget on every page class', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const rows: { name: string; kind: PageClass['kind']; path: string; bytes: number }[] = [];
  for (const pageClass of PAGE_CLASSES) {
    const path = await pageClass.path(request);
    rows.push({
      name: pageClass.name,
      kind: pageClass.kind,
      path,
      bytes: await measure(browser, baseURL!, pageClass, path),
    });
  }
  const empty = rows.find((row) => row.kind === 'empty')!.bytes;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  console.log(
    [
      'First-load JavaScript (compressed, KB)     total   above empty   budget',
      ...rows.map((row) => {
        const budget = row.kind === 'public' ? PUBLIC_EXTRA_BUDGET : row.kind === 'area' ? AREA_EXTRA_BUDGET : 0;
        return `${`${row.name} (${row.kind})`.padEnd(40)} ${kb(row.bytes)}   ${kb(row.bytes - empty)}    ${row.kind === 'empty' ? '      –' : kb(budget)}`;
      }),
    ].join('\n'),
  );
  expect(empty).toBeGreaterThan(0);
  for (const row of rows) {
    // Every page measured became interactive, so it brought Next's runtime: nothing counted is a miscount.
    expect(row.bytes, `${row.name} (${row.path})`).toBeGreaterThan(0);
    if (row.kind === 'public')
      expect(row.bytes - empty, `${row.name} (${row.path})`).toBeLessThanOrEqual(PUBLIC_EXTRA_BUDGET);
    if (row.kind === 'area')
      expect(row.bytes - empty, `${row.name} (${row.path})`).toBeLessThanOrEqual(AREA_EXTRA_BUDGET);
  }
});
