import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as statementRoute } from '@/app/api/v3/admin/bank-statements/route';
import { GET as adminOrderRoute } from '@/app/api/v3/admin/orders/[id]/route';
import { POST as paymentRoute } from '@/app/api/v3/admin/orders/[id]/payment/route';
import { GET as adminOrdersRoute } from '@/app/api/v3/admin/orders/route';
import { POST as cancelFormRoute } from '@/app/api/v3/orders/[id]/cancel/form/route';
import { POST as cancelRoute } from '@/app/api/v3/orders/[id]/cancel/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { POST as loginAs } from '@/app/api/v3/oauth2/login-as/route';
import { POST as webhookRoute } from '@/app/api/v3/payments/stripe/webhook/route';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { renderOrderMail } from '@/lib/commerce/order-mails';
import { getMessages } from '@/lib/i18n/messages';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { resetEnvCache } from '@/lib/env';
import { drainJobs } from '@/lib/jobs/workers';
import { paidMaterials } from './support/catalogue';
import { shownCartTotal } from './support/cart-total';
import { apiRequest } from './support/request';
import { startStripeDouble } from './support/stripe-double';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';
import { signIn, sessionCookieOf } from './support/session';

const WEBHOOK_SECRET = 'whsec_kreide_late_payments';
let database: TestDatabase;
let double: Awaited<ReturnType<typeof startStripeDouble>>;
let admin: Record<string, string>;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  double = await startStripeDouble();
  process.env.STRIPE_SECRET_KEY = 'sk_test_kreide';
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = double.url;
  resetEnvCache();
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.admin));
  admin = {
    authorization: `Bearer ${await issueAccessToken({ userId: row!.id, clientId: 'app', grantType: 'password' })}`,
  };
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_URL;
  resetEnvCache();
  await double.stop();
  await database.stop();
});

type Headers = Record<string, string>;

let counter = 0;
async function buyer() {
  counter += 1;
  const { id } = await createAccount({
    email: `late-payment-${counter}-${Date.now()}@example.test`,
    publicName: `Late Payer ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  await getDb().insert(t.billingAddresses).values({
    userId: id,
    fullName: 'Lena Spät',
    street: 'Bahnhofstraße 9',
    postalCode: '04109',
    city: 'Leipzig',
    countryCode: 'DE',
  });
  const headers: Headers = {
    authorization: `Bearer ${await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' })}`,
  };
  return { id, headers };
}

interface Order {
  id: number;
  reference: string;
  finalPrice: number;
  items: { materialId: number; finalPrice: number }[];
}

async function order(headers: Headers, materialIds: number[], provider: 'invoice' | 'card' | 'test'): Promise<Order> {
  for (const materialId of materialIds)
    expect((await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: materialId }, headers })).status).toBe(
      200,
    );
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
  return (await answer.json()).order as Order;
}

/**
 * What the buyer came to hold otherwise while the order waited for its money (another order, a
 * school's licence): written straight in, since the shop itself now refuses to sell it twice.
 */
async function holdsMeanwhile(userId: number, materialId: number, kind: 'single' | 'school') {
  const [licence] = await getDb().insert(t.licences).values({ userId, materialId, kind }).returning();
  return licence!;
}

const activeLicences = (userId: number) =>
  getDb()
    .select({ id: t.licences.id, materialId: t.licences.materialId, kind: t.licences.kind })
    .from(t.licences)
    .where(and(eq(t.licences.userId, userId), isNull(t.licences.revokedAt)))
    .orderBy(t.licences.materialId);

const creditOf = async (userId: number) =>
  (await getDb().select().from(t.creditBalances).where(eq(t.creditBalances.userId, userId)))[0]?.balanceMinor ?? 0;

const documentsOf = async (orderId: number) =>
  (await getDb().select().from(t.invoices).where(eq(t.invoices.orderId, orderId)).orderBy(t.invoices.id)).map(
    (document) => ({ kind: document.kind, total: document.totalMinor }),
  );

const queuedMails = async (orderId: number) =>
  (
    await getDb().execute<{ kind: string }>(
      sql`SELECT data->>'kind' AS kind FROM pgboss.job WHERE name = 'order-mail' AND data->>'orderId' = ${String(orderId)} ORDER BY created_on`,
    )
  ).rows.map((row) => row.kind);

const euros = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

const importCsv = async (rows: { reference: string; amount: number }[]) => {
  const csv = ['Date;Amount;Reference', ...rows.map((row) => `2026-03-02;${euros(row.amount)};${row.reference}`)];
  const answer = await callRoute(statementRoute, '/api/v3/admin/bank-statements', {
    body: { csv: csv.join('\n') },
    headers: admin,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()).results as { outcome: string }[]).map((row) => row.outcome);
};

/** The buyer's cancel call: a POST without a body. */
const cancel = (orderId: number, headers: Headers) =>
  cancelRoute(apiRequest(`/api/v3/orders/${orderId}/cancel`, { method: 'POST', headers }), {
    params: Promise.resolve({ id: String(orderId) }),
  });

const adminView = async (orderId: number) =>
  (
    await (
      await callRoute(adminOrderRoute, `/api/v3/admin/orders/${orderId}`, {
        headers: admin,
        params: { id: String(orderId) },
      })
    ).json()
  ).order;

describe(`a payment for what the buyer holds by then is given back, never kept, on ${BACKEND}`, () => {
  it('records a transfer: delivers the rest, credits the held line once, keeps the held licence, tells admin and buyer', async () => {
    const me = await buyer();
    const [a, b] = await paidMaterials('de', 2);
    const pending = await order(me.headers, [a!.id, b!.id], 'invoice');
    // Meanwhile the buyer came to hold A with a school licence: the single licence of this order
    // must neither be granted again nor take that licence away when it is refunded.
    const held = await holdsMeanwhile(me.id, a!.id, 'school');
    const priceOfA = pending.items.find((item) => item.materialId === a!.id)!.finalPrice;

    const path = `/api/v3/admin/orders/${pending.id}/payment`;
    const paid = await callRoute(paymentRoute, path, {
      body: { amount: pending.finalPrice },
      headers: admin,
      params: { id: String(pending.id) },
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({
      recorded: true,
      returned: { amount: priceOfA, to: 'credit' },
      order: { status: 'paid', paymentReturned: priceOfA },
    });
    expect(await activeLicences(me.id)).toEqual(
      [
        { id: held.id, materialId: a!.id, kind: 'school' },
        { id: expect.any(Number), materialId: b!.id, kind: 'single' },
      ].sort((x, y) => x.materialId - y.materialId),
    );
    expect(await creditOf(me.id)).toBe(priceOfA);
    expect(await documentsOf(pending.id)).toEqual([
      { kind: 'invoice', total: pending.finalPrice },
      { kind: 'cancellation', total: -priceOfA },
    ]);
    const lines = (await adminView(pending.id)).sellerLines as { materialId: number; refundedAt: string | null }[];
    expect(lines.map((line) => [line.materialId, line.refundedAt !== null])).toEqual([
      [a!.id, true],
      [b!.id, false],
    ]);
    // The order list flags it too.
    const list = await (
      await callRoute(adminOrdersRoute, `/api/v3/admin/orders?q=${pending.reference}`, { headers: admin })
    ).json();
    expect(list.orders[0]).toMatchObject({ id: pending.id, paymentReturned: priceOfA });
    // The buyer is told what came back, in the order's world, and gets no plain receipt.
    expect(await queuedMails(pending.id)).toEqual(['awaiting-payment', 'payment-returned']);
    const mail = await renderOrderMail('payment-returned', pending.id);
    expect(mail!.text).toContain('Guthaben');
    expect(mail!.text).toContain(pending.reference);

    // The same transfer recorded again books nothing.
    const again = await callRoute(paymentRoute, path, {
      body: { amount: pending.finalPrice },
      headers: admin,
      params: { id: String(pending.id) },
    });
    expect(await again.json()).toMatchObject({ recorded: false });
    expect(await creditOf(me.id)).toBe(priceOfA);
  });

  it('gives a transfer back whole when the buyer holds everything: the order ends refunded, nothing granted twice', async () => {
    const me = await buyer();
    const [, , c] = await paidMaterials('de', 3);
    const pending = await order(me.headers, [c!.id], 'invoice');
    const held = await holdsMeanwhile(me.id, c!.id, 'single');
    const paid = await callRoute(paymentRoute, `/api/v3/admin/orders/${pending.id}/payment`, {
      body: { amount: pending.finalPrice },
      headers: admin,
      params: { id: String(pending.id) },
    });
    expect(await paid.json()).toMatchObject({
      recorded: true,
      returned: { amount: pending.finalPrice, to: 'credit' },
      order: { status: 'refunded', paymentReturned: pending.finalPrice },
    });
    expect(await activeLicences(me.id)).toEqual([{ id: held.id, materialId: c!.id, kind: 'single' }]);
    expect(await creditOf(me.id)).toBe(pending.finalPrice);
  });

  it('books a bank statement row the same way, and a re-imported statement credits nothing twice', async () => {
    const me = await buyer();
    const [a, b] = await paidMaterials('de', 2);
    const pending = await order(me.headers, [a!.id, b!.id], 'invoice');
    await holdsMeanwhile(me.id, b!.id, 'single');
    const priceOfB = pending.items.find((item) => item.materialId === b!.id)!.finalPrice;
    const row = { reference: pending.reference, amount: pending.finalPrice };
    expect(await importCsv([row])).toEqual(['paid-partly-credited']);
    expect(await creditOf(me.id)).toBe(priceOfB);
    expect((await activeLicences(me.id)).map((licence) => licence.materialId).sort()).toEqual([a!.id, b!.id].sort());
    expect(await importCsv([row, row])).toEqual(['already-paid', 'already-paid']);
    expect(await creditOf(me.id)).toBe(priceOfB);
    expect((await adminView(pending.id)).paymentReturned).toBe(priceOfB);
  });

  it('gives a late card payment back to the card through the card-refund job', async () => {
    const me = await buyer();
    const [a, b] = await paidMaterials('de', 2);
    const pending = await order(me.headers, [a!.id, b!.id], 'card');
    const session = double.sessions.find((s) => s.metadata.order_id === String(pending.id))!;
    await holdsMeanwhile(me.id, a!.id, 'single');
    const priceOfA = pending.items.find((item) => item.materialId === a!.id)!.finalPrice;
    const event = {
      id: `evt_late_${pending.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, object: 'checkout.session', payment_status: 'paid' } },
    };
    const payload = JSON.stringify(event);
    const signature = new Stripe('sk_test_kreide').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const answer = await webhookRoute(
      apiRequest('/api/v3/payments/stripe/webhook', {
        method: 'POST',
        body: payload,
        origin: false,
        headers: { 'stripe-signature': signature, 'content-length': String(Buffer.byteLength(payload)) },
      }),
    );
    expect(answer.status).toBe(200);
    await drainJobs();
    const view = await adminView(pending.id);
    expect(view).toMatchObject({ status: 'paid', paymentReturned: priceOfA });
    expect(double.refunds.filter((refund) => refund.paymentIntent === `pi_${session.id}`)).toEqual([
      expect.objectContaining({ amount: priceOfA }),
    ]);
    // Back to the card, not as credit.
    expect(await creditOf(me.id)).toBe(0);
    expect((await activeLicences(me.id)).map((licence) => licence.materialId).sort()).toEqual([a!.id, b!.id].sort());
  }, 60_000);
});

describe(`the buyer cancels an unpaid invoice order on ${BACKEND}`, () => {
  it('cancels their own order once, frees its materials, and credits a transfer that still comes', async () => {
    const me = await buyer();
    const stranger = await buyer();
    const [a] = await paidMaterials('de', 1);
    const pending = await order(me.headers, [a!.id], 'invoice');

    // Another account's order is not found, and stays as it was.
    const foreign = await cancel(pending.id, stranger.headers);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.details).toEqual({ reason: 'order_not_found' });
    expect((await cancel(pending.id, {})).status).toBe(401);

    const cancelled = await cancel(pending.id, me.headers);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ cancelled: true, order: { status: 'cancelled' } });
    expect(await documentsOf(pending.id)).toEqual([
      { kind: 'invoice', total: pending.finalPrice },
      { kind: 'cancellation', total: -pending.finalPrice },
    ]);
    const twice = await cancel(pending.id, me.headers);
    expect(await twice.json()).toMatchObject({ cancelled: false, order: { status: 'cancelled' } });
    expect(await documentsOf(pending.id)).toHaveLength(2);

    // It blocks nothing any more: the material can be bought again, and is.
    await order(me.headers, [a!.id], 'test');
    // The transfer for the cancelled order still comes: credited whole, once.
    const row = { reference: pending.reference, amount: pending.finalPrice };
    expect(await importCsv([row])).toEqual(['credited']);
    expect(await importCsv([row])).toEqual(['already-paid']);
    expect(await creditOf(me.id)).toBe(pending.finalPrice);
    const recorded = await callRoute(paymentRoute, `/api/v3/admin/orders/${pending.id}/payment`, {
      body: { amount: pending.finalPrice },
      headers: admin,
      params: { id: String(pending.id) },
    });
    expect(await recorded.json()).toMatchObject({ recorded: false, order: { status: 'cancelled' } });
    expect(await creditOf(me.id)).toBe(pending.finalPrice);
    expect(await adminView(pending.id)).toMatchObject({ status: 'cancelled', paymentReturned: pending.finalPrice });
    const mail = await renderOrderMail('payment-returned', pending.id);
    expect(mail!.text).toContain('storniert');
  });

  it('records a transfer for a cancelled order by hand the same way', async () => {
    const me = await buyer();
    const [, b] = await paidMaterials('de', 2);
    const pending = await order(me.headers, [b!.id], 'invoice');
    expect((await cancel(pending.id, me.headers)).status).toBe(200);
    const path = `/api/v3/admin/orders/${pending.id}/payment`;
    const recorded = await callRoute(paymentRoute, path, {
      body: { amount: pending.finalPrice },
      headers: admin,
      params: { id: String(pending.id) },
    });
    expect(await recorded.json()).toMatchObject({
      recorded: true,
      returned: { amount: pending.finalPrice, to: 'credit' },
      order: { status: 'cancelled', paymentReturned: pending.finalPrice },
    });
    expect(await activeLicences(me.id)).toEqual([]);
    expect(await creditOf(me.id)).toBe(pending.finalPrice);
  });

  it('keeps a cancel and a transfer booked at the same moment apart: paid and delivered, or cancelled and credited', async () => {
    const rounds = await paidMaterials('de', 6);
    const outcomes = await Promise.all(
      rounds.map(async (material, round) => {
        const me = await buyer();
        const pending = await order(me.headers, [material.id], 'invoice');
        const [cancelled] = await Promise.all([
          (async () => {
            await new Promise((resolve) => setTimeout(resolve, round * 5));
            return cancel(pending.id, me.headers);
          })(),
          callRoute(paymentRoute, `/api/v3/admin/orders/${pending.id}/payment`, {
            body: { amount: pending.finalPrice },
            headers: admin,
            params: { id: String(pending.id) },
          }),
        ]);
        const [row] = await getDb().select().from(t.orders).where(eq(t.orders.id, pending.id));
        const held = (await activeLicences(me.id)).length;
        const credit = await creditOf(me.id);
        if (row!.status === 'paid') {
          expect(cancelled.status).toBe(409);
          return held === 1 && credit === 0;
        }
        return row!.status === 'cancelled' && held === 0 && credit === pending.finalPrice;
      }),
    );
    expect(outcomes).toEqual(rounds.map(() => true));
  });

  it('refuses an admin acting as the buyer: cancelling returns credit and issues documents', async () => {
    const me = await buyer();
    const [a] = await paidMaterials('de', 1);
    const pending = await order(me.headers, [a!.id], 'invoice');
    const [row] = await getDb().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, me.id));
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const started = await loginAs(
      apiRequest('/api/v3/oauth2/login-as', {
        method: 'POST',
        body: { email: row!.email },
        headers: { cookie: admin },
      }),
    );
    expect(started.status).toBe(200);
    const cookie = sessionCookieOf(started);
    const json = await cancelRoute(
      apiRequest(`/api/v3/orders/${pending.id}/cancel?world=de`, { method: 'POST', headers: { cookie } }),
      { params: Promise.resolve({ id: String(pending.id) }) },
    );
    const form = await cancelFormRoute(
      apiRequest(`/api/v3/orders/${pending.id}/cancel/form?world=de`, {
        method: 'POST',
        body: '',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      }),
      { params: Promise.resolve({ id: String(pending.id) }) },
    );
    for (const refusal of [json, form]) {
      expect(refusal.status).toBe(403);
      expect((await refusal.json()).error.details).toEqual({ reason: 'impersonation' });
    }
    const [after] = await getDb().select().from(t.orders).where(eq(t.orders.id, pending.id));
    expect(after!.status).toBe('pending');
    expect(await documentsOf(pending.id)).toEqual([{ kind: 'invoice', total: pending.finalPrice }]);
  });

  it('names the refusal in the world’s language (de, gr), not with the generic conflict text', async () => {
    const me = await buyer();
    const [a] = await paidMaterials('de', 1);
    const paid = await order(me.headers, [a!.id], 'test');
    for (const [world, language] of [
      ['de', 'de'],
      ['gr', 'el'],
    ] as const) {
      const refusal = await cancelRoute(
        apiRequest(`/api/v3/orders/${paid.id}/cancel?world=${world}`, { method: 'POST', headers: me.headers }),
        { params: Promise.resolve({ id: String(paid.id) }) },
      );
      expect(refusal.status).toBe(409);
      const { apiReasons } = getMessages(language).common as { apiReasons: Record<string, string> };
      expect(apiReasons.order_not_cancellable).toBeTruthy();
      expect((await refusal.json()).error.message).toBe(apiReasons.order_not_cancellable);
    }
  });

  it('refuses a paid order with 409, and answers the page’s form with 303', async () => {
    const me = await buyer();
    const [a, c] = await paidMaterials('de', 2);
    const paid = await order(me.headers, [a!.id], 'test');
    const refusal = await cancel(paid.id, me.headers);
    expect(refusal.status).toBe(409);
    expect((await refusal.json()).error.details).toEqual({ reason: 'order_not_cancellable', status: 'paid' });

    const form = (id: number) =>
      cancelFormRoute(
        apiRequest(`/api/v3/orders/${id}/cancel/form?world=de`, {
          method: 'POST',
          body: '',
          headers: { ...me.headers, 'content-type': 'application/x-www-form-urlencoded' },
        }),
        { params: Promise.resolve({ id: String(id) }) },
      );
    const pending = await order(me.headers, [c!.id], 'invoice');
    const done = await form(pending.id);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(new RegExp(`/${pending.id}$`));
    const [row] = await getDb().select().from(t.orders).where(eq(t.orders.id, pending.id));
    expect(row!.status).toBe('cancelled');
    const late = await form(paid.id);
    expect(late.status).toBe(303);
    expect(late.headers.get('location')).toMatch(/\?error=order_not_cancellable$/);
  });
});
