import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { currencyExponent } from '@/lib/money/money';
import { issueDocument, orderInvoice } from './invoices';
import { enqueueOrderMail } from './order-mails';

/** What the inviter earns when an invited teacher's first paid order completes: 5 of the currency. */
export const REFERRAL_CREDIT_MAJOR_UNITS = 5;

type OrderRow = typeof t.orders.$inferSelect;

/**
 * Marks a pending order paid and delivers it, inside the caller's transaction, exactly once: the
 * status changes only from `pending`, so a replayed webhook, a second admin click or a retry
 * after a crash finds nothing to do and returns false. Delivering means: a licence per bought
 * material (and per material inside a bought bundle; an upgrade turns the single licence into a
 * school licence), the invoice unless one was issued at ordering, the sales counts, the
 * inviter's credit on the invited buyer's first paid order, and the buyer's receipt mail.
 */
export async function fulfilOrder(tx: Database, orderId: number, now: Date = new Date()): Promise<boolean> {
  const [order] = await tx
    .update(t.orders)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(t.orders.id, orderId), eq(t.orders.status, 'pending')))
    .returning();
  if (!order) return false;
  const items = await tx.select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id));
  const bought = items.filter((item) => !item.inBundle);
  const bundleContents = bought.length
    ? await tx
        .select({ bundleId: t.bundleItems.bundleId, materialId: t.bundleItems.materialId })
        .from(t.bundleItems)
        .where(
          inArray(
            t.bundleItems.bundleId,
            bought.map((item) => item.materialId),
          ),
        )
    : [];
  for (const item of bought) {
    const kind = item.licence === 'single' ? 'single' : 'school';
    await grantLicence(tx, order.userId, item.materialId, kind, item.id);
    for (const content of bundleContents.filter((c) => c.bundleId === item.materialId))
      await grantLicence(tx, order.userId, content.materialId, kind, item.id);
  }
  // In id order: two orders locking the same materials in different orders would deadlock.
  for (const materialId of [...new Set(bought.map((item) => item.materialId))].sort((a, b) => a - b))
    await tx
      .update(t.materials)
      .set({ salesCount: sql`${t.materials.salesCount} + 1` })
      .where(eq(t.materials.id, materialId));
  if (order.originalMinor > 0 && !(await orderInvoice(tx, order.id)))
    await issueDocument(tx, order, 'invoice', { now });
  await rewardInviter(tx, order);
  // The receipt goes with the delivery, and only if it commits; a free material taken in one
  // click needs none.
  if (order.originalMinor > 0) await enqueueOrderMail('paid', order.id, { db: tx });
  return true;
}

/**
 * Grants (or upgrades, or restores after a refund) the buyer's licence of a material. A single
 * licence never downgrades an existing school licence.
 */
async function grantLicence(
  tx: Database,
  userId: number,
  materialId: number,
  kind: 'single' | 'school',
  orderItemId: number,
) {
  await tx
    .insert(t.licences)
    .values({ userId, materialId, kind, orderItemId })
    .onConflictDoUpdate({
      target: [t.licences.userId, t.licences.materialId],
      set: {
        kind: sql`CASE WHEN ${t.licences.revokedAt} IS NULL AND ${t.licences.kind} = 'school' THEN 'school' ELSE excluded.kind END`,
        orderItemId: sql`CASE WHEN ${t.licences.revokedAt} IS NULL AND ${t.licences.kind} = excluded.kind THEN ${t.licences.orderItemId} ELSE excluded.order_item_id END`,
        revokedAt: null,
      },
    });
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
