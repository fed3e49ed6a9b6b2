import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '@/lib/api/errors';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { addCredit } from './fulfilment';
import { issueDocument, orderInvoice } from './invoices';
import { lockBuyerAndOrder } from './locks';

type OrderRow = typeof t.orders.$inferSelect;

/**
 * The buyer cancels their own invoice purchase that waits for its transfer, so it blocks its
 * materials no longer (an unpaid order never expires by itself). Only the buyer's own order (any
 * other is not found, as if it did not exist), only while it waits; once cancelled, asking again
 * changes nothing (`cancelled: false`). A paid or refunded order, or a card order (its payment
 * page may still be paid), is refused: 409 order_not_cancellable.
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
  return getDb().transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const order = await lockBuyerAndOrder(tx, orderId, userId);
    if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
    if (order.status === 'cancelled') return { order, cancelled: false };
    if (order.status !== 'pending' || order.provider !== 'invoice')
      throw new AppError('conflict', undefined, { reason: 'order_not_cancellable', status: order.status });
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
