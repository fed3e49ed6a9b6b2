import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { untilInteractive } from './support/interactive';

/** Opens the first paid material of a world's bestseller shelf and returns its path. */
async function openPaidMaterial(page: Page, world: string): Promise<string> {
  await page.goto(`/${world}`);
  // Client-side navigation starts once the page is interactive (scripts start after first paint).
  await untilInteractive(page);
  const card = page
    .locator('#shelf-bestsellers ~ .shelf-items .card, section[aria-labelledby="shelf-bestsellers"] .card')
    .filter({ has: page.locator('.price-current') })
    .first();
  await card.locator('a.card-link').click();
  await expect(page).toHaveURL(new RegExp(`/${world}/[a-z-]+/\\d+/[a-z0-9-]+$`));
  await expect(page.locator('article.material h1')).toBeVisible();
  return new URL(page.url()).pathname;
}

test('the root lands in the German world', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Unterrichtsmaterial');
});

test('the world switcher takes you to Italian text and Italian paths, and is remembered', async ({ page }) => {
  await page.goto('/de');
  await page.locator('.world-switcher summary').click();
  await page.getByRole('link', { name: 'Italia' }).click();
  await expect(page).toHaveURL(/\/it$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
  await expect(page.getByRole('link', { name: 'Carrello' })).toHaveAttribute('href', '/it/carrello');
  await expect(page.locator('header').getByRole('search').getByRole('button')).toHaveText('Cerca');
  // The last visited world is remembered for the root entry point.
  await page.goto('/');
  await expect(page).toHaveURL(/\/it$/);
});

for (const [world, locale, word] of [
  ['de', 'de-DE', 'material'],
  ['it', 'it-IT', 'materiale'],
  ['gr', 'el-GR', 'yliko'],
] as const) {
  test(`a material page opens in ${world} with the price in ${locale} format`, async ({ page }) => {
    const path = await openPaidMaterial(page, world);
    expect(path).toMatch(new RegExp(`^/${world}/${word}/\\d+/[a-z0-9-]+$`));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // Euro prices in these locales: two decimals after a comma.
    await expect(page.locator('.material-price .price-current')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
    await expect(page.locator('img.preview-first')).toBeVisible();
    // As a crawler loads it: one robots hint.
    await page.reload();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  });
}

test('a material page carries canonical and hreflang alternates', async ({ page }) => {
  const path = await openPaidMaterial(page, 'it');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="it-IT"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
});

test('home pages list hreflang alternates for every world', async ({ page }) => {
  await page.goto('/fr');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(28);
  await expect(page.locator('link[rel="alternate"][hreflang="el-GR"]')).toHaveAttribute('href', /\/gr$/);
});

test('robots hints: public, search, cabinet and shopping pages', async ({ page }) => {
  const material = await page.request.get('/de');
  expect(material.headers()['x-robots-tag']).toBe('index, follow');

  await page.goto('/de/suchergebnisse');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');

  // A cabinet page sends an anonymous visitor to login; the hint is on that answer too.
  const cabinet = await page.request.get('/it/account/dati-bancari', { maxRedirects: 0 });
  expect(cabinet.status()).toBe(307);
  expect(cabinet.headers()['x-robots-tag']).toBe('noindex, nofollow');

  const cart = await page.goto('/it/carrello');
  expect(cart?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carrello');
});

test('an author page and the author’s own domain', async ({ page }) => {
  await page.goto('/de');
  const path = await openPaidMaterial(page, 'de');
  expect(path).toBeTruthy();
  await page.locator('.material-author a').click();
  await expect(page).toHaveURL(/\/de\/autor\/\d+\/[a-z0-9-]+$/);
  await page.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('[data-tab="blog"]')).toBeVisible();

  const port = new URL(page.url()).port;
  await page.goto(`http://author-demo.localhost:${port}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frau Demo');
  await expect(page.locator('.card').first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/autor\/\d+\/frau-demo$/);
  await page.getByRole('link', { name: 'Materialien' }).first().click();
  await expect(page).toHaveURL(`http://author-demo.localhost:${port}/materials`);
});

test('an unknown world or page gives a translated 404', async ({ page }) => {
  const unknownWorld = await page.goto('/xx/material/1/x');
  expect(unknownWorld?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  const unknownMaterial = await page.goto('/it/materiale/99999999/x');
  expect(unknownMaterial?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/.+/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Seite nicht gefunden');
});

test('a path in another world’s wording redirects to the right wording', async ({ page }) => {
  await page.goto('/it/warenkorb');
  await expect(page).toHaveURL(/\/it\/carrello$/);
  // The Italian page remembered its world: a path without one goes there, in Italian words.
  await page.goto('/merkzettel');
  await expect(page).toHaveURL(/\/it\/preferiti$/);
});

test('a malformed tracking link is rewritten into a well-formed query', async ({ page }) => {
  await page.goto('/de?ref=newsletter?utm_source=mail&amp;utm_medium=email');
  expect(new URL(page.url()).search).toBe('?ref=newsletter&utm_source=mail&utm_medium=email');
});

// One world per run (de is scanned by accessibility.spec.ts).
for (const world of ['gr']) {
  test(`no serious or critical accessibility violations on the ${world} home and a material page`, async ({ page }) => {
    await page.goto(`/${world}`);
    const home = await new AxeBuilder({ page }).analyze();
    expect(
      home.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);
    await openPaidMaterial(page, world);
    const material = await new AxeBuilder({ page }).analyze();
    expect(
      material.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);
  });
}

test('the header works at 320 px and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/es');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(320);
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="header-search"]')).toBeFocused();
});
