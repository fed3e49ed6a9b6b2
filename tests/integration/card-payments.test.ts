import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import Stripe from 'stripe';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as paymentRoute } from '@/app/api/v3/admin/orders/[id]/payment/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { GET as optionsRoute } from '@/app/api/v3/payments/options/route';
import { POST as webhookRoute } from '@/app/api/v3/payments/stripe/webhook/route';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { refundOrder } from '@/lib/commerce/payments';
import { getStripe } from '@/lib/commerce/stripe-client';
import { DEMO_ACCOUNTS } from '@/lib/db/seed/seed';
import { getMessages } from '@/lib/i18n/messages';
import { drainJobs } from '@/lib/jobs/workers';
import { shownCartTotal } from './support/cart-total';
import { apiRequest } from './support/request';
import { startStripeDouble } from './support/stripe-double';
import { startTestDatabase, type TestDatabase } from './support/test-database';

const WEBHOOK_SECRET = 'whsec_kreide_test_secret';
let database: TestDatabase;
let double: Awaited<ReturnType<typeof startStripeDouble>>;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  double = await startStripeDouble();
  process.env.STRIPE_SECRET_KEY = 'sk_test_kreide';
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = double.url;
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_URL;
  resetEnvCache();
  await double.stop();
  await database.stop();
});

type Handler = (request: NextRequest) => Promise<Response>;
const call = (handler: Handler, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  handler(apiRequest(path, { method: body === undefined ? 'GET' : 'POST', body, headers }));

let counter = 0;
async function buyerWithCart() {
  counter += 1;
  const { id } = await createAccount({
    email: `card-${counter}-${Date.now()}@example.test`,
    publicName: `Card Tester ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  await getDb().insert(t.billingAddresses).values({
    userId: id,
    fullName: 'Karla Karte',
    street: 'Ring 3',
    postalCode: '50667',
    city: 'Köln',
    countryCode: 'DE',
  });
  const headers = {
    authorization: `Bearer ${await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' })}`,
  };
  const [material] = await getDb()
    .select({ id: t.materials.id })
    .from(t.materials)
    .where(and(eq(t.materials.world, 'de'), gt(t.materials.priceCents, 0), sql`${t.materials.salePriceCents} IS NULL`))
    .orderBy(t.materials.id)
    .offset(counter)
    .limit(1);
  await call(addRoute, '/api/v1/cart/add', { material_id: material!.id }, headers);
  return { id, headers };
}

const cardCheckout = async (headers: Record<string, string>, key = crypto.randomBytes(12).toString('hex')) =>
  call(
    checkoutRoute,
    '/api/v3/orders/checkout',
    { provider: 'card', idempotency_key: key, expected_total: await shownCartTotal(headers), delivery_consent: true },
    headers,
  );

/** A webhook delivery as Stripe signs it. */
function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = new Stripe('sk_test_kreide').webhooks.generateTestHeaderString({ payload, secret });
  return webhookRoute(
    apiRequest('/api/v3/payments/stripe/webhook', {
      method: 'POST',
      body: payload,
      origin: false,
      headers: { 'stripe-signature': signature, 'content-length': String(Buffer.byteLength(payload)) },
    }),
  );
}

function completed(
  eventId: string,
  session: { id: string; amount_total: number; currency: string; metadata: Record<string, string> },
) {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { ...session, object: 'checkout.session', payment_status: 'paid' } },
  };
}

const licencesOf = (userId: number) =>
  getDb()
    .select()
    .from(t.licences)
    .where(and(eq(t.licences.userId, userId), isNull(t.licences.revokedAt)));

describe('card payments through Stripe Checkout', () => {
  it('sends the buyer to Stripe’s page once per order, and delivers on the signed webhook exactly once', async () => {
    const buyer = await buyerWithCart();
    expect(
      (await (await call(optionsRoute, '/api/v3/payments/options', undefined, buyer.headers)).json()).providers,
    ).toContain('card');
    const key = crypto.randomBytes(12).toString('hex');
    const first = await cardCheckout(buyer.headers, key);
    expect(first.status).toBe(201);
    const answer = await first.json();
    expect(answer.order).toMatchObject({ status: 'pending', provider: 'card' });
    expect(answer.payment.kind).toBe('redirect');
    expect(answer.payment.url).toMatch(new RegExp(`^${double.url}/pay/cs_test_\\d+$`));
    const session = double.sessions.find((s) => s.metadata.order_id === String(answer.order.id))!;
    expect(session).toMatchObject({ amount_total: answer.order.finalPrice, currency: 'eur' });
    expect(session.idempotencyKey).toBe(`kreide-order-${answer.order.id}`);

    // A retry of the same attempt: the same order and the same Stripe session.
    const retry = await (await cardCheckout(buyer.headers, key)).json();
    expect(retry.order.id).toBe(answer.order.id);
    expect(retry.payment.url).toBe(answer.payment.url);
    expect(await licencesOf(buyer.id)).toEqual([]);

    const delivered = await webhook(completed('evt_paid_1', session));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ handled: true });
    const [order] = await getDb().select().from(t.orders).where(eq(t.orders.id, answer.order.id));
    expect(order).toMatchObject({ status: 'paid', providerReference: session.id });
    expect(await licencesOf(buyer.id)).toHaveLength(1);

    // Stripe delivers events at least once: a replay changes nothing.
    expect(await (await webhook(completed('evt_paid_1', session))).json()).toEqual({ handled: false });
    expect(await (await webhook(completed('evt_paid_1_again', session))).json()).toEqual({ handled: false });
    expect(await licencesOf(buyer.id)).toHaveLength(1);
    const invoices = await getDb().select().from(t.invoices).where(eq(t.invoices.orderId, answer.order.id));
    expect(invoices).toHaveLength(1);
  });

  it('refuses a bad signature and delivers nothing for a session that does not match its order', async () => {
    const buyer = await buyerWithCart();
    const answer = await (await cardCheckout(buyer.headers)).json();
    const session = double.sessions.find((s) => s.metadata.order_id === String(answer.order.id))!;
    const forged = await webhook(completed('evt_forged', session), 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.details).toEqual({ reason: 'invalid_signature' });
    const cheap = await webhook(completed('evt_cheap', { ...session, amount_total: 1 }));
    expect(await cheap.json()).toEqual({ handled: false });
    const [order] = await getDb().select().from(t.orders).where(eq(t.orders.id, answer.order.id));
    expect(order!.status).toBe('pending');
    expect(await licencesOf(buyer.id)).toEqual([]);
  });

  it('keeps the order pending when Stripe cannot be reached, and the same attempt succeeds later', async () => {
    const buyer = await buyerWithCart();
    const key = crypto.randomBytes(12).toString('hex');
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9';
    resetEnvCache();
    try {
      const down = await cardCheckout(buyer.headers, key);
      expect(down.status).toBe(503);
      expect((await down.json()).error.details).toEqual({ reason: 'payment_provider_unavailable' });
    } finally {
      process.env.STRIPE_API_URL = double.url;
      resetEnvCache();
    }
    const orders = await getDb().select().from(t.orders).where(eq(t.orders.userId, buyer.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe('pending');
    const again = await (await cardCheckout(buyer.headers, key)).json();
    expect(again.order.id).toBe(orders[0]!.id);
    expect(again.payment.kind).toBe('redirect');
  }, 60_000);

  it('pays a refund to the original card back through Stripe once, by a job that is retried until Stripe answers', async () => {
    const buyer = await buyerWithCart();
    const answer = await (await cardCheckout(buyer.headers)).json();
    const session = double.sessions.find((s) => s.metadata.order_id === String(answer.order.id))!;
    await webhook(completed('evt_paid_for_refund', session));
    const [item] = await getDb().select().from(t.orderItems).where(eq(t.orderItems.orderId, answer.order.id));

    // Stripe is down while the refund is recorded: the refund stands, the money waits for Stripe.
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9';
    resetEnvCache();
    let result;
    try {
      result = await refundOrder(answer.order.id, { itemIds: 'all', to: 'original' });
      await drainJobs();
    } finally {
      process.env.STRIPE_API_URL = double.url;
      resetEnvCache();
    }
    expect(result.providerRefund).toBe('card');
    expect(result.moneyBack).toBe(item!.payableGrossMinor);
    expect(double.refunds.filter((r) => r.paymentIntent === `pi_${session.id}`)).toEqual([]);
    const [failed] = await getDb()
      .execute<{ state: string; retry_count: number }>(
        sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'card-refund' AND data->>'orderId' = ${String(answer.order.id)}`,
      )
      .then((r) => r.rows);
    expect(failed).toMatchObject({ state: 'retry' });

    // Retried once Stripe answers: one refund of the amount paid, under the refund's own key,
    // also when the job runs again.
    await getDb().execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'card-refund'`);
    await drainJobs();
    await getDb().execute(
      sql`INSERT INTO pgboss.job (name, data) SELECT name, data FROM pgboss.job WHERE name = 'card-refund' AND data->>'orderId' = ${String(answer.order.id)} LIMIT 1`,
    );
    await drainJobs();
    const refunds = double.refunds.filter((r) => r.paymentIntent === `pi_${session.id}`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: item!.payableGrossMinor });
    expect(refunds[0]!.idempotencyKey).toMatch(new RegExp(`^kreide-refund-${answer.order.id}-[0-9a-f]{24}$`));
    expect(await licencesOf(buyer.id)).toEqual([]);
  }, 60_000);

  it('never keeps a card payment twice: a second paid page goes back to its card, a transfer is not recorded', async () => {
    const buyer = await buyerWithCart();
    const answer = await (await cardCheckout(buyer.headers)).json();
    const first = double.sessions.find((s) => s.metadata.order_id === String(answer.order.id))!;
    await webhook(completed('evt_twice_first', first));

    // Stripe forgot the order's idempotency key, so a retry made a second page, and it was paid too.
    const key = `forgotten-${answer.order.id}`;
    await getStripe().checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'eur', unit_amount: answer.order.finalPrice, product_data: { name: 'again' } },
          },
        ],
        metadata: { order_id: String(answer.order.id) },
        success_url: 'https://kreide.test/ok',
        cancel_url: 'https://kreide.test/cart',
      },
      { idempotencyKey: key },
    );
    const second = double.sessions.find((s) => s.idempotencyKey === key)!;
    expect(await (await webhook(completed('evt_twice_second', second))).json()).toEqual({ handled: true });
    expect(await (await webhook(completed('evt_twice_second', second))).json()).toEqual({ handled: false });
    await drainJobs();
    expect(double.refunds.filter((r) => r.paymentIntent === `pi_${second.id}`)).toEqual([
      expect.objectContaining({ amount: answer.order.finalPrice }),
    ]);
    expect(double.refunds.filter((r) => r.paymentIntent === `pi_${first.id}`)).toEqual([]);
    const [order] = await getDb().select().from(t.orders).where(eq(t.orders.id, answer.order.id));
    expect(order).toMatchObject({
      status: 'paid',
      providerReference: first.id,
      paymentReturnedMinor: answer.order.finalPrice,
    });
    expect(await licencesOf(buyer.id)).toHaveLength(1);

    // An admin cannot record a transfer for a card order, pending or paid: it is paid on Stripe's page.
    const [admin] = await getDb()
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, DEMO_ACCOUNTS.admin));
    const adminHeaders = {
      authorization: `Bearer ${await issueAccessToken({ userId: admin!.id, clientId: 'app', grantType: 'password' })}`,
    };
    const other = await buyerWithCart();
    const pending = (await (await cardCheckout(other.headers)).json()).order;
    for (const id of [pending.id, answer.order.id]) {
      const recorded = await paymentRoute(
        apiRequest(`/api/v3/admin/orders/${id}/payment?world=gr`, {
          method: 'POST',
          body: { amount: id === pending.id ? pending.finalPrice : answer.order.finalPrice },
          headers: adminHeaders,
        }),
        { params: Promise.resolve({ id: String(id) }) },
      );
      expect(recorded.status).toBe(409);
      const { error } = await recorded.json();
      expect(error.details).toMatchObject({ reason: 'not_an_invoice_order', provider: 'card' });
      const { apiReasons } = getMessages('el').common as { apiReasons: Record<string, string> };
      expect(error.message).toBe(apiReasons.not_an_invoice_order);
    }
    const [still] = await getDb().select().from(t.orders).where(eq(t.orders.id, pending.id));
    expect(still!.status).toBe('pending');
    expect(await licencesOf(other.id)).toEqual([]);
  }, 60_000);

  it('refunds to credit without asking Stripe', async () => {
    const buyer = await buyerWithCart();
    const answer = await (await cardCheckout(buyer.headers)).json();
    const session = double.sessions.find((s) => s.metadata.order_id === String(answer.order.id))!;
    await webhook(completed('evt_paid_for_credit', session));
    const before = double.refunds.length;
    const result = await refundOrder(answer.order.id, { itemIds: 'all', to: 'credit' });
    await drainJobs();
    expect(result.providerRefund).toBe('none');
    expect(double.refunds.length).toBe(before);
    const [credit] = await getDb().select().from(t.creditBalances).where(eq(t.creditBalances.userId, buyer.id));
    expect(credit!.balanceMinor).toBe(answer.order.finalPrice);
  });
});
