import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '@/lib/api/errors';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { currencyExponent } from '@/lib/money/money';
import { enqueueCardRefund } from './card-refunds';
import { addCredit, fulfilOrder } from './fulfilment';
import { issueDocument, orderInvoice } from './invoices';
import { expireSellerCabinetsOfOrder } from '@/lib/selling/seller-cache';

type OrderRow = typeof t.orders.$inferSelect;

/** An order reference as it appears in a transfer's reference text. */
export const ORDER_REFERENCE_PATTERN = /K-[A-HJ-NP-Z2-9]{10}/;

/**
 * Records the bank transfer of a pending invoice purchase and delivers it. The amount must be the
 * order's total to the cent: a partial or excess payment is not booked here (409), it needs a
 * person. Recording the same payment twice changes nothing the second time; any other amount
 * on an order that is no longer pending is refused (409 order_not_pending).
 */
export async function recordPayment(
  orderId: number,
  amountMinor: number,
  now: Date = new Date(),
): Promise<{ order: OrderRow; fulfilled: boolean }> {
  const db = getDb();
  const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
  if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
  if ((order.status === 'paid' || order.status === 'refunded') && amountMinor === order.totalMinor)
    return { order, fulfilled: false };
  if (order.status !== 'pending') throw new AppError('conflict', undefined, { reason: 'order_not_pending' });
  if (amountMinor !== order.totalMinor)
    throw new AppError('conflict', undefined, { reason: 'amount_mismatch', expected: order.totalMinor });
  const fulfilled = await db.transaction((tx) => fulfilOrder(tx as unknown as Database, order.id, now));
  if (fulfilled) await expireSellerCabinetsOfOrder(order.id);
  const [after] = await db.select().from(t.orders).where(eq(t.orders.id, order.id));
  return { order: after!, fulfilled };
}

/** The longest statement text an import takes (characters); a longer export is imported in parts. */
export const MAX_STATEMENT_LENGTH = 200_000;

export interface StatementRow {
  line: number;
  date: string;
  amount: string;
  reference: string;
}

export type StatementOutcome =
  | 'paid'
  | 'already-paid'
  | 'no-order-reference'
  | 'unknown-order'
  | 'amount-mismatch'
  | 'not-an-invoice-order'
  | 'order-cancelled'
  | 'invalid-row';

/**
 * Parses a bank statement export: CSV with a header line `date,amount,reference` (in any order,
 * case-insensitive), comma or semicolon separated, amounts with a decimal point or comma and no
 * thousands separators ("12.50", "12,50"), quotes allowed around a field.
 */
export function parseStatement(text: string): StatementRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0)
    throw new AppError('validation_failed', undefined, [{ path: 'file', message: 'The statement is empty' }]);
  const separator = lines[0]!.includes(';') ? ';' : ',';
  const split = (line: string) =>
    line.split(separator).map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
  const header = split(lines[0]!).map((cell) => cell.toLowerCase());
  const column = (name: string) => header.indexOf(name);
  if (column('date') < 0 || column('amount') < 0 || column('reference') < 0)
    throw new AppError('validation_failed', undefined, [
      { path: 'file', message: 'The first line must name the columns date, amount and reference' },
    ]);
  return lines.slice(1).map((line, index) => {
    const cells = split(line);
    return {
      line: index + 2,
      date: cells[column('date')] ?? '',
      amount: cells[column('amount')] ?? '',
      reference: cells[column('reference')] ?? '',
    };
  });
}

/** "12.50" or "12,50" in minor units of `currency`, or null when it is not such an amount. */
export function parseStatementAmount(text: string, currency: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const fraction = (match[2] ?? '').padEnd(exponent, '0');
  if (fraction.length > exponent) return null;
  return Number(match[1]) * 10 ** exponent + (exponent ? Number(fraction) : 0);
}

/** Books every row of a statement whose reference names a pending invoice order with its exact total. */
export async function importStatement(rows: StatementRow[], now: Date = new Date()) {
  const results: { line: number; reference: string | null; outcome: StatementOutcome; orderId: number | null }[] = [];
  for (const row of rows) {
    const reference = ORDER_REFERENCE_PATTERN.exec(row.reference.toUpperCase())?.[0] ?? null;
    if (!reference || !row.amount) {
      results.push({
        line: row.line,
        reference,
        outcome: reference ? 'invalid-row' : 'no-order-reference',
        orderId: null,
      });
      continue;
    }
    const [order] = await getDb().select().from(t.orders).where(eq(t.orders.reference, reference));
    if (!order) {
      results.push({ line: row.line, reference, outcome: 'unknown-order', orderId: null });
      continue;
    }
    const amount = parseStatementAmount(row.amount, order.currency);
    let outcome: StatementOutcome;
    if (amount === null) outcome = 'invalid-row';
    else if (order.provider !== 'invoice') outcome = 'not-an-invoice-order';
    else if (order.status === 'paid' || order.status === 'refunded') outcome = 'already-paid';
    else if (order.status === 'cancelled') outcome = 'order-cancelled';
    else if (amount !== order.totalMinor) outcome = 'amount-mismatch';
    else outcome = (await recordPayment(order.id, amount, now)).fulfilled ? 'paid' : 'already-paid';
    results.push({ line: row.line, reference, outcome, orderId: order.id });
  }
  return results;
}

/**
 * Who pays money back to the original payment: Stripe for a card (a job), a person for a bank
 * transfer (`manual`); a test or free payment moved no money.
 */
function moneyBackBy(provider: string): 'card' | 'manual' | 'none' {
  if (provider === 'card') return 'card';
  if (provider === 'invoice') return 'manual';
  return 'none';
}

/**
 * Refunds an order in full or some of its lines (admin): the lines are marked refunded, the
 * licences they granted are revoked (downloads stop), a cancellation invoice with its own number
 * is issued for them, and what the buyer paid for them comes back — the credit part always as
 * credit; the rest as credit too when `to` is 'credit' (not for a test payment: test money is
 * never made spendable, it goes back to the test payment), else by the payment provider (a test or
 * free payment moves no money; a transfer is paid back by a person; a card by Stripe, through a
 * job queued in the refund's transaction). Refunding a line twice
 * changes nothing.
 */
export async function refundOrder(
  orderId: number,
  options: { itemIds: number[] | 'all'; to: 'credit' | 'original' },
  now: Date = new Date(),
) {
  const db = getDb();
  const refunded = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const locked = await tx.execute<{ id: number }>(sql`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`);
    if (locked.rows.length === 0) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
    const [order] = await tx.select().from(t.orders).where(eq(t.orders.id, orderId));
    if (order!.status !== 'paid') throw new AppError('conflict', undefined, { reason: 'order_not_paid' });
    const open = await tx
      .select()
      .from(t.orderItems)
      .where(and(eq(t.orderItems.orderId, orderId), isNull(t.orderItems.refundedAt)));
    const chosen =
      options.itemIds === 'all' ? open : open.filter((item) => (options.itemIds as number[]).includes(item.id));
    if (options.itemIds !== 'all' && chosen.length !== options.itemIds.length)
      throw new AppError('conflict', undefined, { reason: 'item_not_refundable' });

    if (chosen.length === 0)
      return { order: order!, refunded: [] as number[], document: null, moneyBack: 0, providerRefund: 'none' as const };
    const ids = chosen.map((item) => item.id);
    await tx.update(t.orderItems).set({ refundedAt: now }).where(inArray(t.orderItems.id, ids));
    await tx
      .update(t.licences)
      .set({ revokedAt: now })
      .where(and(inArray(t.licences.orderItemId, ids), isNull(t.licences.revokedAt)));
    const invoice = await orderInvoice(tx, orderId);
    const document = invoice
      ? await issueDocument(tx, order!, 'cancellation', { itemIds: ids, cancelsInvoiceId: invoice.id, now })
      : null;
    const creditBack = chosen.reduce((sum, item) => sum + item.creditUsedMinor, 0);
    const paidBack = chosen.reduce((sum, item) => sum + item.payableGrossMinor, 0);
    // Test money stays test money: what a test payment "paid" is refunded to that payment (which
    // moves nothing) even when credit was chosen, never turned into spendable credit. Real credit
    // the order used comes back as credit either way.
    const paidBackAsCredit = options.to === 'credit' && order!.provider !== 'test';
    await addCredit(
      tx,
      order!.userId,
      order!.world,
      order!.currency,
      creditBack + (paidBackAsCredit ? paidBack : 0),
      'refund',
      order!.id,
    );
    // A card payment is paid back by Stripe, once, by a job that commits with this refund.
    const providerRefund = options.to === 'original' && paidBack > 0 ? moneyBackBy(order!.provider) : 'none';
    if (providerRefund === 'card') await enqueueCardRefund(orderId, ids, paidBack, { db: tx });
    if (open.length === chosen.length)
      await tx.update(t.orders).set({ status: 'refunded' }).where(eq(t.orders.id, orderId));
    const [after] = await tx.select().from(t.orders).where(eq(t.orders.id, orderId));
    return {
      order: after!,
      refunded: ids,
      document,
      moneyBack: options.to === 'original' ? paidBack : 0,
      providerRefund,
    };
  });
  // The sellers' figures show the refund.
  await expireSellerCabinetsOfOrder(orderId);
  return refunded;
}
