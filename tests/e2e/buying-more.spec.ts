import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { STRIPE_TEST_ENV } from './support/stripe-test-double-env';
import { unownedPaidMaterial } from './support/materials';
import { signedInContext } from './support/sessions';
import { untilInteractive } from './support/interactive';

/**
 * More of buying in the browser, each journey in one world: a card payment on Stripe's hosted
 * page (its stand-in, tests/e2e/support/stripe-test-double.ts), the upgrade of a single licence
 * to a school licence for the difference, and the payment page that never sends the calls it
 * must not send.
 */

async function interactive(page: Page) {
  await untilInteractive(page);
}

/** A browser context signed in as the demo buyer (billing address in Germany). */
function buyerContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, 'buyer@demo.test');
}

/** Adds a material to the buyer's cart through the API, as the add-to-cart button does. */
async function addToCart(context: BrowserContext, baseURL: string, world: WorldCode, id: number, licence = 'single') {
  const added = await context.request.post(`/api/v1/cart/add?world=${world}`, {
    headers: { origin: baseURL },
    data: { material_id: id, licence },
  });
  expect(added.status()).toBe(200);
  return (await added.json()).items.cart as {
    finalPrice: number;
    cartItems: { licence: string; finalPrice: number }[];
  };
}

test('a card payment goes through Stripe’s hosted page and comes back paid, without Stripe on our pages (es)', async ({
  browser,
  baseURL,
}) => {
  const context = await buyerContext(browser, baseURL!);
  const material = await unownedPaidMaterial(context, 'es', 4);
  const cart = await addToCart(context, baseURL!, 'es', material.id);
  const page = await context.newPage();
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (/stripe\.(com|network)/.test(request.url())) stripeRequests.push(request.url());
  });

  await page.goto(pathFor('es', 'payment'));
  await page.getByTestId('provider-card').check();
  await page.getByTestId('delivery-consent').check();
  await page.getByTestId('place-order').click();

  // Stripe's page (the stand-in) asks for exactly the order's total, in euro cents.
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_TEST_ENV.STRIPE_API_URL}/pay/cs_test_\\d+$`));
  await expect(page.getByTestId('stripe-amount')).toHaveText(`${cart.finalPrice} EUR`);
  await page.getByRole('button', { name: 'Pay' }).click();

  // The signed webhook delivered the order before the buyer came back to the confirmation.
  await expect(page).toHaveURL(new RegExp(`${pathFor('es', 'order-confirmation')}/\\d+\\?payment=done$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const orders = (await (await context.request.get('/api/v3/orders?world=es')).json()).orders as {
    provider: string;
    status: string;
    items: { materialId: number }[];
  }[];
  const card = orders.find((order) => order.items.some((item) => item.materialId === material.id))!;
  expect(card).toMatchObject({ provider: 'card', status: 'paid' });
  await page.goto(pathFor('es', 'cabinet-bought'));
  await expect(page.getByTestId('bought-list').locator('li', { hasText: material.title })).toBeVisible();
  // No Stripe script or frame was ever loaded by our pages.
  expect(stripeRequests).toEqual([]);
  await context.close();
});

test('a teacher upgrades a single licence to a school licence and pays only the difference (fr)', async ({
  browser,
  baseURL,
}) => {
  const context = await buyerContext(browser, baseURL!);
  const material = await unownedPaidMaterial(context, 'fr', 3);
  const page = await context.newPage();

  // The single licence first, with the test payment.
  const single = await addToCart(context, baseURL!, 'fr', material.id);
  const singlePrice = single.cartItems[0]!.finalPrice;
  await page.goto(pathFor('fr', 'payment'));
  await page.getByTestId('provider-test').check();
  await page.getByTestId('delivery-consent').check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(new RegExp(`${pathFor('fr', 'order-confirmation')}/\\d+$`));

  // What a school licence costs a visitor who owns nothing.
  const visitor = await browser.newContext({ baseURL });
  const schoolPrice = (await addToCart(visitor, baseURL!, 'fr', material.id, 'school')).cartItems[0]!.finalPrice;
  await visitor.close();
  expect(schoolPrice).toBeGreaterThan(singlePrice);

  // The upgrade from the bought materials, through the cart, for the difference.
  await page.goto(pathFor('fr', 'cabinet-bought'));
  const line = page.getByTestId('bought-list').locator('li', { hasText: material.title });
  await expect(line).toContainText('Licence individuelle');
  await line.getByTestId('upgrade').click();
  await expect(page).toHaveURL(`${pathFor('fr', 'cart')}?notice=added`);
  const cart = (await (await context.request.get('/api/v1/cart/view?world=fr')).json()).items.cart as {
    cartItems: { licence: string; finalPrice: number; material: { id: number } }[];
  };
  expect(cart.cartItems).toHaveLength(1);
  expect(cart.cartItems[0]).toMatchObject({
    licence: 'school-upgrade',
    finalPrice: schoolPrice - singlePrice,
    material: { id: material.id },
  });
  await page.getByTestId('to-checkout').click();
  await page.getByTestId('provider-test').check();
  await page.getByTestId('delivery-consent').check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(new RegExp(`${pathFor('fr', 'order-confirmation')}/\\d+$`));

  await page.goto(pathFor('fr', 'cabinet-bought'));
  const upgraded = page.getByTestId('bought-list').locator('li', { hasText: material.title });
  await expect(upgraded).toContainText('Licence établissement');
  await expect(upgraded.getByTestId('upgrade')).toHaveCount(0);
  // Search and filter of the bought materials: the school licence is found, the single one not.
  await page.getByTestId('bought-filter').getByRole('searchbox').fill(material.title.slice(0, 12));
  await page.locator('select[name="licence"]').selectOption('school');
  await page.getByTestId('bought-filter').getByRole('button').click();
  await expect(page.getByTestId('bought-list').locator('li', { hasText: material.title })).toBeVisible();
  await page.locator('select[name="licence"]').selectOption('single');
  await page.getByTestId('bought-filter').getByRole('button').click();
  await expect(page.getByTestId('bought-list').locator('li', { hasText: material.title })).toHaveCount(0);
  await context.close();
});

/** The calls the payment page must never send. */
const ABORTED =
  /\/api\/(v1\/filters|v3\/mega-menu\/get-subjects|v3\/subscriptions\/anonymous\/persist|v3\/elastic-indexer\/)/;

test('the payment page never sends the filters, subjects menu, subscription persist or wishlist calls (it)', async ({
  browser,
  baseURL,
}) => {
  const context = await buyerContext(browser, baseURL!);
  const material = await unownedPaidMaterial(context, 'it', 5);
  await addToCart(context, baseURL!, 'it', material.id);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (ABORTED.test(new URL(request.url()).pathname)) sent.push(request.url());
  });

  await page.goto(pathFor('it', 'payment'));
  await interactive(page);
  // The subjects menu opened on the payment page loads nothing.
  await page.locator('details.mega-menu > summary').click();
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);

  // Elsewhere the same menu loads its subjects: the recorder sees what is sent.
  await page.goto(pathFor('it', 'cart'));
  await interactive(page);
  const subjects = page.waitForRequest((request) => request.url().includes('/api/v3/mega-menu/get-subjects'));
  await page.locator('details.mega-menu > summary').click();
  await subjects;
  expect(sent).toHaveLength(1);

  await context.request.post('/api/v1/cart/remove?world=it', {
    headers: { origin: baseURL! },
    data: { material_id: material.id },
  });
  await context.close();
});

for (const [world, skip] of [
  ['es', 7],
  ['de', 9],
] as const) {
  test(`a card order not paid yet can be paid later from its page, or cancelled there (${world})`, async ({
    browser,
    baseURL,
  }) => {
    const texts = JSON.parse(readFileSync(`messages/${world}/thank-you-page.json`, 'utf8')) as {
      status: { pending: string; cancelled: string };
      cancel: { button: string };
    };
    const context = await buyerContext(browser, baseURL!);
    const material = await unownedPaidMaterial(context, world, skip);
    await addToCart(context, baseURL!, world, material.id);
    const page = await context.newPage();
    await page.goto(pathFor(world, 'payment'));
    await page.getByTestId('provider-card').check();
    await page.getByTestId('delivery-consent').check();
    await page.getByTestId('place-order').click();
    const stripePage = new RegExp(`^${STRIPE_TEST_ENV.STRIPE_API_URL}/pay/cs_test_\\d+$`);
    await expect(page).toHaveURL(stripePage);
    const paymentUrl = page.url();

    // Back from Stripe's page without paying: the order waits, and its page offers to pay it.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`${pathFor(world, 'order-confirmation')}/\\d+$`));
    await expect(page.getByTestId('order-status')).toHaveText(texts.status.pending);
    const orderPage = page.url();
    // As Stripe sends a buyer back after paying, before its webhook came: neither pay nor cancel.
    await page.goto(`${orderPage}?payment=done`);
    await expect(page.getByTestId('card-confirming')).toBeVisible();
    await expect(page.getByTestId('card-payment')).toHaveCount(0);
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    await page.goto(orderPage);
    const pay = page.getByTestId('card-payment').getByRole('button');
    await expect(pay).toBeVisible();
    await pay.click();
    await expect(page).toHaveURL(paymentUrl);
    await page.getByRole('link', { name: 'Cancel' }).click();

    // Cancelled: its page can no longer be paid, and the material can be bought again.
    await page.getByTestId('order-cancel').getByRole('button', { name: texts.cancel.button }).click();
    await expect(page.getByTestId('order-status')).toHaveText(texts.status.cancelled);
    await expect(page.getByTestId('card-payment')).toHaveCount(0);
    expect((await context.request.get(paymentUrl)).status()).toBe(410);
    // (Asked as the material page asks; adding it would leave it in the demo buyer's cart.)
    const states = await (
      await context.request.get(`/api/v3/materials/my-licences?world=${world}&ids=${material.id}`)
    ).json();
    const state = (states.items as { material_id: number; refused: { single: string | null } }[]).find(
      (item) => item.material_id === material.id,
    );
    expect(state?.refused.single ?? null).toBeNull();
    await context.close();
  });
}
