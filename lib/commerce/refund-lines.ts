import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { enqueueCardRefund } from './card-refunds';
import { notifyRefund } from '@/lib/notifications/producers';
import { addCredit } from './fulfilment';
import { issueDocument, orderInvoice, type IssuedDocument } from './invoices';

type OrderRow = typeof t.orders.$inferSelect;
type ItemRow = typeof t.orderItems.$inferSelect;

/** Who pays money back to the original payment. */
export type MoneyBackBy = 'card' | 'manual' | 'none';

/**
 * Who pays money back to the original payment: Stripe for a card (a job), a person for a bank
 * transfer (`manual`); a test or free payment moved no money.
 */
function moneyBackBy(provider: string): MoneyBackBy {
  if (provider === 'card') return 'card';
  if (provider === 'invoice') return 'manual';
  return 'none';
}

/**
 * Refunds these open lines of a paid order inside the caller's transaction (the buyer's and the
 * order's rows locked by the caller): the lines are marked refunded, the licences they granted are
 * revoked, what the buyer paid comes back — the credit part always as credit; the rest as credit
 * too when `to` is 'credit' (not for a test payment: test money is never made spendable, it goes
 * back to the test payment), else by the payment provider (a card by Stripe, through a job queued
 * in this transaction) — and a cancellation invoice is issued for them (when the order has an
 * invoice). `closesOrder`: these were the order's last open lines, so it becomes refunded.
 * The one refund path of the admin's refund and of a payment that came for what was held already.
 */
export async function refundLines(
  tx: Database,
  order: OrderRow,
  chosen: ItemRow[],
  options: { to: 'credit' | 'original'; closesOrder: boolean; now: Date },
): Promise<{ document: IssuedDocument | null; moneyBack: number; providerRefund: MoneyBackBy }> {
  const back = await returnLines(tx, order, chosen, options);
  // The counter comes after the credit row: document counters are locked last (lib/commerce/locks.ts).
  const document = await issueCancellationOf(tx, order, chosen, options.now);
  return { document, ...back };
}

/**
 * The money part of `refundLines`, without the cancellation invoice, for a caller that must take
 * other rows before the document counters (a payment that arrives: the inviter's credit and the
 * sales counts come first) and then calls `issueCancellationOf`.
 */
export async function returnLines(
  tx: Database,
  order: OrderRow,
  chosen: ItemRow[],
  options: { to: 'credit' | 'original'; closesOrder: boolean; now: Date },
): Promise<{ moneyBack: number; providerRefund: MoneyBackBy }> {
  const { now } = options;
  const ids = chosen.map((item) => item.id);
  await tx.update(t.orderItems).set({ refundedAt: now }).where(inArray(t.orderItems.id, ids));
  await tx
    .update(t.licences)
    .set({ revokedAt: now })
    .where(and(inArray(t.licences.orderItemId, ids), isNull(t.licences.revokedAt)));
  const creditBack = chosen.reduce((sum, item) => sum + item.creditUsedMinor, 0);
  const paidBack = chosen.reduce((sum, item) => sum + item.payableGrossMinor, 0);
  // Test money stays test money: what a test payment "paid" is refunded to that payment (which
  // moves nothing) even when credit was chosen, never turned into spendable credit. Real credit
  // the order used comes back as credit either way.
  const paidBackAsCredit = options.to === 'credit' && order.provider !== 'test';
  await addCredit(
    tx,
    order.userId,
    order.world,
    order.currency,
    creditBack + (paidBackAsCredit ? paidBack : 0),
    'refund',
    order.id,
  );
  // A card payment is paid back by Stripe, once, by a job that commits with this refund.
  const providerRefund = options.to === 'original' && paidBack > 0 ? moneyBackBy(order.provider) : 'none';
  if (providerRefund === 'card') await enqueueCardRefund(order.id, ids, paidBack, { db: tx });
  if (options.closesOrder) await tx.update(t.orders).set({ status: 'refunded' }).where(eq(t.orders.id, order.id));
  await notifyRefund(tx, order, creditBack + paidBack);
  return { moneyBack: options.to === 'original' ? paidBack : 0, providerRefund };
}

/** The cancellation invoice of these refunded lines, when the order has an invoice to cancel. */
export async function issueCancellationOf(
  tx: Database,
  order: OrderRow,
  chosen: ItemRow[],
  now: Date,
): Promise<IssuedDocument | null> {
  const invoice = await orderInvoice(tx, order.id);
  if (!invoice) return null;
  return issueDocument(tx, order, 'cancellation', {
    itemIds: chosen.map((item) => item.id),
    cancelsInvoiceId: invoice.id,
    now,
    items: chosen,
  });
}
