import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';

import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { AdminBankStatementsPage } from '@/components/pages/admin-bank-statements-page';
import { AdminOrderPage } from '@/components/pages/admin-order-page';
import { AdminOrdersPage } from '@/components/pages/admin-orders-page';
import { AdminVouchersPage } from '@/components/pages/admin-vouchers-page';
import { isNotFoundError } from '@/components/pages/not-found-error';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { recordPayment } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { getRoute, type RouteId } from '@/lib/routing/routes';
import { getWorld } from '@/lib/worlds/worlds';
import german from '@/messages/de/admin.json';
import { paidMaterials } from './support/catalogue';
import { shownCartTotal } from './support/cart-total';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { escapedHtml, renderHtml } from './support/render';
import { callRoute } from './support/routes';

/**
 * The back office's commerce pages as the admin area renders them (the views of
 * components/areas/views/admin.ts, with the query and params the area's page hands them),
 * against a real database with real orders. Who may open them is the area's layout's decision,
 * tested in the browser (tests/e2e/admin-commerce.spec.ts, areas.spec.ts).
 */

// The order actions (a client component) ask for the router; a server render has none.
jest.mock('next/navigation', () => ({
  ...jest.requireActual('next/navigation'),
  useRouter: () => ({ refresh: () => undefined }),
}));

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

let counter = 0;
/** A new buyer with a billing address who orders `count` paid materials on invoice (de). */
async function invoiceOrder(count: number) {
  counter += 1;
  const email = `admin-pages-${counter}-${Date.now()}@example.test`;
  const { id } = await createAccount({
    email,
    publicName: `Seitenkäufer ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  await getDb().insert(t.billingAddresses).values({
    userId: id,
    fullName: 'Erika Käuferin',
    street: 'Lindenallee 9',
    postalCode: '50667',
    city: 'Köln',
    countryCode: 'DE',
  });
  const headers = {
    authorization: `Bearer ${await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' })}`,
  };
  for (const material of (await paidMaterials('de', count + counter)).slice(counter))
    expect(
      (await callRoute(addRoute, '/api/v1/cart/add', { method: 'POST', body: { material_id: material.id }, headers }))
        .status,
    ).toBe(200);
  const answer = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
    method: 'POST',
    body: {
      provider: 'invoice',
      idempotency_key: crypto.randomBytes(12).toString('hex'),
      expected_total: await shownCartTotal(headers),
      delivery_consent: true,
    },
    headers,
  });
  expect(answer.status).toBe(201);
  const { order } = (await answer.json()) as { order: { id: number; reference: string; finalPrice: number } };
  const lines = await getDb()
    .select({ title: t.orderItems.title })
    .from(t.orderItems)
    .where(eq(t.orderItems.orderId, order.id))
    .orderBy(asc(t.orderItems.id));
  return { email, order, titles: lines.map((line) => line.title) };
}

async function adminUserId() {
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.admin));
  return row!.id;
}

async function props(
  route: RouteId,
  params: AreaPageProps['params'] = {},
  query: AreaPageProps['query'] = {},
): Promise<AreaPageProps> {
  return { world: getWorld('de'), route: getRoute(route), params, query, userId: await adminUserId() };
}

const rowsOf = (page: string) => page.match(/data-testid="order-row"/g)?.length ?? 0;

describe(`the admin's commerce pages on ${BACKEND}`, () => {
  it('finds an order by its reference and by part of the buyer’s e-mail, in any letter case', async () => {
    const first = await invoiceOrder(2);
    const other = await invoiceOrder(1);

    const byReference = await renderHtml(
      await AdminOrdersPage.render(await props('admin-orders', {}, { q: first.order.reference.toLowerCase() })),
    );
    expect(rowsOf(byReference)).toBe(1);
    expect(byReference).toContain(`href="${pathFor('de', 'admin-order', { id: String(first.order.id) })}"`);
    expect(byReference).toContain(`>${first.order.reference}</a>`);
    expect(byReference).toContain(escapedHtml(first.email));
    expect(byReference).toContain(formatPrice(first.order.finalPrice, 'EUR', 'de-DE'));
    expect(byReference).toContain(german.statuses.pending);
    expect(byReference).toContain(escapedHtml(german.providers.invoice));
    expect(byReference).not.toContain(other.order.reference);
    // The search text stays in the field.
    expect(byReference).toContain(`value="${first.order.reference.toLowerCase()}"`);

    const byEmail = await renderHtml(
      await AdminOrdersPage.render(
        await props('admin-orders', {}, { q: first.email.slice(0, first.email.indexOf('@')).toUpperCase() }),
      ),
    );
    expect(rowsOf(byEmail)).toBe(1);
    expect(byEmail).toContain(first.order.reference);

    const latest = await renderHtml(await AdminOrdersPage.render(await props('admin-orders')));
    expect(rowsOf(latest)).toBeGreaterThanOrEqual(2);
    // Newest first.
    expect(latest.indexOf(other.order.reference)).toBeLessThan(latest.indexOf(first.order.reference));

    const nothing = await renderHtml(await AdminOrdersPage.render(await props('admin-orders', {}, { q: 'K-NIEMALS' })));
    expect(rowsOf(nothing)).toBe(0);
    expect(nothing).toContain(german.orders.none);
  });

  it('refuses a search text the API refuses, without searching', async () => {
    for (const q of ['x'.repeat(121), 'a\u0000b']) {
      const page = await renderHtml(await AdminOrdersPage.render(await props('admin-orders', {}, { q })));
      expect(page).toContain(german.orders.invalidQuery.replace('{max}', '120'));
      expect(rowsOf(page)).toBe(0);
    }
  });

  it('shows an order’s buyer, billing address, lines with the seller’s side, and documents; then paid', async () => {
    const { email, order, titles } = await invoiceOrder(2);
    const pending = await renderHtml(await AdminOrderPage.render(await props('admin-order', { id: String(order.id) })));
    expect(pending).toContain(`Bestellung ${order.reference}`);
    expect(pending).toContain(escapedHtml(email));
    expect(pending).toContain('Erika Käuferin');
    expect(pending).toContain('50667 Köln');
    expect(pending.match(/data-testid="order-line"/g)).toHaveLength(2);
    for (const title of titles) expect(pending).toContain(escapedHtml(title));
    // The tier the sale was recorded with, and the invoice issued at checkout.
    expect(pending).toMatch(/\d+\s%\svom Netto \(\d+ aktive kostenpflichtige Materialien beim Verkauf\)/);
    expect(pending).toMatch(/Rechnung<\/td><td>RE-\d{4}-\d{6}<\/td>/);
    expect(pending).toContain(german.statuses.pending);
    // The transfer form, prefilled with the exact total in the world's format.
    const total = formatPrice(order.finalPrice, 'EUR', 'de-DE').replace(/\s€$/, '');
    expect(pending).toContain(`value="${total}"`);
    expect(pending).toContain(german.orderActions.payment.submit);

    await recordPayment(order.id, order.finalPrice);
    const paid = await renderHtml(await AdminOrderPage.render(await props('admin-order', { id: String(order.id) })));
    expect(paid).toContain(`data-testid="order-status">${german.statuses.paid}<`);
    expect(paid).not.toContain(german.orderActions.payment.submit);
    expect(paid).toContain(german.orderActions.refund.all);
  });

  it('does not find an order that does not exist, nor an id out of range', async () => {
    for (const id of ['999999', '2147483647', '2147483648', '0', '1e3']) {
      const outcome = await AdminOrderPage.render(await props('admin-order', { id })).then(
        () => 'rendered',
        (error: unknown) => (isNotFoundError(error) ? 'not found' : error),
      );
      expect(outcome).toBe('not found');
    }
  });

  it('lists the vouchers with their value and limits, and documents the statement format', async () => {
    const vouchers = await renderHtml(await AdminVouchersPage.render(await props('admin-vouchers')));
    // The demo voucher: 10 % off in de, once per buyer.
    expect(vouchers).toMatch(/<code>KREIDE10<\/code><\/td><td>de<\/td><td>10\s%\sRabatt<\/td>/);
    expect(vouchers).toContain(german.vouchers.form.submit);

    const statements = await renderHtml(await AdminBankStatementsPage.render(await props('admin-bank-statements')));
    expect(statements).toContain(german.bankStatements.format.header);
    expect(statements).toContain(german.bankStatements.submit);
  });
});
