import zlib from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { untilInteractive } from './support/interactive';

/**
 * Live notifications in the browser: a seller signed in in one context sees "sold!" arrive (the
 * toast, the bell's count) while a buyer in another context pays; after a reload the
 * notification is on the notifications page and can be marked read.
 */

async function signIn(page: Page, world: WorldCode, email: string) {
  await page.goto(pathFor(world, 'login'));
  await untilInteractive(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('kreide-demo');
  await page.locator('#login-password').press('Enter');
  await expect(page).not.toHaveURL(new RegExp(pathFor(world, 'login')));
}

/**
 * A published paid German material of the signed-in seller (the demo seller sells in de) that
 * the buyer can still buy.
 */
async function sellersMaterialFor(seller: Page, buyer: Page, world: WorldCode) {
  const own = (await (await seller.request.get(`/api/v3/seller/materials?world=${world}&status=published`)).json()) as {
    items: { id: number; title: string; world: string; priceCents: number; hidden: boolean }[];
  };
  const ids = own.items
    .filter((item) => item.world === 'de' && item.priceCents > 0 && !item.hidden)
    .map((item) => item.id);
  const states = (await (
    await buyer.request.get(`/api/v3/materials/my-licences?world=de&ids=${ids.join(',')}`)
  ).json()) as { items: { material_id: number; refused: { single: string | null } }[] };
  // Listed are the materials the buyer holds or waits for; any other can be bought.
  const refused = new Set(states.items.filter((state) => state.refused.single !== null).map((s) => s.material_id));
  const buyable = ids.find((id) => !refused.has(id));
  if (buyable === undefined) throw new Error('the demo seller has no material left that the demo buyer can buy');
  return own.items.find((item) => item.id === buyable)!;
}

/** The buyer pays for a material with the test payment, in the material's world (de). */
async function buy(buyer: Page, materialId: number, world: WorldCode) {
  const origin = { origin: new URL(buyer.url()).origin };
  const added = await buyer.request.post(`/api/v1/cart/add?world=de`, {
    headers: origin,
    data: { material_id: materialId },
  });
  expect(added.status()).toBe(200);
  const shown = ((await added.json()) as { items: { cart: { finalPrice: number } } }).items.cart.finalPrice;
  const ordered = await buyer.request.post(`/api/v3/orders/checkout?world=de`, {
    headers: origin,
    data: {
      provider: 'test',
      idempotency_key: `e2e-live-${world}-${materialId}-${Date.now()}`,
      expected_total: shown,
      delivery_consent: true,
    },
  });
  expect(ordered.status()).toBe(201);
}

/** The bell's and live connection's code: the chunk that asks for a handshake ticket. */
const LIVE_CODE = '/api/v1/notifications/ticket';
const LIVE_BUDGET_GZIP_BYTES = 6 * 1024;

/** Every script the page loads, to find the live code among them afterwards. */
function collectScripts(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  return scripts;
}

async function liveChunks(scripts: Response[]) {
  const found: { url: string; wireBytes: number }[] = [];
  for (const script of scripts) {
    const text = await script.text().catch(() => '');
    if (text.includes(LIVE_CODE))
      // Its gzip size (what the server sends; Brotli, where the browser takes it, is smaller).
      found.push({ url: script.url(), wireBytes: zlib.gzipSync(text, { level: 9 }).length });
  }
  return found;
}

test('an anonymous visitor never downloads the live notifications code and sees no bell', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = collectScripts(page);
  await page.goto(pathFor('de', 'home'));
  await untilInteractive(page);
  await expect(page.getByTestId('login-link')).toBeVisible();
  await expect(page.getByTestId('bell')).toHaveCount(0);
  expect(await liveChunks(scripts)).toEqual([]);
  await context.close();
});

for (const world of ['de', 'gr'] as const) {
  test(`a seller sees a sale arrive live, and finds it after a reload (${world})`, async ({ browser }) => {
    const sellerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    await signIn(seller, world, 'seller@demo.test');
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await signIn(buyer, world, 'buyer@demo.test');
    const material = await sellersMaterialFor(seller, buyer, world);

    // The seller waits on a public page: the bell appears for a signed-in browser.
    const scripts = collectScripts(seller);
    await seller.goto(pathFor(world, 'home'));
    await untilInteractive(seller);
    const bell = seller.getByTestId('bell');
    await expect(bell).toBeVisible();
    await expect(bell).toHaveAttribute('href', pathFor(world, 'cabinet-inbox'));
    const before = Number(
      (await seller
        .getByTestId('bell-count')
        .textContent({ timeout: 2000 })
        .catch(() => '0')) || 0,
    );

    await buy(buyer, material.id, world);

    // Live: the toast names the material, the count rises, without a reload.
    const toast = seller.getByTestId('toast');
    await expect(toast).toContainText(material.title, { timeout: 5000 });
    // Other journeys may sell the demo seller's materials meanwhile: at least this one more.
    await expect.poll(async () => Number(await seller.getByTestId('bell-count').textContent())).toBeGreaterThan(before);

    // What the bell and the live connection add, compressed on the wire.
    const live = await liveChunks(scripts);
    expect(live).toHaveLength(1);
    expect(live[0]!.wireBytes).toBeGreaterThan(0);
    expect(live[0]!.wireBytes).toBeLessThanOrEqual(LIVE_BUDGET_GZIP_BYTES);

    // After a reload it is on the notifications page, unread, and can be marked read.
    await seller.reload();
    await bell.click();
    await expect(seller).toHaveURL(pathFor(world, 'cabinet-inbox'));
    const item = seller.getByTestId('notifications-list').locator('li').first();
    await expect(item).toContainText(material.title);
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.getByRole('button').click();
    await expect(seller.getByTestId('notifications-notice')).toBeVisible();
    const same = seller.locator(`[data-notification-id="${await item.getAttribute('data-notification-id')}"]`);
    await expect(same).toHaveAttribute('data-read', 'true');
    await seller.reload();
    await expect(same).toHaveAttribute('data-read', 'true');

    // With the page open, the next sale joins its list at once, without a reload.
    await untilInteractive(seller);
    await expect(seller.getByTestId('bell')).toBeVisible();
    const next = await sellersMaterialFor(seller, buyer, world);
    await buy(buyer, next.id, world);
    await expect(seller.getByTestId('notifications-live').locator('li').first()).toContainText(next.title, {
      timeout: 5000,
    });

    await sellerContext.close();
    await buyerContext.close();
  });
}
