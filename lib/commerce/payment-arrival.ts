import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { coverRefusal, readCover } from './coverage';
import { addCredit, deliverOrder } from './fulfilment';
import { enqueueOrderMail } from './order-mails';
import { lockBuyerAndOrder } from './locks';
import { issueCancellationOf, returnLines } from './refund-lines';

/**
 * What a payment that arrived did: `paid` delivered the whole order; `paid-partly-returned`
 * delivered it but gave back the lines the buyer held by then; `returned` delivered nothing and
 * gave the whole amount back (every line held already, or the order was cancelled); `none`:
 * this payment was booked before (or the order takes none), nothing changed.
 */
export type PaymentArrival =
  | { outcome: 'paid'; returned: 0 }
  | { outcome: 'paid-partly-returned' | 'returned'; returned: number; to: 'credit' | 'card' }
  | { outcome: 'none'; returned: 0 };

type ItemRow = typeof t.orderItems.$inferSelect;

/**
 * The lines of an order the buyer need not pay for any more, read after their row is locked:
 * each bought line that the checkout would refuse now (the material, or a bundle it is in, held
 * with the same or a better licence; a bundle with a material inside it held so), and the
 * bundle-included lines of such a bundle. Other unpaid orders do not count: only what is held.
 */
async function heldLines(tx: Database, userId: number, orderId: number, items: ItemRow[], now: Date) {
  const bought = items.filter((item) => !item.inBundle);
  const covers = await readCover(
    tx,
    userId,
    bought.map((item) => item.materialId),
    now,
    orderId,
  );
  const held = bought.filter((item) => {
    const cover = covers.get(item.materialId);
    return cover && coverRefusal(item.licence === 'single' ? 'single' : 'school', { ...cover, pendingOrderId: null });
  });
  if (held.length === 0 || held.length === bought.length) return held.length === 0 ? [] : items;
  // A bundle's contents that were also in the cart are lines of their own at no price: they go
  // with the bundle.
  const inside = await tx
    .select({ materialId: t.bundleItems.materialId })
    .from(t.bundleItems)
    .where(
      inArray(
        t.bundleItems.bundleId,
        held.map((item) => item.materialId),
      ),
    );
  const insideIds = new Set(inside.map((row) => row.materialId));
  return items.filter((item) => held.includes(item) || (item.inBundle && insideIds.has(item.materialId)));
}

/**
 * The one place an unpaid order's payment is taken (an admin's "record transfer", a bank
 * statement row, Stripe's webhook), inside the caller's transaction, exactly once.
 *
 * The buyer's row is locked first, then the order's (lib/commerce/locks.ts), as the checkout locks it, so what they hold is read after
 * every order of theirs being paid or made meanwhile committed. A pending order becomes paid;
 * the lines whose materials the buyer holds by now (bought otherwise meanwhile) are not
 * delivered a second time but refunded at once through the refund path: a card payment back to
 * the card (Stripe, by a job), any other as credit in the order's world; a cancellation invoice
 * is issued for them and the order is flagged for the back office with the amount. A transfer
 * for a cancelled invoice order is credited in full the same way. The buyer is mailed what came
 * back. Marking the order (status, or the returned amount on a cancelled one) only where it was
 * not yet so makes a replayed webhook or a re-imported statement book nothing.
 */
export async function acceptPayment(tx: Database, orderId: number, now: Date = new Date()): Promise<PaymentArrival> {
  const order = await lockBuyerAndOrder(tx, orderId);
  if (!order) return { outcome: 'none', returned: 0 };

  if (order.status === 'cancelled') {
    if (order.provider !== 'invoice' || order.paymentReturnedMinor !== null) return { outcome: 'none', returned: 0 };
    // Its credit came back when it was cancelled; the transfer is the rest, all of it.
    await tx.update(t.orders).set({ paymentReturnedMinor: order.totalMinor }).where(eq(t.orders.id, order.id));
    await addCredit(tx, order.userId, order.world, order.currency, order.totalMinor, 'refund', order.id);
    await enqueueOrderMail('payment-returned', order.id, { db: tx });
    return { outcome: 'returned', returned: order.totalMinor, to: 'credit' };
  }
  if (order.status !== 'pending') return { outcome: 'none', returned: 0 };

  const items = await tx
    .select()
    .from(t.orderItems)
    .where(and(eq(t.orderItems.orderId, order.id), isNull(t.orderItems.refundedAt)))
    .orderBy(t.orderItems.id);
  const held = await heldLines(tx, order.userId, order.id, items, now);
  const returned = held.reduce((sum, item) => sum + item.payableGrossMinor, 0);
  // An order given back whole is no purchase: like a cancelled order that was paid, it gets no
  // paid_at, so the referral reward (which looks for an earlier paid order) and payouts see no sale.
  const wholeReturned = held.length > 0 && held.length === items.length;
  const [paid] = await tx
    .update(t.orders)
    .set({
      status: 'paid',
      paidAt: wholeReturned ? null : now,
      paymentReturnedMinor: held.length > 0 ? returned : null,
    })
    .where(and(eq(t.orders.id, order.id), eq(t.orders.status, 'pending')))
    .returning();
  if (!paid) return { outcome: 'none', returned: 0 };
  const all = held.length === items.length;
  const to = paid.provider === 'card' ? 'original' : 'credit';
  // The buyer's credit, then (delivering) the inviter's credit, the materials and the invoice
  // counter, and the cancellation counter last: the lock order of lib/commerce/locks.ts.
  if (held.length > 0) await returnLines(tx, paid, held, { to, closesOrder: all, now });
  await deliverOrder(tx, paid, {
    now,
    skipItemIds: held.map((item) => item.id),
    sendReceipt: held.length === 0,
    // An order given back whole was no purchase that earns the inviter anything.
    ...(all && held.length > 0 ? { inviterId: null } : {}),
  });
  if (held.length === 0) return { outcome: 'paid', returned: 0 };
  await issueCancellationOf(tx, paid, held, now);
  await enqueueOrderMail('payment-returned', order.id, { db: tx });
  return { outcome: all ? 'returned' : 'paid-partly-returned', returned, to: to === 'original' ? 'card' : 'credit' };
}
