import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { defineJob, SWEEP_JOB_RULES } from '@/lib/jobs/registry';
import { closeCardPaymentPage } from './card-sessions';
import { CARD_ORDER_PAYABLE_MS } from './coverage';
import { addCredit } from './fulfilment';
import { issueDocument, orderInvoice } from './invoices';
import { lockBuyerAndOrder } from './locks';

type OrderRow = typeof t.orders.$inferSelect;

/**
 * The buyer cancels their own order that waits for its payment, so it blocks its materials no
 * longer: an invoice purchase waiting for its transfer (it never expires by itself), or a card
 * order not paid on Stripe's page. Only the buyer's own order (any other is not found, as if it
 * did not exist), only while it waits; once cancelled, asking again changes nothing
 * (`cancelled: false`). A paid or refunded order is refused: 409 order_not_cancellable, and so is a
 * card order whose page was paid already (its webhook is on the way and delivers it).
 *
 * A card order's payment page is closed at Stripe first (expired, so nobody can pay it after the
 * order is cancelled; 503 payment_provider_unavailable, and nothing cancelled, when Stripe cannot
 * be reached). A page paid in the moment between still never keeps the money: the webhook gives a
 * payment for a cancelled order back to the card.
 *
 * In one transaction, locking the buyer's row and then the order's (lib/commerce/locks.ts), so
 * a transfer booked at the same moment either pays the order first (then it is not cancelled) or
 * finds it cancelled (then it is credited): the credit the order used comes back, the voucher's
 * redemption is given back, and the order's invoice (issued at ordering, with its number) is
 * cancelled by a cancellation invoice of its own number, never deleted.
 */
export async function cancelOrder(
  userId: number,
  orderId: number,
  now: Date = new Date(),
): Promise<{ order: OrderRow; cancelled: boolean }> {
  // Read here, not with order-view's findBuyerOrder: that module is server-only, and this one
  // runs in the job worker too (the sweep).
  const [seen] = await getDb()
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.id, orderId), eq(t.orders.userId, userId)));
  if (!seen) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
  if (seen.status === 'cancelled') return { order: seen, cancelled: false };
  if (!isCancellable(seen)) throw notCancellable(seen);
  await closePaymentPage(seen);
  return cancelWaitingOrder(seen, userId, now);
}

const isCancellable = (order: OrderRow) =>
  order.status === 'pending' && (order.provider === 'invoice' || order.provider === 'card');

const notCancellable = (order: OrderRow) =>
  new AppError('conflict', undefined, { reason: 'order_not_cancellable', status: order.status });

/** Makes a card order's Stripe page unpayable; refuses (409) when it was paid already. */
async function closePaymentPage(order: OrderRow): Promise<void> {
  if (order.provider !== 'card' || order.providerReference === null) return;
  if ((await closeCardPaymentPage(order.providerReference)) === 'paid') throw notCancellable(order);
}

/**
 * Cancels a waiting order in one transaction: what it took (credit, voucher) comes back. `seen` is
 * the order as read when its payment page was closed: a card order that got a page since (the
 * buyer pressed "pay now" in another tab at that moment) is not cancelled.
 */
async function cancelWaitingOrder(
  seen: OrderRow,
  userId: number | undefined,
  now: Date,
): Promise<{ order: OrderRow; cancelled: boolean }> {
  return getDb().transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const order = await lockBuyerAndOrder(tx, seen.id, userId);
    if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
    if (order.status === 'cancelled') return { order, cancelled: false };
    if (!isCancellable(order) || order.providerReference !== seen.providerReference) throw notCancellable(order);
    const [cancelled] = await tx
      .update(t.orders)
      .set({ status: 'cancelled' })
      .where(eq(t.orders.id, order.id))
      .returning();
    // Voucher, then credit, then the cancellation's counter: the lock order of lib/commerce/locks.ts.
    // The checkout took a redemption only when the voucher took something off.
    if (order.voucherId !== null && order.voucherDiscountMinor > 0)
      await tx
        .update(t.vouchers)
        .set({ redemptions: sql`${t.vouchers.redemptions} - 1` })
        .where(and(eq(t.vouchers.id, order.voucherId), gt(t.vouchers.redemptions, 0)));
    await addCredit(tx, order.userId, order.world, order.currency, order.creditsUsedMinor, 'order-cancelled', order.id);
    const invoice = await orderInvoice(tx, order.id);
    if (invoice) await issueDocument(tx, cancelled!, 'cancellation', { cancelsInvoiceId: invoice.id, now });
    return { order: cancelled!, cancelled: true };
  });
}

/** How long after a card order stops being payable the sweep cancels it: a late webhook's time. */
const UNPAID_CARD_ORDER_GRACE_MS = 60 * 60 * 1000;

/** How many unpaid card orders the sweep reads at a time. */
const SWEEP_BATCH = 100;

/**
 * Cancels card orders whose payment page expired unpaid, as their buyer could on the order page:
 * the credit and voucher they took come back, so nothing a buyer spent waits in an order that can
 * no longer be paid. An hour after the page expired, so a payment made in its last moment is
 * delivered by its webhook first; a page Stripe reports paid is left to its webhook (Stripe
 * retries it for days). An order that fails (Stripe cannot be reached) is logged and tried at the
 * next run. Returns the orders cancelled.
 */
export async function cancelUnpaidCardOrders(now: Date = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - CARD_ORDER_PAYABLE_MS - UNPAID_CARD_ORDER_GRACE_MS);
  const cancelled: number[] = [];
  let after = 0;
  for (;;) {
    const due = await getDb()
      .select()
      .from(t.orders)
      .where(
        and(
          eq(t.orders.status, 'pending'),
          eq(t.orders.provider, 'card'),
          lte(t.orders.createdAt, cutoff),
          gt(t.orders.id, after),
        ),
      )
      .orderBy(asc(t.orders.id))
      .limit(SWEEP_BATCH);
    if (due.length === 0) return cancelled;
    for (const order of due) {
      after = order.id;
      try {
        await closePaymentPage(order);
        if ((await cancelWaitingOrder(order, undefined, now)).cancelled) cancelled.push(order.id);
      } catch (error) {
        const reason = error instanceof AppError ? error.reason : undefined;
        // A page paid more than an hour ago whose order still waits: its webhook has not come,
        // which the back office must see (Stripe retries it for three days).
        console.error(
          reason === 'order_not_cancellable'
            ? `card order ${order.id}: its Stripe page ${order.providerReference} was paid, but no webhook delivered the order`
            : `unpaid card order ${order.id} not cancelled: ${reason ?? (error as Error).message}`,
        );
      }
    }
  }
}

/** The hourly sweep of card orders whose payment page expired unpaid. */
export const unpaidCardOrderSweepJob = defineJob(
  {
    name: 'unpaid-card-order-sweep',
    schema: z.object({}).strict(),
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    everySeconds: 3600,
    ...SWEEP_JOB_RULES,
  },
  async () => ({ cancelled: await cancelUnpaidCardOrders() }),
);
