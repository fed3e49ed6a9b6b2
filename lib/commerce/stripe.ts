import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { getPublicOrigin } from '@/lib/seo/origin';
import { pathFor } from '@/lib/routing/localized-routes';
import { enqueueSessionRefund } from './card-refunds';
import { closeCardPaymentPage } from './card-sessions';
import { cardOrderPayable, cardOrderPayableUntil } from './coverage';
import { crashPoint } from './crash-points';
import { lockBuyerAndOrder } from './locks';
import { acceptPayment } from './payment-arrival';
import { getStripe } from './stripe-client';
import { expireCabinetsOfOrder } from '@/lib/cache/invalidate';

type OrderRow = typeof t.orders.$inferSelect;

/**
 * Stripe's payment page of a waiting card order. A page made before is retrieved: open, it is
 * sent again; paid (complete), the buyer goes to the order, which its webhook delivers; expired,
 * a new one is made if time is left (pages made before pages had the order's expiry). A page
 * expires when the order stops being payable (`cardOrderPayableUntil`, a day after ordering),
 * never later, so it can never be paid after its order stopped holding its materials. Refuses
 * (409 payment_expired) once the order can no longer be paid, and (409 order_not_payable) when
 * the order was cancelled or given another page while this one was made: the page made is
 * expired again, so nobody pays a cancelled order. Card only: a page paid is paid, never a debit
 * that may still fail.
 */
export async function cardPaymentUrl(order: OrderRow, buyerEmail: string, now: Date = new Date()): Promise<string> {
  if (!cardOrderPayable(order, now)) throw new AppError('conflict', undefined, { reason: 'payment_expired' });
  const stripe = getStripe();
  if (order.providerReference !== null) {
    const made = await stripe.checkout.sessions.retrieve(order.providerReference);
    if (made.status === 'open' && made.url) return made.url;
    if (made.status === 'complete') return orderPageUrl(order);
    if (!cardOrderPayable({ ...order, providerReference: null }, now))
      throw new AppError('conflict', undefined, { reason: 'payment_expired' });
  }
  const confirmation = orderPageUrl(order);
  const expiresAt = Math.floor(cardOrderPayableUntil(order).getTime() / 1000);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: ['card'],
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
      // Back from a payment the order may wait a moment for its webhook: the page says so.
      success_url: `${confirmation}?payment=done`,
      cancel_url: confirmation,
      expires_at: expiresAt,
    },
    // One key per order and page it replaces: a retry after a lost answer, or two tabs at once,
    // get the same session; a page that replaces an expired one is a new session.
    { idempotencyKey: `kreide-order-${order.id}-after-${order.providerReference ?? 'none'}` },
  );
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
  if (session.id === order.providerReference) return session.url;
  // Kept only while the order waits with the page it had when this one was asked for: a cancel
  // in between has closed that page, and must not leave this one open.
  const [kept] = await getDb()
    .update(t.orders)
    .set({ providerReference: session.id })
    .where(
      and(
        eq(t.orders.id, order.id),
        eq(t.orders.status, 'pending'),
        order.providerReference === null
          ? isNull(t.orders.providerReference)
          : eq(t.orders.providerReference, order.providerReference),
      ),
    )
    .returning({ id: t.orders.id });
  if (kept) return session.url;
  const [current] = await getDb()
    .select({ status: t.orders.status, providerReference: t.orders.providerReference })
    .from(t.orders)
    .where(eq(t.orders.id, order.id));
  // The same page, kept by a retry at the same moment.
  if (current?.status === 'pending' && current.providerReference === session.id) return session.url;
  await closeCardPaymentPage(session.id).catch((error: unknown) =>
    console.error(`stripe: page ${session.id} of order ${order.id} left open:`, (error as Error).message),
  );
  throw new AppError('conflict', undefined, { reason: 'order_not_payable', status: current?.status ?? 'cancelled' });
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
  if (outcome.handled) await expireCabinetsOfOrder(orderId);
  return outcome;
}
