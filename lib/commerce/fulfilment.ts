import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { currencyExponent } from '@/lib/money/money';
import { issueDocument, orderInvoice, type InvoiceItem } from './invoices';
import { enqueueOrderMail } from './order-mails';
import { notifyOrderDelivered } from '@/lib/notifications/producers';

/** What the inviter earns when an invited teacher's first paid order completes: 5 of the currency. */
export const REFERRAL_CREDIT_MAJOR_UNITS = 5;

type OrderRow = typeof t.orders.$inferSelect;

/** What a caller of `deliverOrder` already knows, so the transaction does not ask again. */
export interface DeliveryFacts {
  now?: Date;
  /** The order's lines as written (a checkout has them in hand; otherwise they are read). */
  items?: InvoiceItem[];
  /** False when the order certainly has no invoice yet (it was made in this transaction). */
  mayHaveInvoice?: boolean;
  /**
   * The buyer's inviter as read before the transaction: null when there is none (an inviter is
   * only ever set when an account is made, so none stays none); undefined when not read.
   */
  inviterId?: number | null;
  /** False: no receipt mail (the demo data's past orders; a payment that gave lines back mails that instead). */
  sendReceipt?: boolean;
  /** Lines not to deliver: the buyer held them when the payment came, they are refunded instead. */
  skipItemIds?: number[];
  /** False: nobody is notified (the demo data's past orders). */
  notify?: boolean;
}

/**
 * Delivers a paid order inside the caller's transaction: a licence per bought material (and per
 * material inside a bought bundle; an upgrade turns the single licence into a school licence),
 * the sales counts, the invoice unless one was issued at ordering, the inviter's credit on the
 * invited buyer's first paid order, and the buyer's receipt mail. Few statements on purpose: on
 * the embedded database an open transaction holds every other connection, so each round trip
 * here is waited for by every buyer at once.
 */
export async function deliverOrder(tx: Database, order: OrderRow, facts: DeliveryFacts = {}): Promise<void> {
  const now = facts.now ?? new Date();
  // The inviter's credit row, then the materials' rows, then the invoice counter: the lock order
  // of lib/commerce/locks.ts (a counter taken before a credit row deadlocked with a refund).
  if (facts.inviterId !== null) await rewardInviter(tx, order);
  await grantLicencesAndCountSales(tx, order, facts.skipItemIds ?? []);
  if (facts.notify !== false) await notifyOrderDelivered(tx, order, facts.skipItemIds ?? []);
  if (order.originalMinor > 0 && (facts.mayHaveInvoice === false || !(await orderInvoice(tx, order.id))))
    await issueDocument(tx, order, 'invoice', { now, items: facts.items });
  // The receipt goes with the delivery, and only if it commits; a free material taken in one
  // click needs none.
  if (order.originalMinor > 0 && facts.sendReceipt !== false) await enqueueOrderMail('paid', order.id, { db: tx });
}

/**
 * One statement: the licences of the order's bought lines and of the materials inside bought
 * bundles (a material reached twice gets the better licence, from the first line that gives
 * it), and one more sale on each bought material, its rows locked in id order so that two
 * orders of the same materials cannot deadlock. Skipped lines (held already) get neither. NO KEY UPDATE, as a plain UPDATE takes: the
 * order's lines, written earlier in the transaction, hold KEY SHARE locks on those rows (their
 * foreign keys), which FOR UPDATE would wait on across two orders.
 */
async function grantLicencesAndCountSales(tx: Database, order: OrderRow, skipItemIds: number[]): Promise<void> {
  await tx.execute(sql`
    WITH bought AS (
      SELECT ${t.orderItems.id} AS item_id, ${t.orderItems.materialId} AS material_id,
             CASE WHEN ${t.orderItems.licence} = 'single' THEN 'single' ELSE 'school' END AS kind
      FROM ${t.orderItems}
      WHERE ${t.orderItems.orderId} = ${order.id} AND NOT ${t.orderItems.inBundle}
        AND ${t.orderItems.id} <> ALL(${`{${skipItemIds.join(',')}}`}::int[])
    ), wanted AS (
      SELECT item_id, material_id, kind FROM bought
      UNION ALL
      SELECT bought.item_id, ${t.bundleItems.materialId}, bought.kind
      FROM bought JOIN ${t.bundleItems} ON ${t.bundleItems.bundleId} = bought.material_id
    ), chosen AS (
      SELECT DISTINCT ON (material_id) item_id, material_id, kind
      FROM wanted ORDER BY material_id, (kind = 'school') DESC, item_id
    ), granted AS (
      INSERT INTO licences (user_id, material_id, kind, order_item_id)
      SELECT ${order.userId}, material_id, kind, item_id FROM chosen
      ON CONFLICT (user_id, material_id) DO UPDATE SET
        kind = CASE WHEN licences.revoked_at IS NULL AND licences.kind = 'school' THEN 'school' ELSE excluded.kind END,
        order_item_id = CASE WHEN licences.revoked_at IS NULL AND licences.kind = excluded.kind
                             THEN licences.order_item_id ELSE excluded.order_item_id END,
        revoked_at = NULL
      RETURNING 1
    ), locked AS (
      SELECT id FROM materials WHERE id IN (SELECT material_id FROM bought) ORDER BY id FOR NO KEY UPDATE
    ), sold AS (
      UPDATE materials SET sales_count = materials.sales_count + 1 FROM locked WHERE materials.id = locked.id
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM granted)::int AS granted, (SELECT count(*) FROM sold)::int AS sold`);
}

/**
 * The inviter's credit when the invited buyer's first paid order with a price completes, in the
 * world (and so the currency) of that order. The buyer's account row is locked first, so two
 * first orders paid at the same moment cannot both count as the first.
 */
async function rewardInviter(tx: Database, order: OrderRow): Promise<void> {
  if (order.originalMinor === 0) return;
  const locked = await tx.execute<{ invited_by_user_id: number | null }>(
    sql`SELECT invited_by_user_id FROM account_states WHERE user_id = ${order.userId} FOR UPDATE`,
  );
  const inviterId = locked.rows[0]?.invited_by_user_id;
  if (!inviterId) return;
  const [earlier] = await tx
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.userId, order.userId),
        ne(t.orders.id, order.id),
        sql`${t.orders.paidAt} IS NOT NULL`,
        sql`${t.orders.originalMinor} > 0`,
      ),
    )
    .limit(1);
  if (earlier) return;
  const amount = REFERRAL_CREDIT_MAJOR_UNITS * 10 ** currencyExponent(order.currency);
  await addCredit(tx, inviterId, order.world, order.currency, amount, 'referral', order.id);
}

/** Adds credit (a refund, a referral, an admin grant) and records why. */
export async function addCredit(
  tx: Database,
  userId: number,
  world: typeof t.orders.$inferSelect.world,
  currency: string,
  amount: number,
  reason: 'refund' | 'referral' | 'admin' | 'order-cancelled',
  orderId: number | null,
): Promise<void> {
  if (amount <= 0) return;
  await tx
    .insert(t.creditBalances)
    .values({ userId, world, currency, balanceMinor: amount, hadCredits: true })
    .onConflictDoUpdate({
      target: [t.creditBalances.userId, t.creditBalances.world],
      set: { balanceMinor: sql`${t.creditBalances.balanceMinor} + ${amount}`, hadCredits: true },
    });
  await tx.insert(t.creditEntries).values({ userId, world, amountMinor: amount, reason, orderId });
}
