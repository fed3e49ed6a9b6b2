import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { currencyExponent } from '@/lib/money/money';
import { acceptPayment, type PaymentArrival } from './payment-arrival';
import { lockBuyerAndOrder } from './locks';
import { refundLines } from './refund-lines';
import { expireCabinetsOfOrder } from '@/lib/cache/invalidate';

type OrderRow = typeof t.orders.$inferSelect;

/** An order reference as it appears in a transfer's reference text. */
export const ORDER_REFERENCE_PATTERN = /K-[A-HJ-NP-Z2-9]{10}/;

/**
 * Records the bank transfer of an invoice purchase and takes it (`acceptPayment`): a pending
 * order is delivered, less any lines the buyer holds by now, which come back as credit; a
 * transfer for a cancelled order goes to the buyer's credit whole. The amount must be the order's
 * total to the cent: a partial or excess payment is not booked here (409), it needs a person.
 * Recording the same payment twice changes nothing the second time; any other amount on an order
 * that took its payment already is refused (409 order_not_pending), and so is any order that is
 * not an invoice purchase (409 not_an_invoice_order).
 */
export async function recordPayment(
  orderId: number,
  amountMinor: number,
  now: Date = new Date(),
): Promise<{ order: OrderRow; fulfilled: boolean; arrival: PaymentArrival }> {
  const db = getDb();
  const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
  if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
  // Only an invoice order is paid by transfer. A card order is paid on Stripe's page and taken
  // by its webhook: recording a transfer for it as well would take the money twice and keep it.
  if (order.provider !== 'invoice')
    throw new AppError('conflict', undefined, { reason: 'not_an_invoice_order', provider: order.provider });
  const booked =
    order.status === 'paid' ||
    order.status === 'refunded' ||
    (order.status === 'cancelled' && order.paymentReturnedMinor !== null);
  if (booked && amountMinor === order.totalMinor)
    return { order, fulfilled: false, arrival: { outcome: 'none', returned: 0 } };
  const takesPayment = order.status === 'pending' || order.status === 'cancelled';
  if (booked || !takesPayment) throw new AppError('conflict', undefined, { reason: 'order_not_pending' });
  if (amountMinor !== order.totalMinor)
    throw new AppError('conflict', undefined, { reason: 'amount_mismatch', expected: order.totalMinor });
  const arrival = await db.transaction((tx) => acceptPayment(tx as unknown as Database, order.id, now));
  if (arrival.outcome !== 'none') await expireCabinetsOfOrder(order.id);
  const [after] = await db.select().from(t.orders).where(eq(t.orders.id, order.id));
  return { order: after!, fulfilled: arrival.outcome !== 'none', arrival };
}

/** What a statement row says about the payment it booked. */
const STATEMENT_OUTCOMES: Record<PaymentArrival['outcome'], StatementOutcome> = {
  paid: 'paid',
  'paid-partly-returned': 'paid-partly-credited',
  returned: 'credited',
  none: 'already-paid',
};

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
  | 'paid-partly-credited'
  | 'credited'
  | 'already-paid'
  | 'no-order-reference'
  | 'unknown-order'
  | 'amount-mismatch'
  | 'not-an-invoice-order'
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

/**
 * Books every row of a statement whose reference names an invoice order awaiting payment (or
 * cancelled: then it is credited) with its exact total. Each order takes one transfer: a row
 * seen again (the same statement imported twice) books nothing.
 */
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
    else if (order.status === 'cancelled' && order.paymentReturnedMinor !== null) outcome = 'already-paid';
    else if (amount !== order.totalMinor) outcome = 'amount-mismatch';
    else outcome = STATEMENT_OUTCOMES[(await recordPayment(order.id, amount, now)).arrival.outcome];
    results.push({ line: row.line, reference, outcome, orderId: order.id });
  }
  return results;
}

/**
 * Refunds an order in full or some of its lines (admin), through `refundLines`: downloads stop, a
 * cancellation invoice is issued, and the money comes back as credit or by the provider (a test
 * or free payment moves no money; a transfer is paid back by a person; a card by Stripe).
 * Refunding a line twice changes nothing.
 */
export async function refundOrder(
  orderId: number,
  options: { itemIds: number[] | 'all'; to: 'credit' | 'original' },
  now: Date = new Date(),
) {
  const db = getDb();
  const refunded = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // The buyer's row before the order's, as the buyer's cancel and every payment take them
    // (lib/commerce/locks.ts): a refund locking only the order deadlocked with them.
    const order = await lockBuyerAndOrder(tx, orderId);
    if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
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
    const done = await refundLines(tx, order!, chosen, {
      to: options.to,
      closesOrder: open.length === chosen.length,
      now,
    });
    const [after] = await tx.select().from(t.orders).where(eq(t.orders.id, orderId));
    return { order: after!, refunded: chosen.map((item) => item.id), ...done };
  });
  // The sellers' figures show the refund.
  await expireCabinetsOfOrder(orderId);
  return refunded;
}
