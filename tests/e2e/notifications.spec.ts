import { expect, test, type Page } from '@playwright/test';
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

/** A published paid material of the signed-in seller that the buyer can still buy. */
async function sellersMaterialFor(seller: Page, buyer: Page, world: WorldCode) {
  const own = (await (await seller.request.get(`/api/v3/seller/materials?world=${world}&status=published`)).json()) as {
    items: { id: number; title: string; priceCents?: number; price?: number }[];
  };
  const ids = own.items.map((item) => item.id);
  const states = (await (
    await buyer.request.get(`/api/v3/materials/my-licences?world=${world}&ids=${ids.join(',')}`)
  ).json()) as { items: { material_id: number; refused: { single: string | null } }[] };
  const buyable = states.items.find((state) => state.refused.single === null);
  if (!buyable) throw new Error('the demo seller has no material left that the demo buyer can buy');
  return own.items.find((item) => item.id === buyable.material_id)!;
}

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

    const origin = { origin: new URL(buyer.url()).origin };
    const added = await buyer.request.post(`/api/v1/cart/add?world=${world}`, {
      headers: origin,
      data: { material_id: material.id },
    });
    expect(added.status()).toBe(200);
    const shown = ((await added.json()) as { items: { cart: { finalPrice: number } } }).items.cart.finalPrice;
    const ordered = await buyer.request.post(`/api/v3/orders/checkout?world=${world}`, {
      headers: origin,
      data: {
        provider: 'test',
        idempotency_key: `e2e-live-${world}-${material.id}-${Date.now()}`,
        expected_total: shown,
        delivery_consent: true,
      },
    });
    expect(ordered.status()).toBe(201);

    // Live: the toast names the material, the count rises, without a reload.
    const toast = seller.getByTestId('toast');
    await expect(toast).toContainText(material.title, { timeout: 5000 });
    await expect(seller.getByTestId('bell-count')).toHaveText(String(before + 1));

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

    await sellerContext.close();
    await buyerContext.close();
  });
}
