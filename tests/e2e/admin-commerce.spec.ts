import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { AdminTexts } from '@/components/admin/texts';
import { getMessages } from '@/lib/i18n/messages';
import { pathFor } from '@/lib/routing/localized-routes';
import { fill } from '@/lib/text/fill';
import { signedInContext } from './support/sessions';
import { untilInteractive } from './support/interactive';

/**
 * The back office's commerce pages in the browser (gr): an admin finds an invoice purchase by
 * its reference, records its transfer, and later refunds it; the buyer's downloads follow. The
 * admin area's texts exist in German and English, so a Greek admin reads them in English (the
 * per-key fallback) under Greek page titles.
 */

/** What a Greek admin reads: the admin texts after the app's own fallback, and the page titles. */
const greek = getMessages('el');
const admin = greek.admin as unknown as AdminTexts;
const titles = (greek.meta as { routes: Record<string, { title: string }> }).routes;

async function interactive(page: Page) {
  await untilInteractive(page);
}

/** Empties the buyer's gr cart, so the order holds exactly the line this journey adds. */
async function emptyCart(context: BrowserContext, baseURL: string) {
  const view = await (await context.request.get('/api/v1/cart/view?world=gr')).json();
  for (const item of view.items.cart.cartItems as { material: { id: number } }[])
    await context.request.post('/api/v1/cart/remove?world=gr', {
      headers: { origin: baseURL },
      data: { material_id: item.material.id },
    });
}

/**
 * Puts a paid material of the gr world with a file to download into the buyer's cart: the first
 * one, past those other journeys buy, that the buyer may add (not owned, not their own).
 */
async function addPaidMaterial(page: Page, context: BrowserContext, baseURL: string) {
  const found = await (await page.request.get('/api/v3/search?world=gr&price=paid&sort=newest')).json();
  for (const item of (found.items as { id: number; slug: string; title: string }[]).slice(6)) {
    await page.goto(pathFor('gr', 'material', { id: String(item.id), slug: item.slug }));
    // A standalone interactive material has nothing to download.
    if ((await page.getByTestId('standalone-interactive').count()) > 0) continue;
    const added = await context.request.post('/api/v1/cart/add?world=gr', {
      headers: { origin: baseURL },
      data: { material_id: item.id },
    });
    if (added.status() === 200) return item;
  }
  throw new Error('the demo catalogue has no paid material in gr the buyer could add');
}

test('an admin finds an invoice purchase by its reference, records the transfer and refunds it to credit (gr)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const buyer = await signedInContext(browser, baseURL!, 'buyer@demo.test');
  const buyerPage = await buyer.newPage();
  await emptyCart(buyer, baseURL!);
  const material = await addPaidMaterial(buyerPage, buyer, baseURL!);
  await buyerPage.goto(pathFor('gr', 'payment'));
  await buyerPage.getByTestId('provider-invoice').check();
  await buyerPage.getByTestId('delivery-consent').check();
  await buyerPage.getByTestId('place-order').click();
  await expect(buyerPage).toHaveURL(new RegExp(`${pathFor('gr', 'invoice-purchase-success')}\\?order=\\d+$`));
  const reference = (await buyerPage.getByTestId('order-reference').textContent())!.match(/K-[A-Z0-9]{10}/)![0];
  const boughtLine = buyerPage.locator(`[data-testid="bought-list"] [data-material-id="${material.id}"]`);
  await buyerPage.goto(pathFor('gr', 'cabinet-bought'));
  await expect(boughtLine).toHaveCount(0);

  // The admin, in a browser of their own, searches the reference on the orders page.
  const office = await signedInContext(browser, baseURL!, 'admin@demo.test');
  const page = await office.newPage();
  await page.goto(pathFor('gr', 'admin-orders'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles['admin-orders']!.title);
  await page.getByLabel(admin.orders.searchLabel).fill(reference);
  await page.getByRole('button', { name: admin.orders.search, exact: true }).click();
  await expect(page).toHaveURL(/\?q=K-/);
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('buyer@demo.test');
  await expect(row).toContainText(admin.statuses.pending);
  await expect(row).toContainText(admin.providers.invoice);
  await expect(row).toContainText(/\d+,\d{2}\s€/);

  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(admin.order.heading, { reference }));
  await expect(page.getByTestId('order-status')).toHaveText(admin.statuses.pending);
  await expect(page.getByTestId('order-lines')).toContainText(material.title);
  await expect(page.getByTestId('order-documents')).toContainText(/RE-\d{4}-\d{6}/);
  await interactive(page);
  // The amount is prefilled with the order's total, as the world writes it (a decimal comma in gr).
  await expect(page.getByLabel(fill(admin.orderActions.payment.amount, { currency: 'EUR' }))).toHaveValue(
    /^\d+,\d{2}$/,
  );
  await page.getByRole('button', { name: admin.orderActions.payment.submit }).click();
  await expect(page.getByTestId('order-action-done')).toHaveText(admin.orderActions.payment.recorded);
  await expect(page.getByTestId('order-status')).toHaveText(admin.statuses.paid);

  // The buyer can download now.
  await buyerPage.reload();
  await expect(boughtLine.getByTestId('download')).toBeVisible();

  // The admin refunds the line to credit (the default), after confirming.
  await page.getByLabel(material.title).check();
  await page.getByRole('button', { name: admin.orderActions.refund.chosen }).click();
  await expect(page.getByTestId('refund-confirm')).toContainText(fill(admin.orderActions.refund.confirm, { count: 1 }));
  await page.getByRole('button', { name: admin.orderActions.refund.yes }).click();
  await expect(page.getByTestId('order-action-done')).toContainText(fill(admin.orderActions.refund.done, { count: 1 }));
  await expect(page.getByTestId('order-action-done')).toContainText(/ST-\d{4}-\d{6}/);
  await expect(page.getByTestId('order-status')).toHaveText(admin.statuses.refunded);
  await expect(page.getByTestId('order-line-state')).toContainText(fill(admin.order.refundedAt, { date: '' }).trim());
  await expect(page.getByTestId('order-documents')).toContainText(admin.order.documentKinds.cancellation);

  // The refunded material is gone from the buyer's bought materials.
  await buyerPage.reload();
  await expect(boughtLine).toHaveCount(0);
  await office.close();
  await buyer.close();
});

test('the commerce pages of the back office are not found for a signed-in teacher (gr)', async ({
  browser,
  baseURL,
}) => {
  const teacher = await signedInContext(browser, baseURL!, 'buyer@demo.test');
  for (const path of [
    pathFor('gr', 'admin-orders'),
    pathFor('gr', 'admin-order', { id: '1' }),
    pathFor('gr', 'admin-bank-statements'),
    pathFor('gr', 'admin-vouchers'),
  ]) {
    const response = await teacher.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const page = await teacher.newPage();
  await page.goto(pathFor('gr', 'admin-orders'));
  await expect(page.getByLabel(admin.orders.searchLabel)).toHaveCount(0);
  await teacher.close();
});
