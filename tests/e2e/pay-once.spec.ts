import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { untilInteractive } from './support/interactive';

/**
 * Paying once: the demo buyer opens what they own and what waits on their unpaid order, and is
 * told so (with the download, with the order) instead of being offered "add to cart"; the same
 * cached page still offers it to an anonymous visitor. The demo buyer owns materials from paid
 * orders in de and gr and has an unpaid invoice order in de; where it is gone (an admin recorded
 * its payment in another journey), the journey orders one by invoice itself.
 */

const BUYER = { email: 'buyer@demo.test', password: 'kreide-demo' };

const TEXTS = {
  de: {
    owned: 'Du besitzt dieses Material.',
    upgrade: 'Upgrade auf Schullizenz',
    pending: 'Wartet auf deine Überweisung.',
    add: 'In den Warenkorb',
    blockedOwned: 'Dieses Material hast du bereits gekauft.',
  },
  gr: {
    owned: 'Έχεις ήδη αυτό το υλικό.',
    upgrade: 'Αναβάθμιση σε σχολική άδεια',
    pending: 'Αναμένεται η τραπεζική σου μεταφορά.',
    add: 'Στο καλάθι',
    blockedOwned: 'Έχετε ήδη αγοράσει αυτό το υλικό.',
  },
} as const;

interface Order {
  id: number;
  status: string;
  provider: string;
  world: string;
  items: { materialId: number; refunded: boolean }[];
}

async function interactive(page: Page) {
  await untilInteractive(page);
}

async function signIn(page: Page, world: WorldCode) {
  await page.goto(pathFor(world, 'login'));
  await interactive(page);
  await page.locator('#login-email').fill(BUYER.email);
  await page.locator('#login-password').fill(BUYER.password);
  await page.locator('.login-form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${world}$`));
}

/** The material page of an id (the page itself redirects to its canonical slug). */
const materialPath = (world: WorldCode, id: number) => pathFor(world, 'material', { id: String(id), slug: 'x' });

async function orders(page: Page, world: WorldCode): Promise<Order[]> {
  const answer = await page.request.get(`/api/v3/orders?world=${world}&limit=100`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()).orders as Order[]).filter((order) => order.world === world);
}

/** A material the signed-in buyer holds from a paid order of the world. */
async function ownedMaterial(page: Page, world: WorldCode): Promise<number> {
  const paid = (await orders(page, world)).find((order) => order.status === 'paid' && order.provider === 'invoice');
  expect(paid, `the demo buyer has a paid order in ${world}`).toBeTruthy();
  return paid!.items[0]!.materialId;
}

/** The buyer's unpaid invoice order of the world and a material on it; ordered now when there is none. */
async function pendingOrder(page: Page, world: WorldCode): Promise<{ orderId: number; materialId: number }> {
  const found = (await orders(page, world)).find((order) => order.status === 'pending' && order.provider === 'invoice');
  if (found) return { orderId: found.id, materialId: found.items[0]!.materialId };
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  // One of the older paid materials the buyer has nothing to do with (the buying journeys take the newest).
  const search = await (await page.request.get(`/api/v3/search?world=${world}&price=paid&sort=newest`)).json();
  const candidates = (search.items as { id: number }[]).slice(-8).map((item) => item.id);
  const states = await (
    await page.request.get(`/api/v3/materials/my-licences?world=${world}&ids=${candidates.join(',')}`)
  ).json();
  const taken = new Set((states.items as { material_id: number }[]).map((item) => item.material_id));
  const materialId = candidates.find((id) => !taken.has(id))!;
  expect(
    (
      await page.request.post(`/api/v1/cart/add?world=${world}`, { headers, data: { material_id: materialId } })
    ).status(),
  ).toBe(200);
  const cart = (await (await page.request.get(`/api/v1/cart/view?world=${world}`)).json()).items.cart;
  const made = await page.request.post(`/api/v3/orders/checkout?world=${world}`, {
    headers,
    data: {
      provider: 'invoice',
      idempotency_key: crypto.randomBytes(16).toString('hex'),
      expected_total: cart.finalPrice,
      delivery_consent: true,
    },
  });
  expect(made.status()).toBe(201);
  return { orderId: (await made.json()).order.id, materialId };
}

for (const world of ['de', 'gr'] as const) {
  const texts = TEXTS[world];

  test(`the buyer is told what they own and what waits for their transfer, not offered it again (${world})`, async ({
    page,
    browser,
  }) => {
    await signIn(page, world);
    const owned = await ownedMaterial(page, world);
    const pending = await pendingOrder(page, world);

    // Owned: "you own it", a download that works, the bought materials; only the school upgrade is offered.
    await page.goto(materialPath(world, owned));
    await interactive(page);
    const box = page.getByTestId('add-to-cart');
    await expect(box.getByTestId('buyer-state')).toContainText(texts.owned);
    await expect(box.getByTestId('add-single')).toHaveCount(0);
    await expect(box.getByTestId('add-school')).toContainText(texts.upgrade);
    await expect(box.getByTestId('owned-link')).toHaveAttribute('href', pathFor(world, 'cabinet-bought'));
    const download = await box.getByTestId('owned-download').getAttribute('href');
    const file = await page.request.get(download!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toContain('attachment');

    // On the unpaid order: the notice and the way to that order, nothing to add.
    await page.goto(materialPath(world, pending.materialId));
    await interactive(page);
    await expect(box.getByTestId('buyer-state')).toContainText(texts.pending);
    await expect(box.getByTestId('add-single')).toHaveCount(0);
    await expect(box.getByTestId('add-school')).toHaveCount(0);
    await box.getByTestId('pending-order-link').click();
    await expect(page).toHaveURL(pathFor(world, 'order-confirmation', { orderId: String(pending.orderId) }));
    await expect(page.locator('[data-order-status="pending"]')).toBeVisible();

    // An anonymous visitor of the same page (the same cached HTML) is offered it; once they sign
    // in as the buyer, the cart keeps that line apart, says why and links to the bought materials.
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(materialPath(world, owned));
    await interactive(visitor);
    await expect(visitor.getByTestId('add-single')).toHaveText(texts.add);
    await expect(visitor.getByTestId('buyer-state')).toHaveCount(0);
    await visitor.getByTestId('add-single').click();
    await expect(visitor.getByTestId('add-to-cart-outcome')).not.toBeEmpty();
    await signIn(visitor, world);
    await visitor.goto(pathFor(world, 'cart'));
    const blocked = visitor.getByTestId('cart-blocked').locator(`li[data-material-id="${owned}"]`);
    await expect(blocked).toContainText(texts.blockedOwned);
    await expect(blocked.getByTestId('owned-link')).toHaveAttribute('href', pathFor(world, 'cabinet-bought'));
    // Taken out again, so the buyer's cart is as before (a line an earlier journey left in it
    // stays, as the buyer would expect).
    await blocked.getByRole('button').click();
    await expect(blocked).toHaveCount(0);
    await anonymous.close();
  });
}
