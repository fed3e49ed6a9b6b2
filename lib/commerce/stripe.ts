import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AppError } from '@/lib/api/errors';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { getPublicOrigin } from '@/lib/seo/origin';
import { pathFor } from '@/lib/routing/localized-routes';
import { enqueueSessionRefund } from './card-refunds';
import { cardOrderPayableUntil, CARD_PAGE_MIN_LIFETIME_MS } from './coverage';
import { crashPoint } from './crash-points';
import { lockBuyerAndOrder } from './locks';
import { acceptPayment } from './payment-arrival';
import { getStripe } from './stripe-client';
import { expireSellerCabinetsOfOrder } from '@/lib/selling/seller-cache';

type OrderRow = typeof t.orders.$inferSelect;

/**
 * The Checkout Session of a card order, made once: a page made before is retrieved and sent again
 * while it is open, and Stripe's idempotency key is the order's own, so a retry after a lost
 * answer gets the same session. The
 * session expires when the order stops being payable (`cardOrderPayableUntil`, a day after
 * ordering), never later, so a page can never be paid after its order stopped holding its
 * materials. Refuses (409 payment_expired) once the order can no longer be paid: past that time,
 * or too close to it for Stripe to make a first page. Returns the page to send the buyer to.
 */
export async function cardPaymentUrl(order: OrderRow, buyerEmail: string, now: Date = new Date()): Promise<string> {
  const payableUntil = cardOrderPayableUntil(order);
  const left = payableUntil.getTime() - now.getTime();
  if (left <= 0 || (order.providerReference === null && left < CARD_PAGE_MIN_LIFETIME_MS))
    throw new AppError('conflict', undefined, { reason: 'payment_expired' });
  const stripe = getStripe();
  if (order.providerReference !== null) {
    // The page made before is the one to pay: open, it is sent again; paid (complete), the
    // webhook delivers the order, so the buyer goes to it; expired, a new one if time is left.
    const made = await stripe.checkout.sessions.retrieve(order.providerReference);
    if (made.status === 'open' && made.url) return made.url;
    if (made.status === 'complete') return orderPageUrl(order);
    if (left < CARD_PAGE_MIN_LIFETIME_MS) throw new AppError('conflict', undefined, { reason: 'payment_expired' });
  }
  const confirmation = orderPageUrl(order);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: order.totalMinor,
            product_data: { name: `Kreide ${order.reference}` },
          },
        },
      ],
      client_reference_id: String(order.id),
      metadata: { order_id: String(order.id), reference: order.reference },
      customer_email: buyerEmail,
      success_url: confirmation,
      cancel_url: confirmation,
      // Fixed by the order, so every call for it sends the same parameters under the same key.
      expires_at: Math.floor(payableUntil.getTime() / 1000),
    },
    // One key per order and expiry: a retry after a lost answer gets the same session, and an
    // order whose earlier page expired (made before pages had the order's expiry) gets a new one.
    { idempotencyKey: `kreide-order-${order.id}-${Math.floor(payableUntil.getTime() / 1000)}` },
  );
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
  if (order.providerReference !== session.id)
    await getDb().update(t.orders).set({ providerReference: session.id }).where(eq(t.orders.id, order.id));
  return session.url;
}

/** The order's page on Kreide, where Stripe sends the buyer back (paid or not). */
function orderPageUrl(order: OrderRow): string {
  return `${getPublicOrigin()}${pathFor(order.world, 'order-confirmation', { orderId: String(order.id) })}`;
}

/**
 * Handles a signed Stripe webhook: a completed, paid Checkout Session delivers its order, exactly
 * once (the event id is recorded in the same transaction, and delivery only moves an order out of
 * `pending`); lines the buyer holds by then (the payment page lives a day) go back to the card, and
 * so does a session paid for an order that waits for no payment any more (paid by another session,
 * cancelled, refunded), recorded in `payment_returned_minor`. A session whose amount or currency
 * differ from the order's delivers nothing.
 * Throws 400 for a bad signature; other events are acknowledged and ignored.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ handled: boolean }> {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('not_found');
  let event: Stripe.Event;
  try {
    event = getStripe().webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError('bad_request', undefined, { reason: 'invalid_signature' });
  }
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
    return { handled: false };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return { handled: false };
  const orderId = Number(session.metadata?.order_id ?? session.client_reference_id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return { handled: false };
  const outcome = await getDb().transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // The buyer's row, then the order's, before anything is written (lib/commerce/locks.ts): the
    // order updated first, then the buyer locked, deadlocked with the buyer's cancel.
    const order = await lockBuyerAndOrder(tx, orderId);
    const recorded = await tx
      .insert(t.paymentEvents)
      .values({ provider: 'card', eventId: event.id, orderId })
      .onConflictDoNothing()
      .returning();
    if (recorded.length === 0) return { handled: false };
    if (
      !order ||
      order.provider !== 'card' ||
      session.amount_total !== order.totalMinor ||
      (session.currency ?? '').toUpperCase() !== order.currency
    ) {
      console.warn(
        `stripe event ${event.id}: session ${session.id} does not match order ${orderId}; nothing delivered`,
      );
      return { handled: false };
    }
    if (order.status !== 'pending') {
      // Another event of the session that paid this order: nothing more to do.
      if (order.status !== 'cancelled' && order.providerReference === session.id) return { handled: false };
      // A payment for an order that no longer waits for one (paid by another session, cancelled,
      // refunded) is never kept: it goes back to the card and the back office sees it.
      await tx
        .update(t.orders)
        .set({ paymentReturnedMinor: sql`coalesce(${t.orders.paymentReturnedMinor}, 0) + ${order.totalMinor}` })
        .where(eq(t.orders.id, order.id));
      await enqueueSessionRefund(order.id, session.id, order.totalMinor, { db: tx });
      console.warn(`stripe event ${event.id}: session ${session.id} paid order ${orderId} (${order.status}); refunded`);
      return { handled: true };
    }
    if (order.providerReference !== session.id)
      await tx.update(t.orders).set({ providerReference: session.id }).where(eq(t.orders.id, order.id));
    const handled = (await acceptPayment(tx, order.id)).outcome !== 'none';
    crashPoint('webhook:before-commit');
    return { handled };
  });
  crashPoint('webhook:after-commit');
  if (outcome.handled) await expireSellerCabinetsOfOrder(orderId);
  return outcome;
}
