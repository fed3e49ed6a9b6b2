import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as statementRoute } from '@/app/api/v3/admin/bank-statements/route';
import { GET as adminOrderRoute } from '@/app/api/v3/admin/orders/[id]/route';
import { POST as paymentRoute } from '@/app/api/v3/admin/orders/[id]/payment/route';
import { POST as refundRoute } from '@/app/api/v3/admin/orders/[id]/refund/route';
import { GET as adminOrdersRoute } from '@/app/api/v3/admin/orders/route';
import { GET as vouchersRoute, POST as createVoucherRoute } from '@/app/api/v3/admin/vouchers/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { paidMaterials } from './support/catalogue';
import { shownCartTotal } from './support/cart-total';
import { startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';

let database: TestDatabase;
let admin: Record<string, string>;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.admin));
  admin = {
    authorization: `Bearer ${await issueAccessToken({ userId: row!.id, clientId: 'app', grantType: 'password' })}`,
  };
});
afterAll(() => database.stop());

let counter = 0;
async function buyerWithOrder(provider: 'invoice' | 'test', materialCount = 2) {
  counter += 1;
  const { id } = await createAccount({
    email: `admin-orders-${counter}-${Date.now()}@example.test`,
    publicName: `Order Tester ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  await getDb().insert(t.billingAddresses).values({
    userId: id,
    fullName: 'Max Käufer',
    street: 'Hauptstraße 5',
    postalCode: '80331',
    city: 'München',
    countryCode: 'DE',
  });
  const headers = {
    authorization: `Bearer ${await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' })}`,
  };
  const materials = await paidMaterials('de', materialCount + counter);
  for (const material of materials.slice(counter))
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: material.id }, headers });
  const answer = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
    body: {
      provider,
      idempotency_key: crypto.randomBytes(12).toString('hex'),
      expected_total: await shownCartTotal(headers),
      delivery_consent: true,
    },
    headers,
  });
  expect(answer.status).toBe(201);
  return {
    userId: id,
    headers,
    order: (await answer.json()).order as { id: number; reference: string; finalPrice: number },
  };
}

const licencesOf = (userId: number) =>
  getDb()
    .select()
    .from(t.licences)
    .where(and(eq(t.licences.userId, userId), isNull(t.licences.revokedAt)));

describe('admin: payments of invoice purchases', () => {
  it('records the exact amount once, delivers the order, and refuses everyone but admins', async () => {
    const { userId, headers, order } = await buyerWithOrder('invoice');
    const path = `/api/v3/admin/orders/${order.id}/payment`;
    expect(
      (
        await callRoute(paymentRoute, path, {
          body: { amount: order.finalPrice },
          headers,
          params: { id: String(order.id) },
        })
      ).status,
    ).toBe(403);
    const wrong = await callRoute(paymentRoute, path, {
      body: { amount: order.finalPrice - 1 },
      headers: admin,
      params: { id: String(order.id) },
    });
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).error.details).toEqual({ reason: 'amount_mismatch', expected: order.finalPrice });
    expect(await licencesOf(userId)).toEqual([]);
    const paid = await callRoute(paymentRoute, path, {
      body: { amount: order.finalPrice },
      headers: admin,
      params: { id: String(order.id) },
    });
    expect(await paid.json()).toMatchObject({ recorded: true, order: { status: 'paid' } });
    expect(await licencesOf(userId)).toHaveLength(2);
    const again = await callRoute(paymentRoute, path, {
      body: { amount: order.finalPrice },
      headers: admin,
      params: { id: String(order.id) },
    });
    expect(await again.json()).toMatchObject({ recorded: false, order: { status: 'paid' } });
    // Another amount on an order paid already is no repeat of its payment: refused.
    const other = await callRoute(paymentRoute, path, {
      body: { amount: 0 },
      headers: admin,
      params: { id: String(order.id) },
    });
    expect(other.status).toBe(409);
    expect((await other.json()).error.details).toMatchObject({ reason: 'order_not_pending' });
    expect(
      (
        await callRoute(paymentRoute, '/api/v3/admin/orders/999999/payment', {
          body: { amount: 1 },
          headers: admin,
          params: { id: String(999_999) },
        })
      ).status,
    ).toBe(404);
    for (const bad of [{ amount: -1 }, { amount: 1.5 }, { amount: '12.00' }, {}])
      expect(
        (await callRoute(paymentRoute, path, { body: bad, headers: admin, params: { id: String(order.id) } })).status,
      ).toBe(400);
  });

  it('books a bank statement by reference and exact amount, and pays nothing twice', async () => {
    const first = await buyerWithOrder('invoice', 1);
    const second = await buyerWithOrder('invoice', 1);
    const euros = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
    const csv = [
      'Date;Amount;Reference',
      `2026-11-20;${euros(first.order.finalPrice)};"Bestellung ${first.order.reference.toLowerCase()} Danke"`,
      `2026-11-20;${euros(second.order.finalPrice + 100)};${second.order.reference}`,
      '2026-11-21;10,00;Miete November',
      '2026-11-21;10,00;K-ZZZZZZZZZZ',
    ].join('\r\n');
    const answer = await (
      await callRoute(statementRoute, '/api/v3/admin/bank-statements', { body: { csv }, headers: admin })
    ).json();
    expect(answer.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'paid',
      'amount-mismatch',
      'no-order-reference',
      'unknown-order',
    ]);
    expect(await licencesOf(first.userId)).toHaveLength(1);
    expect(await licencesOf(second.userId)).toEqual([]);
    const replay = await (
      await callRoute(statementRoute, '/api/v3/admin/bank-statements', { body: { csv }, headers: admin })
    ).json();
    expect(replay.results[0].outcome).toBe('already-paid');
    const missingHeader = await callRoute(statementRoute, '/api/v3/admin/bank-statements', {
      body: { csv: 'a,b\n1,2' },
      headers: admin,
    });
    expect(missingHeader.status).toBe(400);
  });
});

describe('admin: refunds', () => {
  it('refunds one line, then the rest: downloads stop, cancellation invoices, credit back', async () => {
    const { userId, order } = await buyerWithOrder('invoice');
    expect(
      (
        await callRoute(paymentRoute, `/api/v3/admin/orders/${order.id}/payment`, {
          body: { amount: order.finalPrice },
          headers: admin,
          params: { id: String(order.id) },
        })
      ).status,
    ).toBe(200);
    const detail = await (
      await callRoute(adminOrderRoute, `/api/v3/admin/orders/${order.id}`, {
        headers: admin,
        params: { id: String(order.id) },
      })
    ).json();
    const [lineA, lineB] = detail.order.sellerLines as { itemId: number; materialId: number; chargedGross: number }[];
    const path = `/api/v3/admin/orders/${order.id}/refund`;
    const one = await (
      await callRoute(refundRoute, path, {
        body: { items: [lineA!.itemId], to: 'credit' },
        headers: admin,
        params: { id: String(order.id) },
      })
    ).json();
    expect(one.refunded).toEqual([lineA!.itemId]);
    expect(one.cancellation.number).toMatch(/^ST-\d{4}-\d{6}$/);
    expect((await licencesOf(userId)).map((l) => l.materialId)).toEqual([lineB!.materialId]);
    const [balance] = await getDb().select().from(t.creditBalances).where(eq(t.creditBalances.userId, userId));
    expect(balance!.balanceMinor).toBe(lineA!.chargedGross);
    const twice = await callRoute(refundRoute, path, {
      body: { items: [lineA!.itemId], to: 'credit' },
      headers: admin,
      params: { id: String(order.id) },
    });
    expect(twice.status).toBe(409);
    const rest = await (
      await callRoute(refundRoute, path, {
        body: { items: 'all', to: 'original' },
        headers: admin,
        params: { id: String(order.id) },
      })
    ).json();
    expect(rest.order.status).toBe('refunded');
    expect(await licencesOf(userId)).toEqual([]);
    const [document] = await getDb()
      .select()
      .from(t.invoices)
      .where(and(eq(t.invoices.orderId, order.id), eq(t.invoices.kind, 'cancellation')))
      .limit(1);
    expect(document!.totalMinor).toBeLessThan(0);
  });
});

describe('admin: refunds of test payments', () => {
  it('gives test money back to the test payment, never as spendable credit, even when credit is chosen', async () => {
    const { userId, order } = await buyerWithOrder('test');
    const path = `/api/v3/admin/orders/${order.id}/refund`;
    const answer = await callRoute(refundRoute, path, {
      body: { items: 'all', to: 'credit' },
      headers: admin,
      params: { id: String(order.id) },
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).order.status).toBe('refunded');
    expect(await licencesOf(userId)).toEqual([]);
    const balances = await getDb().select().from(t.creditBalances).where(eq(t.creditBalances.userId, userId));
    expect(balances.reduce((sum, row) => sum + row.balanceMinor, 0)).toBe(0);
    const entries = await getDb().select().from(t.creditEntries).where(eq(t.creditEntries.userId, userId));
    expect(entries).toEqual([]);
  });
});

describe('admin: orders and vouchers', () => {
  it('finds orders by reference or e-mail, with wildcards taken literally', async () => {
    const { order } = await buyerWithOrder('test', 1);
    const byReference = await (
      await callRoute(adminOrdersRoute, `/api/v3/admin/orders?q=${order.reference}`, { headers: admin })
    ).json();
    expect(byReference.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const wildcard = await (
      await callRoute(adminOrdersRoute, '/api/v3/admin/orders?q=%25%25', { headers: admin })
    ).json();
    expect(wildcard.orders).toEqual([]);
  });

  it('creates vouchers with limits, refuses a taken code and bad input', async () => {
    const made = await callRoute(createVoucherRoute, '/api/v3/admin/vouchers', {
      body: { code: 'herbst-25', world: 'it', kind: 'percent', percent_basis_points: 2500, max_redemptions: 1 },
      headers: admin,
    });
    expect(made.status).toBe(201);
    expect((await made.json()).voucher).toMatchObject({ code: 'HERBST-25', currency: 'EUR', maxRedemptions: 1 });
    const taken = await callRoute(createVoucherRoute, '/api/v3/admin/vouchers', {
      body: { code: 'HERBST-25', world: 'de', kind: 'amount', amount_minor: 500 },
      headers: admin,
    });
    expect(taken.status).toBe(409);
    for (const bad of [
      { code: 'x', world: 'de', kind: 'amount', amount_minor: 500 },
      { code: 'GOOD-CODE', world: 'de', kind: 'percent' },
      { code: 'GOOD-CODE', world: 'de', kind: 'percent', percent_basis_points: 20000 },
      { code: 'GOOD-CODE', world: 'xx', kind: 'amount', amount_minor: 500 },
      {
        code: 'GOOD-CODE',
        world: 'de',
        kind: 'amount',
        amount_minor: 500,
        valid_from: '2027-01-01T00:00:00Z',
        valid_to: '2026-01-01T00:00:00Z',
      },
    ])
      expect(
        (await callRoute(createVoucherRoute, '/api/v3/admin/vouchers', { body: bad, headers: admin })).status,
      ).toBe(400);
    const list = await (await callRoute(vouchersRoute, '/api/v3/admin/vouchers', { headers: admin })).json();
    expect(list.vouchers.map((v: { code: string }) => v.code)).toContain('HERBST-25');
  });
});
