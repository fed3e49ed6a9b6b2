import { expect, test, type APIRequestContext } from '@playwright/test';
import { listPlaceholderRoutes } from '@/components/pages/finished-pages';
import { matchRoute, pathFor, pathForRoute, type RouteParams } from '@/lib/routing/localized-routes';
import type { Route } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';

/**
 * A crawler's walk through the built server in two worlds: robots.txt, the sitemap index, a
 * sample of every sitemap, a sample of pages of each class and every placeholder. On each page
 * the X-Robots-Tag header and the robots meta tags must say the same, on the first answer (Next
 * renders) and on the stored one (the front door's page store answers).
 */

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
test.use({ userAgent: GOOGLEBOT });

/** What the robots meta tags of a document add up to, as a header says it. */
function metaRobots(html: string): string | null {
  const contents = [...html.matchAll(/<meta\s[^>]*>/gi)]
    .map((m) => m[0])
    .filter((tag) => /name="robots"/i.test(tag))
    .map((tag) => /content="([^"]*)"/i.exec(tag)?.[1] ?? '');
  if (contents.length === 0) return null;
  const all = contents.flatMap((c) => c.toLowerCase().split(/[\s,]+/));
  const index = !all.includes('noindex') && !all.includes('none');
  const follow = !all.includes('nofollow') && !all.includes('none');
  return `${index ? 'index' : 'noindex'}, ${follow ? 'follow' : 'nofollow'}`;
}

interface Crawled {
  status: number;
  header: string | undefined;
  meta: string | null;
  canonical: string | null;
}

/** Loads a page twice as a crawler (rendered, then stored); both answers must be the same. */
async function crawl(request: APIRequestContext, path: string): Promise<Crawled> {
  const answers: Crawled[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get(path, { maxRedirects: 0, headers: { accept: 'text/html' } });
    const html = await response.text();
    answers.push({
      status: response.status(),
      header: response.headers()['x-robots-tag'],
      meta: metaRobots(html),
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    });
  }
  expect(answers[1], `${path}: the stored answer is the rendered one`).toEqual(answers[0]);
  return answers[0]!;
}

function expectRobots(page: Crawled, expected: string, path: string) {
  expect({ path, header: page.header, meta: page.meta }).toEqual({ path, header: expected, meta: expected });
}

/** The paths of a sitemap file. */
async function sitemapPaths(request: APIRequestContext, url: string): Promise<string[]> {
  const response = await request.get(new URL(url).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

function sampleParams(route: Route): RouteParams {
  const params: RouteParams = {};
  for (const part of route.de.split('/')) {
    if (!part.startsWith(':') || part.endsWith('?') || part.endsWith('*')) continue;
    params[part.slice(1)] = /id$/i.test(part) ? '1' : 'beispiel';
  }
  return params;
}

test('robots.txt lets crawlers in and names the sitemap index', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain('User-agent: *');
  expect(text).toContain('Disallow: /api/');
  expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
});

for (const world of ['de', 'gr'] as const satisfies readonly WorldCode[]) {
  test(`every sitemap of ${world}: a sample answers 200, indexable by header and meta, self-canonical; no placeholder listed`, async ({
    request,
  }) => {
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => m[1]!)
      .filter((url) => new URL(url).pathname.startsWith(`/sitemaps/${world}/`));
    for (const kind of ['materials', 'authors', 'posts', 'landings'])
      expect(
        files.some((url) => url.endsWith(`/${kind}-1.xml`)),
        kind,
      ).toBe(true);
    const placeholders = new Set(listPlaceholderRoutes().map((route) => route.id));
    for (const file of files) {
      const paths = await sitemapPaths(request, file);
      expect(paths.length, file).toBeGreaterThan(0);
      for (const path of paths) {
        const route = matchRoute(world, path.split('/').slice(2))?.route;
        expect({ path, placeholder: !!route && placeholders.has(route.id) }).toEqual({ path, placeholder: false });
      }
      for (const path of new Set([paths[0]!, paths[Math.floor(paths.length / 2)]!, paths[paths.length - 1]!])) {
        const page = await crawl(request, path);
        expect({ path, status: page.status }).toEqual({ path, status: 200 });
        expectRobots(page, 'index, follow', path);
        expect(page.canonical && new URL(page.canonical).pathname).toBe(path);
      }
    }
  });

  test(`every placeholder of ${world} is noindex, follow by header and meta`, async ({ request }) => {
    const placeholders = listPlaceholderRoutes();
    expect(placeholders.length).toBeGreaterThan(0);
    for (const route of placeholders) {
      const path = pathForRoute(world, route.id, sampleParams(route));
      const page = await crawl(request, path);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expectRobots(page, 'noindex, follow', path);
    }
  });

  test(`pages of each class in ${world}: header and meta agree`, async ({ request }) => {
    expectRobots(await crawl(request, pathFor(world, 'home')), 'index, follow', 'home');
    for (const id of ['login', 'register', 'forgot-password', 'invitation', 'cart'] as const)
      expectRobots(await crawl(request, pathFor(world, id)), 'noindex, nofollow', id);
    const missing = await crawl(request, `/${world}/gibt-es-nicht/wirklich`);
    expect(missing.status).toBe(404);
    expectRobots(missing, 'noindex, follow', 'unknown path');
    const unknownMaterial = await crawl(request, pathFor(world, 'material', { id: '987654321', slug: 'x' }));
    expect(unknownMaterial.status).toBe(404);
    expectRobots(unknownMaterial, 'noindex, follow', 'unknown material');
  });
}

test('a browser sees the same robots hint in the page as the header said (gr placeholder, de material)', async ({
  page,
  request,
}) => {
  const [placeholder] = listPlaceholderRoutes();
  const placeholderPath = pathForRoute('gr', placeholder!.id, sampleParams(placeholder!));
  const response = await page.goto(placeholderPath);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, follow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');

  const index = await (await request.get('/sitemaps/de/materials-1.xml')).text();
  const material = new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname;
  const materialResponse = await page.goto(material);
  expect(materialResponse?.headers()['x-robots-tag']).toBe('index, follow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
});
