import { expect, test } from '@playwright/test';
import { pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { signedInContext } from './support/sessions';
import { untilInteractive } from './support/interactive';

/**
 * The areas (account entry, shopping, cabinet, school, admin) as the built server answers them:
 * their localised paths reach their own folders through the proxy, sign-in and not-found are
 * decided before anything renders, and the internal folders are not addresses. Each journey
 * runs in one world, rotating through the main ones.
 */

const SIGNED_IN_ROUTES: [WorldCode, RouteId][] = [
  ['de', 'cabinet-bank-details'],
  ['it', 'cabinet-notifications'],
  ['gr', 'cabinet-delete-account'],
  ['fr', 'cabinet-my-school'],
  ['es', 'school-create'],
  ['de', 'ai-tools-documents'],
  ['it', 'admin-jobs'],
];

test('an anonymous visitor of a signed-in area gets a 307 to the login page of the world, with the page to come back to', async ({
  request,
}) => {
  for (const [world, route] of SIGNED_IN_ROUTES) {
    const path = pathFor(world, route);
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers()['location'], path).toBe(`${pathFor(world, 'login')}?next=${encodeURIComponent(path)}`);
  }
});

test('account entry and shopping pages answer without an account, uncached and not indexed (de, it, gr, fr)', async ({
  request,
}) => {
  for (const [world, route] of [
    ['de', 'login'],
    ['it', 'register'],
    ['gr', 'forgot-password'],
    ['fr', 'cart'],
    ['de', 'favourites'],
  ] as [WorldCode, RouteId][]) {
    const response = await request.get(pathFor(world, route), { maxRedirects: 0 });
    expect(response.status(), route).toBe(200);
    expect(response.headers()['cache-control'], route).toContain('no-store');
    expect(response.headers()['x-robots-tag'], route).toContain('noindex');
    expect(await response.text(), route).toContain(
      `data-area="${route === 'cart' || route === 'favourites' ? 'shopping' : 'account'}"`,
    );
  }
});

test('a missing page of an area is a 404, and the internal folders are no addresses (es, gr)', async ({ request }) => {
  for (const path of [
    '/es/cuenta/no-existe',
    pathFor('gr', 'ai-tools-document', { id: '2147483648' }),
    '/es/area-cabinet/cuenta/datos-bancarios',
    '/gr/area-account/syndesi',
    '/de/area-admin/verwaltung',
    '/it/area-shopping',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
});

test('the back office is not found for a teacher and opens for an admin (it)', async ({ browser, baseURL }) => {
  const teacher = await signedInContext(browser, baseURL!, 'buyer@demo.test');
  const refused = await teacher.request.get(pathFor('it', 'admin-jobs'), { maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  await teacher.close();
  const admin = await signedInContext(browser, baseURL!, 'admin@demo.test');
  const page = await admin.newPage();
  const response = await page.goto(pathFor('it', 'admin-jobs'));
  expect(response?.status()).toBe(200);
  await expect(page.locator('[data-area="admin"]')).toBeVisible();
  await admin.close();
});

test('the cabinet keeps its navigation while a teacher moves between its pages (gr)', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, 'buyer@demo.test');
  const page = await context.newPage();
  await page.goto(pathFor('gr', 'cabinet-billing-address'));
  await untilInteractive(page);
  const nav = page.locator('[data-area="cabinet"] nav');
  await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', pathFor('gr', 'cabinet-billing-address'));
  await nav.locator(`a[href="${pathFor('gr', 'cabinet-notifications')}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${pathFor('gr', 'cabinet-notifications')}$`));
  await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', pathFor('gr', 'cabinet-notifications'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});
