import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as creditsRoute } from '@/app/api/v1/cart/credits/route';
import { POST as voucherRoute } from '@/app/api/v1/cart/voucher/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { POST as freeRoute } from '@/app/api/v3/orders/free/route';
import { GET as orderRoute } from '@/app/api/v3/orders/[id]/route';
import { GET as ordersRoute } from '@/app/api/v3/orders/route';
import { GET as optionsRoute } from '@/app/api/v3/payments/options/route';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { paidMaterials } from './support/catalogue';
import { shownCartTotal } from './support/cart-total';
import { startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 80 });
});
afterAll(() => database.stop());

type Headers = Record<string, string>;

const key = () => crypto.randomBytes(16).toString('hex');

let counter = 0;
/** A buyer with a billing address in Germany, signed in with a bearer token (as the app is). */
async function buyer(options: { address?: boolean; credit?: number } = {}) {
  counter += 1;
  const { id } = await createAccount({
    email: `checkout-${counter}-${Date.now()}@example.test`,
    publicName: `Checkout Tester ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  if (options.address ?? true)
    await getDb()
      .insert(t.billingAddresses)
      .values({
        userId: id,
        fullName: `Erika Tester ${counter}`,
        street: 'Schulstraße 1',
        postalCode: '10115',
        city: 'Berlin',
        countryCode: 'DE',
      });
  if (options.credit)
    await getDb()
      .insert(t.creditBalances)
      .values({ userId: id, world: 'de', currency: 'EUR', balanceMinor: options.credit, hadCredits: true });
  const token = await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' });
  return { id, headers: { authorization: `Bearer ${token}` } };
}

interface OrderAnswer {
  id: number;
  reference: string;
  status: string;
  provider: string;
  isTestPayment: boolean;
  finalPrice: number;
  originalPrice: number;
  usedCredits: number;
  totalVoucherDiscount: number;
  invoice: { number: string } | null;
  items: { materialId: number; finalPrice: number }[];
}

async function orderOf(response: Response, status = 201): Promise<OrderAnswer> {
  const body = await response.json();
  expect({ status: response.status, body }).toMatchObject({ status });
  return (body as { order: OrderAnswer }).order;
}

const checkoutBody = (extra: Record<string, unknown> = {}) => ({
  provider: 'test',
  idempotency_key: key(),
  delivery_consent: true,
  ...extra,
});

/** A checkout body at the total the buyer's cart shows now, as a client sends it. */
const checkoutWith = async (headers: Headers, extra: Record<string, unknown> = {}) =>
  checkoutBody({ expected_total: await shownCartTotal(headers), ...extra });

describe('checkout with the test payment', () => {
  it('orders the cart, delivers at once, issues a numbered invoice and empties the cart', async () => {
    const me = await buyer();
    const [a, b] = await paidMaterials('de', 2);
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id }, headers: me.headers });
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: b!.id }, headers: me.headers });
    const options = await (await callRoute(optionsRoute, '/api/v3/payments/options', { headers: me.headers })).json();
    expect(options.providers).toEqual(expect.arrayContaining(['invoice', 'test']));

    const order = await orderOf(
      await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
        body: checkoutBody({ expected_total: a!.price + b!.price }),
        headers: me.headers,
      }),
    );
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'test',
      isTestPayment: true,
      finalPrice: a!.price + b!.price,
    });
    expect(order.reference).toMatch(/^K-[A-Z2-9]{10}$/);
    expect(order.invoice?.number).toMatch(/^RE-\d{4}-\d{6}$/);
    const licences = await getDb().select().from(t.licences).where(eq(t.licences.userId, me.id));
    expect(licences.map((l) => l.materialId).sort()).toEqual([a!.id, b!.id].sort());
    // The seller's side of each sale is written with it: tier, share, VAT.
    const items = await getDb().select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id));
    for (const item of items) {
      expect([5000, 6000, 7000]).toContain(item.sellerShareBasisPoints);
      expect(item.vatMinor + item.netMinor).toBe(item.payableGrossMinor + item.creditUsedMinor);
    }
    const cart = await (
      await callRoute(addRoute.bind(null), '/api/v1/cart/add', { body: { material_id: a!.id }, headers: me.headers })
    ).json();
    expect(cart.error.details).toEqual({ reason: 'already_owned' });

    // The buyer sees the order; another buyer gets a 404 for the same id.
    const mine = await orderOf(
      await callRoute(orderRoute, `/api/v3/orders/${order.id}`, {
        headers: me.headers,
        params: { id: String(order.id) },
      }),
      200,
    );
    expect(mine.reference).toBe(order.reference);
    const stranger = await buyer();
    const foreign = await callRoute(orderRoute, `/api/v3/orders/${order.id}`, {
      headers: stranger.headers,
      params: {
        id: String(order.id),
      },
    });
    expect(foreign.status).toBe(404);
    const list = await (await callRoute(ordersRoute, '/api/v3/orders', { headers: stranger.headers })).json();
    expect(list.orders).toEqual([]);
  });

  it('makes one order for a repeated idempotency key', async () => {
    const me = await buyer();
    const [a] = await paidMaterials('de', 1);
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id }, headers: me.headers });
    const body = await checkoutWith(me.headers);
    const answers = await Promise.all(
      [1, 2, 3].map(() => callRoute(checkoutRoute, '/api/v3/orders/checkout', { body, headers: me.headers })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).order.id)));
    expect(ids.size).toBe(1);
    const orders = await getDb().select().from(t.orders).where(eq(t.orders.userId, me.id));
    expect(orders).toHaveLength(1);
  });

  it('refuses a stale total, an empty cart, a missing address, no consent and bad input, and changes nothing', async () => {
    const me = await buyer();
    const noAddress = await buyer({ address: false });
    const [a] = await paidMaterials('de', 1);
    const empty = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
      body: checkoutBody({ expected_total: 0 }),
      headers: me.headers,
    });
    expect(empty.status).toBe(409);
    expect((await empty.json()).error.details.reason).toBe('cart_empty');
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id }, headers: me.headers });
    const stale = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
      body: checkoutBody({ expected_total: 1 }),
      headers: me.headers,
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.details).toEqual({ reason: 'price_changed', final_price: a!.price });
    for (const bad of [
      checkoutBody({ delivery_consent: false }),
      checkoutBody({ provider: 'paypal' }),
      checkoutBody({ idempotency_key: 'short' }),
      checkoutBody({ expected_total: -5 }),
      { provider: 'test', delivery_consent: true },
    ])
      expect(
        (await callRoute(checkoutRoute, '/api/v3/orders/checkout', { body: bad, headers: me.headers })).status,
      ).toBe(400);
    const free = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
      body: await checkoutWith(me.headers, { provider: 'free' }),
      headers: me.headers,
    });
    expect((await free.json()).error.details.reason).toBe('payment_required');

    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id }, headers: noAddress.headers });
    const addressless = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
      body: await checkoutWith(noAddress.headers),
      headers: noAddress.headers,
    });
    expect((await addressless.json()).error.details.reason).toBe('billing_address_required');
    expect(await getDb().select().from(t.orders).where(eq(t.orders.userId, me.id))).toEqual([]);
    expect(
      (await callRoute(checkoutRoute, '/api/v3/orders/checkout', { body: checkoutBody({ expected_total: 0 }) })).status,
    ).toBe(401);
  });

  it('refuses a checkout without expected_total (400 at its path) and one at a price changed since it was shown', async () => {
    const me = await buyer();
    const [a] = await paidMaterials('de', 1);
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id }, headers: me.headers });
    const shown = await shownCartTotal(me.headers);
    // The seller raises the price after the buyer looked at the cart.
    const [before] = await getDb().select().from(t.materials).where(eq(t.materials.id, a!.id));
    const raised = before!.priceCents + 100;
    await getDb().update(t.materials).set({ priceCents: raised }).where(eq(t.materials.id, a!.id));
    try {
      for (const provider of ['test', 'invoice']) {
        const missing = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
          body: { provider, idempotency_key: key(), delivery_consent: true },
          headers: me.headers,
        });
        expect(missing.status).toBe(400);
        const body = await missing.json();
        expect(body.error.code).toBe('validation_failed');
        expect(body.error.details).toEqual([expect.objectContaining({ path: 'expected_total' })]);
        const stale = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
          body: checkoutBody({ provider, expected_total: shown }),
          headers: me.headers,
        });
        expect(stale.status).toBe(409);
        expect((await stale.json()).error.details).toEqual({ reason: 'price_changed', final_price: raised });
      }
      expect(await getDb().select().from(t.orders).where(eq(t.orders.userId, me.id))).toEqual([]);
      // At the total now shown, the order goes through.
      const fresh = await shownCartTotal(me.headers);
      expect(fresh).toBe(raised);
      await orderOf(
        await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
          body: await checkoutWith(me.headers),
          headers: me.headers,
        }),
      );
    } finally {
      await getDb().update(t.materials).set({ priceCents: before!.priceCents }).where(eq(t.materials.id, a!.id));
    }
  });

  it('leaves an invoice purchase pending with its invoice, and grants nothing until it is paid', async () => {
    const me = await buyer();
    const [a] = await paidMaterials('de', 1);
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id }, headers: me.headers });
    const order = await orderOf(
      await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
        body: await checkoutWith(me.headers, { provider: 'invoice' }),
        headers: me.headers,
      }),
    );
    expect(order).toMatchObject({ status: 'pending', provider: 'invoice', isTestPayment: false });
    expect(order.invoice?.number).toMatch(/^RE-/);
    expect(await getDb().select().from(t.licences).where(eq(t.licences.userId, me.id))).toEqual([]);
  });

  it('takes a free material in one click, once', async () => {
    const me = await buyer({ address: false });
    const [free] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(and(eq(t.materials.world, 'de'), eq(t.materials.priceCents, 0)))
      .limit(1);
    const first = await orderOf(
      await callRoute(freeRoute, '/api/v3/orders/free', { body: { material_id: free!.id }, headers: me.headers }),
    );
    expect(first).toMatchObject({ status: 'paid', provider: 'free', finalPrice: 0, invoice: null });
    const again = await orderOf(
      await callRoute(freeRoute, '/api/v3/orders/free', { body: { material_id: free!.id }, headers: me.headers }),
      200,
    );
    expect(again.id).toBe(first.id);
    const [paid] = await paidMaterials('de', 1);
    expect(
      (await callRoute(freeRoute, '/api/v3/orders/free', { body: { material_id: paid!.id }, headers: me.headers }))
        .status,
    ).toBe(409);
  });
});

describe('money under concurrency', () => {
  it('redeems a single-use voucher exactly once across 50 concurrent checkouts', async () => {
    await getDb().insert(t.vouchers).values({
      code: 'ONLYONCE',
      world: 'de',
      kind: 'percent',
      percentBasisPoints: 2000,
      currency: 'EUR',
      maxRedemptions: 1,
    });
    const [a] = await paidMaterials('de', 1);
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await buyer());
    for (const b of buyers) {
      await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id }, headers: b.headers });
      await callRoute(voucherRoute, '/api/v1/cart/voucher', { body: { code: 'ONLYONCE' }, headers: b.headers });
    }
    const bodies = await Promise.all(buyers.map((b) => checkoutWith(b.headers)));
    const answers = await Promise.all(
      buyers.map((b, i) =>
        callRoute(checkoutRoute, '/api/v3/orders/checkout', { body: bodies[i], headers: b.headers }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(49);
    const [voucher] = await getDb().select().from(t.vouchers).where(eq(t.vouchers.code, 'ONLYONCE'));
    expect(voucher!.redemptions).toBe(1);
    const withVoucher = await getDb().select().from(t.orders).where(eq(t.orders.voucherId, voucher!.id));
    expect(withVoucher).toHaveLength(1);
  });

  it('never takes credit below zero, across 20 concurrent add-and-order flows of one buyer', async () => {
    const me = await buyer({ credit: 1000 });
    const materials = await paidMaterials('de', 20);
    await Promise.all(
      materials.map(async (material) => {
        await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: material.id }, headers: me.headers });
        await callRoute(creditsRoute, '/api/v1/cart/credits', { body: { credits: 'all' }, headers: me.headers });
        return callRoute(checkoutRoute, '/api/v3/orders/checkout', {
          body: await checkoutWith(me.headers),
          headers: me.headers,
        });
      }),
    );
    const [balance] = await getDb().select().from(t.creditBalances).where(eq(t.creditBalances.userId, me.id));
    expect(balance!.balanceMinor).toBeGreaterThanOrEqual(0);
    const orders = await getDb().select().from(t.orders).where(eq(t.orders.userId, me.id));
    const spent = orders.reduce((sum, order) => sum + order.creditsUsedMinor, 0);
    expect(balance!.balanceMinor).toBe(1000 - spent);
    const [entries] = await getDb()
      .select({ sum: sql<number>`coalesce(sum(${t.creditEntries.amountMinor}), 0)::int` })
      .from(t.creditEntries)
      .where(eq(t.creditEntries.userId, me.id));
    expect(entries!.sum).toBe(-spent);
    // Every material was ordered at most once.
    const items = await getDb()
      .select({ materialId: t.orderItems.materialId })
      .from(t.orderItems)
      .innerJoin(t.orders, eq(t.orders.id, t.orderItems.orderId))
      .where(eq(t.orders.userId, me.id));
    expect(new Set(items.map((i) => i.materialId)).size).toBe(items.length);
  });

  it('delivers 20 buyers ordering the same material at the same moment, each once, with its sales counted', async () => {
    const [popular] = await paidMaterials('de', 1);
    const [free] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(and(eq(t.materials.world, 'de'), eq(t.materials.priceCents, 0)))
      .limit(1);
    const counts = async () =>
      (
        await getDb()
          .select({ id: t.materials.id, sales: t.materials.salesCount })
          .from(t.materials)
          .where(sql`${t.materials.id} IN (${popular!.id}, ${free!.id})`)
      ).reduce<Record<number, number>>((all, row) => ({ ...all, [row.id]: row.sales }), {});
    const before = await counts();
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await buyer());
    for (const b of buyers)
      await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: popular!.id }, headers: b.headers });
    const bodies = await Promise.all(buyers.map((b) => checkoutWith(b.headers)));
    // Paid orders and one-click free claims of one material, all at once: each order's lines lock
    // the material's row for its sales count, and none may wait on another forever (deadlock).
    const answers = await Promise.all(
      buyers.flatMap((b, i) => [
        callRoute(checkoutRoute, '/api/v3/orders/checkout', { body: bodies[i], headers: b.headers }),
        callRoute(freeRoute, '/api/v3/orders/free', { body: { material_id: free!.id }, headers: b.headers }),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(buyers.flatMap(() => [201, 201]));
    const after = await counts();
    expect(after[popular!.id]).toBe(before[popular!.id]! + 20);
    expect(after[free!.id]).toBe(before[free!.id]! + 20);
  });
});
