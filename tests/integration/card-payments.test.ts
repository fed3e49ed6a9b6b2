import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as creditsRoute } from '@/app/api/v1/cart/credits/route';
import { POST as paymentRoute } from '@/app/api/v3/admin/orders/[id]/payment/route';
import { POST as cancelFormRoute } from '@/app/api/v3/orders/[id]/cancel/form/route';
import { POST as cancelRoute } from '@/app/api/v3/orders/[id]/cancel/route';
import { POST as payFormRoute } from '@/app/api/v3/orders/[id]/pay/form/route';
import { POST as payJsonRoute } from '@/app/api/v3/orders/[id]/pay/route';
import { POST as checkoutFormRoute } from '@/app/api/v3/orders/checkout/form/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { GET as optionsRoute } from '@/app/api/v3/payments/options/route';
import { POST as webhookRoute } from '@/app/api/v3/payments/stripe/webhook/route';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { getBuyerOrderWithStep } from '@/lib/commerce/checkout';
import { CARD_ORDER_PAYABLE_MS, CARD_PAGE_EXPIRY_MARGIN_MS } from '@/lib/commerce/coverage';
import { getCredits } from '@/lib/commerce/credits';
import { addCredit } from '@/lib/commerce/fulfilment';
import { cancelUnpaidCardOrders } from '@/lib/commerce/order-cancel';
import { cardPaymentUrl } from '@/lib/commerce/stripe';
import { refundOrder } from '@/lib/commerce/payments';
import { getStripe } from '@/lib/commerce/stripe-client';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { getMessages } from '@/lib/i18n/messages';
import { pathFor } from '@/lib/routing/localized-routes';
import { drainJobs } from '@/lib/jobs/workers';
import { shownCartTotal } from './support/cart-total';
import { apiRequest } from './support/request';
import { startStripeDouble } from './support/stripe-double';
import { startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';

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
    // Buyers are new accounts: a handful of materials serve them all.
    .offset(counter % 8)
    .limit(1);
  await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: material!.id }, headers });
  return { id, headers };
}

const cardCheckout = async (headers: Record<string, string>, key = crypto.randomBytes(12).toString('hex')) =>
  callRoute(checkoutRoute, '/api/v3/orders/checkout', {
    body: {
      provider: 'card',
      idempotency_key: key,
      expected_total: await shownCartTotal(headers),
      delivery_consent: true,
    },
    headers,
  });

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
      (await (await callRoute(optionsRoute, '/api/v3/payments/options', { headers: buyer.headers })).json()).providers,
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
    // The page expires when the order stops holding its materials, a day after ordering.
    const [made] = await getDb().select().from(t.orders).where(eq(t.orders.id, answer.order.id));
    // (Five minutes early: Stripe counts its 24 hours from when it makes the page, by its clock.)
    expect(session.expiresAt).toBe(
      Math.floor((made!.createdAt.getTime() + CARD_ORDER_PAYABLE_MS - CARD_PAGE_EXPIRY_MARGIN_MS) / 1000),
    );
    expect(session.idempotencyKey).toBe(`kreide-order-${answer.order.id}-after-none`);
    expect(session.successUrl).toMatch(new RegExp(`/${answer.order.id}\\?payment=done$`));
    expect(session.cancelUrl).toMatch(new RegExp(`/${answer.order.id}$`));

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

  it('sends the payment form to the order’s page when the order was made but Stripe could not be reached', async () => {
    const buyer = await buyerWithCart();
    const total = await shownCartTotal(buyer.headers);
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9';
    resetEnvCache();
    let answer: Response;
    try {
      answer = await checkoutFormRoute(
        apiRequest('/api/v3/orders/checkout/form?world=de', {
          method: 'POST',
          body: new URLSearchParams({
            provider: 'card',
            idempotency_key: crypto.randomBytes(12).toString('hex'),
            expected_total: String(total),
            delivery_consent: 'on',
          }).toString(),
          headers: { ...buyer.headers, 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
    } finally {
      process.env.STRIPE_API_URL = double.url;
      resetEnvCache();
    }
    const [order] = await getDb().select().from(t.orders).where(eq(t.orders.userId, buyer.id));
    expect(order!.status).toBe('pending');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `${pathFor('de', 'order-confirmation', { orderId: String(order!.id) })}?error=payment_provider_unavailable`,
    );
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

describe('a card order’s payment page lives as long as the order holds its materials', () => {
  const payRoute = (id: number, headers: Record<string, string>) =>
    payJsonRoute(apiRequest(`/api/v3/orders/${id}/pay?world=de`, { method: 'POST', headers }), {
      params: Promise.resolve({ id: String(id) }),
    });
  const payForm = (id: number, headers: Record<string, string>, world = 'de') =>
    payFormRoute(
      apiRequest(`/api/v3/orders/${id}/pay/form?world=${world}`, {
        method: 'POST',
        body: '',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      }),
      { params: Promise.resolve({ id: String(id) }) },
    );
  const cancel = (id: number, headers: Record<string, string>) =>
    cancelRoute(apiRequest(`/api/v3/orders/${id}/cancel?world=de`, { method: 'POST', headers }), {
      params: Promise.resolve({ id: String(id) }),
    });
  const orderedAgo = (id: number, ms: number) =>
    getDb()
      .update(t.orders)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(t.orders.id, id));
  const sessionOf = (orderId: number) => double.sessions.filter((s) => s.metadata.order_id === String(orderId));
  const HOUR = 60 * 60 * 1000;

  it('"pay now" opens the same page until the order expires, then refuses it; the order page asks Stripe nothing', async () => {
    const buyer = await buyerWithCart();
    const key = crypto.randomBytes(12).toString('hex');
    const answer = await (await cardCheckout(buyer.headers, key)).json();
    const id = answer.order.id as number;

    const again = await payRoute(id, buyer.headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ url: answer.payment.url });
    const form = await payForm(id, buyer.headers);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(answer.payment.url);
    expect(sessionOf(id)).toHaveLength(1);

    // Showing the order makes no call to Stripe: its page says until when it can be paid.
    const requestsBefore = double.sessions.length;
    const shown = await getBuyerOrderWithStep(buyer.id, id);
    expect(shown!.step.kind).toBe('card');
    const until = (shown!.step as { payableUntil: string }).payableUntil;
    expect(Math.floor(Date.parse(until) / 1000)).toBe(sessionOf(id)[0]!.expiresAt);
    expect(double.sessions.length).toBe(requestsBefore);

    // A day later the order holds nothing and its page is gone: "pay now" and a retried checkout refuse.
    await orderedAgo(id, 24 * HOUR + 60_000);
    const late = await payRoute(id, buyer.headers);
    expect(late.status).toBe(409);
    expect((await late.json()).error.details).toEqual({ reason: 'payment_expired' });
    const lateForm = await payForm(id, buyer.headers);
    expect(lateForm.headers.get('location')).toMatch(new RegExp(`/${id}\\?error=payment_expired$`));
    const retried = await cardCheckout(buyer.headers, key);
    expect(retried.status).toBe(200);
    expect((await retried.json()).payment).toEqual({ kind: 'expired' });
    expect((await getBuyerOrderWithStep(buyer.id, id))!.step).toEqual({ kind: 'expired' });
    expect(sessionOf(id)).toHaveLength(1);
  });

  it('makes no first page with less than Stripe’s 30 minutes left, and a new one when the old expired with time left', async () => {
    const buyer = await buyerWithCart();
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9';
    resetEnvCache();
    let id: number;
    try {
      const down = await cardCheckout(buyer.headers);
      expect(down.status).toBe(503);
      [{ id }] = (await getDb().select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.userId, buyer.id))) as [
        { id: number },
      ];
    } finally {
      process.env.STRIPE_API_URL = double.url;
      resetEnvCache();
    }
    await orderedAgo(id, 24 * HOUR - 20 * 60_000);
    const tooLate = await payRoute(id, buyer.headers);
    expect(tooLate.status).toBe(409);
    expect((await tooLate.json()).error.details).toEqual({ reason: 'payment_expired' });
    expect(sessionOf(id)).toHaveLength(0);

    // A page made before pages had the order's expiry, and expired at Stripe: a new one, until the order's end.
    await orderedAgo(id, 2 * HOUR);
    const first = await payRoute(id, buyer.headers);
    expect(first.status).toBe(200);
    const [old] = sessionOf(id);
    old!.status = 'expired';
    const second = await (await payRoute(id, buyer.headers)).json();
    expect(second.url).not.toBe((await first.json()).url);
    expect(sessionOf(id)).toHaveLength(2);
    const [row] = await getDb().select().from(t.orders).where(eq(t.orders.id, id));
    expect(row!.providerReference).toBe(sessionOf(id)[1]!.id);
    expect(sessionOf(id)[1]!.idempotencyKey).toBe(`kreide-order-${id}-after-${old!.id}`);
  });

  it('never leaves a page open for an order cancelled while its page was being made', async () => {
    const buyer = await buyerWithCart();
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9';
    resetEnvCache();
    try {
      expect((await cardCheckout(buyer.headers)).status).toBe(503);
    } finally {
      process.env.STRIPE_API_URL = double.url;
      resetEnvCache();
    }
    const [waiting] = await getDb().select().from(t.orders).where(eq(t.orders.userId, buyer.id));
    expect(waiting!.providerReference).toBeNull();
    // "Pay now" read the order, then the buyer's cancel (in another tab) committed first.
    expect((await cancel(waiting!.id, buyer.headers)).status).toBe(200);
    await expect(cardPaymentUrl(waiting!, 'card@example.test')).rejects.toMatchObject({
      details: { reason: 'order_not_payable', status: 'cancelled' },
    });
    const [made] = sessionOf(waiting!.id);
    expect(made!.status).toBe('expired');
    const [row] = await getDb().select().from(t.orders).where(eq(t.orders.id, waiting!.id));
    expect(row).toMatchObject({ status: 'cancelled', providerReference: null });

    // Had Stripe not closed it and the buyer paid it, the payment goes back to the card although
    // the order never stored that page.
    const before = double.refunds.length;
    await webhook(completed(`evt_paid_unstored_${waiting!.id}`, made!));
    await drainJobs();
    expect(double.refunds.slice(before)).toEqual([
      expect.objectContaining({ paymentIntent: `pi_${made!.id}`, amount: waiting!.totalMinor }),
    ]);
  });

  it('refuses "pay now" for another account’s order, a paid one and an invoice order, and sends a paid page’s buyer to the order', async () => {
    const buyer = await buyerWithCart();
    const stranger = await buyerWithCart();
    const answer = await (await cardCheckout(buyer.headers)).json();
    const id = answer.order.id as number;
    for (const response of [await payRoute(id, stranger.headers), await payForm(id, stranger.headers)]) {
      expect(response.status).toBe(404);
      expect((await response.json()).error.details).toEqual({ reason: 'order_not_found' });
    }
    // Paid on Stripe's page, its webhook not yet here: the buyer goes to the order page.
    const [session] = sessionOf(id);
    session!.status = 'complete';
    expect((await (await payRoute(id, buyer.headers)).json()).url).toMatch(
      new RegExp(`${pathFor('de', 'order-confirmation', { orderId: String(id) })}$`),
    );
    await webhook(completed(`evt_pay_now_${id}`, session!));
    const paid = await payRoute(id, buyer.headers);
    expect(paid.status).toBe(409);
    expect((await paid.json()).error.details).toEqual({ reason: 'order_not_payable', status: 'paid' });
    expect((await payForm(id, buyer.headers)).headers.get('location')).toMatch(/\?error=order_not_payable$/);

    const invoice = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
      body: {
        provider: 'invoice',
        idempotency_key: crypto.randomBytes(12).toString('hex'),
        expected_total: await shownCartTotal(stranger.headers),
        delivery_consent: true,
      },
      headers: stranger.headers,
    });
    const invoiceId = (await invoice.json()).order.id as number;
    const refused = await payRoute(invoiceId, stranger.headers);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.details).toEqual({ reason: 'order_not_payable', status: 'pending' });
    const { apiReasons } = getMessages('de').common as { apiReasons: Record<string, string> };
    expect(apiReasons.order_not_payable).toBeTruthy();
  });

  it('cancels a card order: its page is closed at Stripe, its credit comes back, and its materials can be ordered again', async () => {
    const buyer = await buyerWithCart();
    await getDb().transaction(async (tx) =>
      addCredit(tx as unknown as Parameters<typeof addCredit>[0], buyer.id, 'de', 'EUR', 100, 'admin', null),
    );
    expect(
      (await callRoute(creditsRoute, '/api/v1/cart/credits', { body: { credits: 100 }, headers: buyer.headers }))
        .status,
    ).toBe(200);
    const answer = await (await cardCheckout(buyer.headers)).json();
    const id = answer.order.id as number;
    const [ordered] = await getDb().select().from(t.orders).where(eq(t.orders.id, id));
    expect(ordered!.creditsUsedMinor).toBe(100);
    expect((await getCredits(getDb(), buyer.id, 'de')).availableCredits).toBe(0);

    const done = await cancel(id, buyer.headers);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ cancelled: true, order: { status: 'cancelled' } });
    expect(sessionOf(id)[0]!.status).toBe('expired');
    expect((await getCredits(getDb(), buyer.id, 'de')).availableCredits).toBe(100);
    expect(await (await cancel(id, buyer.headers)).json()).toMatchObject({ cancelled: false });

    // Its page can no longer be paid; a payment that came anyway would go back to the card.
    const page = await fetch(answer.payment.url);
    expect(page.status).toBe(410);
    const materialId = answer.order.items[0].materialId as number;
    const readded = await callRoute(addRoute, '/api/v1/cart/add', {
      body: { material_id: materialId },
      headers: buyer.headers,
    });
    expect(readded.status).toBe(200);
    const reordered = await cardCheckout(buyer.headers);
    expect(reordered.status).toBe(201);
    expect((await reordered.json()).payment.kind).toBe('redirect');
  });

  it('does not cancel a card order whose page was paid, nor any when Stripe cannot be reached', async () => {
    const buyer = await buyerWithCart();
    const answer = await (await cardCheckout(buyer.headers)).json();
    const id = answer.order.id as number;
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9';
    resetEnvCache();
    try {
      const down = await cancel(id, buyer.headers);
      expect(down.status).toBe(503);
      expect((await down.json()).error.details).toEqual({ reason: 'payment_provider_unavailable' });
      const form = await cancelFormRoute(
        apiRequest(`/api/v3/orders/${id}/cancel/form?world=de`, {
          method: 'POST',
          body: '',
          headers: { ...buyer.headers, 'content-type': 'application/x-www-form-urlencoded' },
        }),
        { params: Promise.resolve({ id: String(id) }) },
      );
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toMatch(new RegExp(`/${id}\\?error=cancel_unavailable$`));
    } finally {
      process.env.STRIPE_API_URL = double.url;
      resetEnvCache();
    }
    sessionOf(id)[0]!.status = 'complete';
    const refused = await cancel(id, buyer.headers);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.details).toEqual({ reason: 'order_not_cancellable', status: 'pending' });
    const [row] = await getDb().select().from(t.orders).where(eq(t.orders.id, id));
    expect(row!.status).toBe('pending');
    await webhook(completed(`evt_paid_before_cancel_${id}`, sessionOf(id)[0]!));
    expect(await licencesOf(buyer.id)).toHaveLength(1);
  });

  it('cancels card orders an hour after their page expired unpaid, and leaves paid pages to their webhook', async () => {
    const expiredUnpaid = await buyerWithCart();
    const withinGrace = await buyerWithCart();
    const paidLate = await buyerWithCart();
    const ids: number[] = [];
    for (const buyer of [expiredUnpaid, withinGrace, paidLate])
      ids.push((await (await cardCheckout(buyer.headers)).json()).order.id);
    const [unpaidId, graceId, paidId] = ids as [number, number, number];
    await orderedAgo(unpaidId, 25 * HOUR + 60_000);
    await orderedAgo(graceId, 24 * HOUR + 30 * 60_000);
    await orderedAgo(paidId, 26 * HOUR);
    sessionOf(paidId)[0]!.status = 'complete';
    // A page made before pages had the order's expiry is still open: the sweep closes it.
    sessionOf(unpaidId)[0]!.expiresAt = null;

    const cancelled = await cancelUnpaidCardOrders();
    expect(cancelled).toContain(unpaidId);
    expect(cancelled).not.toContain(graceId);
    expect(cancelled).not.toContain(paidId);
    expect(sessionOf(unpaidId)[0]!.status).toBe('expired');
    const statusOf = async (id: number) =>
      (await getDb().select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, id)))[0]!.status;
    expect([await statusOf(unpaidId), await statusOf(graceId), await statusOf(paidId)]).toEqual([
      'cancelled',
      'pending',
      'pending',
    ]);
    expect(await cancelUnpaidCardOrders()).not.toContain(unpaidId);
  });
});
