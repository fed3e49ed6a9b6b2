import { expect, test, type APIRequestContext } from '@playwright/test';
import { pathFor } from '@/lib/routing/localized-routes';
import { untilInteractive } from './support/interactive';

/**
 * The public pages that the catalogue journeys do not pass through — user profile,
 * blog post, lesson and school landings, recommendations — and an unknown author, as the built
 * server answers them: status codes, redirects, robots hints. What they show is also checked,
 * closer to the data, in tests/integration/public-pages.test.tsx.
 */

/** An id no seeded row has, within the id column's range. */
const UNKNOWN_ID = '987654321';

/** The paths of a sitemap file that match `pattern` (origin dropped). */
async function sitemapPaths(request: APIRequestContext, file: string, pattern: RegExp): Promise<string[]> {
  const response = await request.get(file);
  expect(response.status()).toBe(200);
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return locs.filter((p) => pattern.test(p));
}

/** A member's id and slug, asked the way the mobile app asks (bearer token, no cookie). */
async function member(
  request: APIRequestContext,
  email: string,
): Promise<{ id: number; slug: string; publicName: string }> {
  const signedIn = await request.post('/api/v3/oauth2/authenticate', {
    data: { client_id: 'app', grant_type: 'password', username: email, password: 'kreide-demo' },
  });
  expect(signedIn.status()).toBe(200);
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  const user = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${token}` } });
  expect(user.status()).toBe(200);
  const body = (await user.json()) as { id: number; slug: string; details: { publicName: string } };
  return { id: body.id, slug: body.slug, publicName: body.details.publicName };
}

test('an unknown author is a 404 with the world’s not-found page, and so is a member who is not a seller (de, it)', async ({
  page,
  request,
}) => {
  const unknown = await page.goto(pathFor('de', 'author', { id: UNKNOWN_ID, slug: 'x' }));
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  // Next adds its own noindex to a not-found answer: every robots hint there must say noindex.
  const hints = await page
    .locator('meta[name="robots"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('content') ?? ''));
  expect(hints.length).toBeGreaterThan(0);
  for (const hint of hints) expect(hint).toMatch(/noindex/);

  // Every tab of an unknown author, in another world's wording.
  for (const tab of [undefined, 'blog', 'activity', 'following'] as const) {
    expect(
      (await request.get(pathFor('it', 'author', { id: UNKNOWN_ID, slug: 'x', tab }), { maxRedirects: 0 })).status(),
    ).toBe(404);
  }
  const italian = await page.goto(pathFor('it', 'author', { id: UNKNOWN_ID, slug: 'x' }));
  expect(italian?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/.+/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Seite nicht gefunden');

  const buyer = await member(request, 'buyer@demo.test');
  expect(
    (
      await request.get(pathFor('de', 'author', { id: String(buyer.id), slug: buyer.slug }), { maxRedirects: 0 })
    ).status(),
  ).toBe(404);
});

test('a member’s profile shows their name, is not indexed but followed, and has one canonical path (de)', async ({
  page,
  request,
}) => {
  const buyer = await member(request, 'buyer@demo.test');
  const canonical = pathFor('de', 'user-profile', { id: String(buyer.id), slug: buyer.slug });
  const response = await page.goto(canonical);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(buyer.publicName);
  await expect(page.locator('.user-profile .post-meta')).toContainText('Mitglied seit');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${canonical}$`));

  for (const wrong of [
    pathFor('de', 'user-profile', { id: String(buyer.id) }),
    pathFor('de', 'user-profile', { id: String(buyer.id), slug: 'someone-else' }),
  ]) {
    const redirect = await request.get(wrong, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers()['location']).toBe(canonical);
  }
  // A seller's member profile is their author page.
  const seller = await member(request, 'seller@demo.test');
  const sellerProfile = await request.get(pathFor('de', 'user-profile', { id: String(seller.id), slug: seller.slug }), {
    maxRedirects: 0,
  });
  expect(sellerProfile.status()).toBe(301);
  expect(sellerProfile.headers()['location']).toBe(
    pathFor('de', 'author', { id: String(seller.id), slug: seller.slug }),
  );

  expect((await request.get(pathFor('de', 'user-profile', { id: UNKNOWN_ID, slug: 'x' }))).status()).toBe(404);
});

// Member pages are thin: the route's class (the header) and the page's meta both say noindex, follow.
test('a member’s profile sends the same robots hint as header and as meta (de)', async ({ page, request }) => {
  const buyer = await member(request, 'buyer@demo.test');
  const response = await page.goto(pathFor('de', 'user-profile', { id: String(buyer.id), slug: buyer.slug }));
  expect(response?.headers()['x-robots-tag']).toBe('noindex, follow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
});

test('a blog post opens from its author’s blog tab and leads back to it (de)', async ({ page, request }) => {
  const [authorPath] = await sitemapPaths(request, '/sitemaps/de/authors-1.xml', /^\/de\/autor\/\d+\/frau-demo$/);
  expect(authorPath).toBeTruthy();
  const blogTab = pathFor('de', 'author', { id: authorPath!.split('/')[3]!, slug: 'frau-demo', tab: 'blog' });
  await page.goto(blogTab);
  await untilInteractive(page);
  const first = page.locator('.tab-panel .post-list a').first();
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/de\/post\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  await expect(page.locator('.blog-body p').first()).toBeVisible();
  await page.locator('.blog-post .post-meta a').click();
  await expect(page).toHaveURL(new RegExp(`${blogTab}$`));

  expect((await request.get(pathFor('de', 'blog-post', { id: UNKNOWN_ID }))).status()).toBe(404);
});

test('lesson and school landings: heading, robots hint, 301 for a wrong slug, 404 for an unknown id (de)', async ({
  page,
  request,
}) => {
  const [lesson] = await sitemapPaths(request, '/sitemaps/de/landings-1.xml', /^\/de\/unterricht\/\d+\/[a-z0-9-]+$/);
  const [school] = await sitemapPaths(
    request,
    '/sitemaps/de/landings-1.xml',
    /^\/de\/schulmaterialen\/[a-z0-9-]+\/\d+$/,
  );
  expect(lesson).toBeTruthy();
  expect(school).toBeTruthy();

  for (const [path, kind] of [
    [lesson!, 'lesson-landing'],
    [school!, 'school-landing'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('index, follow');
    await expect(page.locator(`section.landing[data-landing="${kind}"]`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  }
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Unterrichtsmaterial der');

  const lessonId = lesson!.split('/')[3]!;
  const wrongLesson = await request.get(`/de/unterricht/${lessonId}/falsch`, { maxRedirects: 0 });
  expect(wrongLesson.status()).toBe(301);
  expect(wrongLesson.headers()['location']).toBe(lesson);
  const schoolId = school!.split('/')[4]!;
  const wrongSchool = await request.get(`/de/schulmaterialen/falsche-schule/${schoolId}`, { maxRedirects: 0 });
  expect(wrongSchool.status()).toBe(301);
  expect(wrongSchool.headers()['location']).toBe(school);

  expect((await request.get(`/de/unterricht/${UNKNOWN_ID}/x`)).status()).toBe(404);
  expect((await request.get(`/de/schulmaterialen/x/${UNKNOWN_ID}`)).status()).toBe(404);
});

test('recommendations list well-rated materials under the world’s own word (de, it)', async ({ page }) => {
  const response = await page.goto('/de/empfehlungen');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('index, follow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Empfehlungen');
  await expect(page.locator('section.landing[data-landing="recommendations"]')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');

  const italian = pathFor('it', 'recommendations');
  expect(italian).not.toBe('/it/empfehlungen');
  expect((await page.goto(italian))?.status()).toBe(200);
  await expect(page.locator('section.landing[data-landing="recommendations"]')).toBeVisible();
  // German wording under the Italian world goes to the Italian word.
  await page.goto('/it/empfehlungen');
  await expect(page).toHaveURL(new RegExp(`${italian}$`));
});
