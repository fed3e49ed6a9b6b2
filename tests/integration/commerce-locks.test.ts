import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { POST as paymentRoute } from '@/app/api/v3/admin/orders/[id]/payment/route';
import { POST as refundRoute } from '@/app/api/v3/admin/orders/[id]/refund/route';
import { POST as cancelRoute } from '@/app/api/v3/orders/[id]/cancel/route';
import { POST as webhookRoute } from '@/app/api/v3/payments/stripe/webhook/route';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { addToCart, setCartCredits } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { resetEnvCache } from '@/lib/env';
import { paidMaterials } from './support/catalogue';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';

// The admin's refund, the buyer's cancel, a card webhook and a recorded transfer of the buyer's
// invitee all lock the same buyer's rows, credit and the document counters. Taken in different
// orders they deadlock on PostgreSQL (a 500 for whoever PostgreSQL picks); PGlite runs one
// transaction at a time, so there the rounds only prove the outcomes.

const WEBHOOK_SECRET = 'whsec_kreide_commerce_locks';
let database: TestDatabase;
let admin: Record<string, string>;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  process.env.STRIPE_SECRET_KEY = 'sk_test_kreide';
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  resetEnvCache();
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.admin));
  admin = {
    authorization: `Bearer ${await issueAccessToken({ userId: row!.id, clientId: 'app', grantType: 'password' })}`,
  };
});
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetEnvCache();
  await database.stop();
});

let counter = 0;
async function teacher(invitedBy: number | null = null) {
  counter += 1;
  const { id } = await createAccount({
    email: `locks-${counter}-${Date.now()}@example.test`,
    publicName: `Lock Tester ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  await getDb()
    .insert(t.billingAddresses)
    .values({
      userId: id,
      fullName: `Lock Tester ${counter}`,
      street: 'Schulweg 2',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
  if (invitedBy !== null)
    await getDb().update(t.accountStates).set({ invitedByUserId: invitedBy }).where(eq(t.accountStates.userId, id));
  const headers = {
    authorization: `Bearer ${await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' })}`,
  };
  return { id, headers };
}

async function buy(userId: number, materialIds: number[], provider: 'test' | 'invoice' | 'card', credits = 0) {
  const owner = { world: 'de' as const, userId, cartToken: null };
  for (const materialId of materialIds) await addToCart(owner, materialId, 'single');
  if (credits > 0) await setCartCredits(owner, credits);
  const { order } = await checkout({
    userId,
    world: 'de',
    provider,
    idempotencyKey: `locks-${userId}-${materialIds.join('-')}-${provider}`,
    expectedTotal: null,
    deliveryConsent: true,
  });
  return order;
}

/** Stripe's webhook for a paid session of this order (a session id the order has not seen yet). */
function paidWebhook(order: { id: number; totalMinor: number }, round: number) {
  const payload = JSON.stringify({
    id: `evt_locks_${round}_${order.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_locks_${round}_${order.id}`,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: order.totalMinor,
        currency: 'eur',
        metadata: { order_id: String(order.id) },
      },
    },
  });
  const signature = new Stripe('sk_test_kreide').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return webhookRoute(
    apiRequest('/api/v3/payments/stripe/webhook', {
      method: 'POST',
      body: payload,
      origin: false,
      headers: { 'stripe-signature': signature, 'content-length': String(Buffer.byteLength(payload)) },
    }),
  );
}

describe(`refund, cancel, webhook and transfer of one buyer at once on ${BACKEND}`, () => {
  it('never deadlock: every call answers as it would alone', async () => {
    const [m1, m2, m3, m4] = await paidMaterials('de', 4);
    for (let round = 0; round < 20; round += 1) {
      const buyer = await teacher();
      await getDb()
        .insert(t.creditBalances)
        .values({ userId: buyer.id, world: 'de', currency: 'EUR', balanceMinor: 1000, hadCredits: true });
      const invitee = await teacher(buyer.id);
      const paid = await buy(buyer.id, [m1!.id], 'test', 100);
      const unpaid = await buy(buyer.id, [m2!.id], 'invoice', 100);
      const card = await buy(buyer.id, [m3!.id], 'card');
      // The invitee's first order, one line of which they came to hold meanwhile: its transfer
      // pays the buyer's referral credit and gives the held line back with a cancellation invoice.
      const first = await buy(invitee.id, [m1!.id, m4!.id], 'invoice');
      await getDb().insert(t.licences).values({ userId: invitee.id, materialId: m4!.id, kind: 'single' });

      const [refunded, cancelled, webhook, cardCancel, recorded] = await Promise.all([
        callRoute(refundRoute, `/api/v3/admin/orders/${paid.id}/refund`, {
          method: 'POST',
          body: { items: 'all', to: 'original' },
          headers: admin,
          params: { id: String(paid.id) },
        }),
        callRoute(cancelRoute, `/api/v3/orders/${unpaid.id}/cancel`, {
          method: 'POST',
          headers: buyer.headers,
          params: { id: String(unpaid.id) },
        }),
        paidWebhook(card, round),
        callRoute(cancelRoute, `/api/v3/orders/${card.id}/cancel`, {
          method: 'POST',
          headers: buyer.headers,
          params: { id: String(card.id) },
        }),
        callRoute(paymentRoute, `/api/v3/admin/orders/${first.id}/payment`, {
          method: 'POST',
          body: { amount: first.totalMinor },
          headers: admin,
          params: { id: String(first.id) },
        }),
      ]);
      expect([refunded.status, cancelled.status, webhook.status, recorded.status]).toEqual([200, 200, 200, 200]);
      // The card order's cancel and its payment at the same moment: either the payment came first
      // (paid, the cancel refused) or the cancel did (cancelled, the payment goes back to the card).
      const [cardAfter] = await getDb().select().from(t.orders).where(eq(t.orders.id, card.id));
      if (cardCancel.status === 409) expect(cardAfter).toMatchObject({ status: 'paid', paymentReturnedMinor: null });
      else {
        expect(cardCancel.status).toBe(200);
        expect(cardAfter).toMatchObject({ status: 'cancelled', paymentReturnedMinor: card.totalMinor });
      }
      // The paid order's 100 of credit, the cancelled one's 100 and the referral's 500 came back.
      const [balance] = await getDb().select().from(t.creditBalances).where(eq(t.creditBalances.userId, buyer.id));
      expect(balance!.balanceMinor).toBe(1000 + 500);
    }
  });
});
