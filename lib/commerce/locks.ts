import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

type OrderRow = typeof t.orders.$inferSelect;

/**
 * The one lock order of buying. Every transaction that pays, cancels, refunds or orders takes
 * the rows it writes in this order, so no two of them can each hold what the other waits for
 * (a deadlock PostgreSQL ends by failing one of them):
 *
 * 1. the buyer's row (`users`, FOR NO KEY UPDATE; their `account_states` row goes with it);
 * 2. the order's row (FOR UPDATE);
 * 3. voucher rows;
 * 4. credit rows: the buyer's own, then their inviter's (a referral); an inviter's account is
 *    always older than the invitee's, so that order never turns back on itself;
 * 5. material rows (sales counts), in id order;
 * 6. the document counters last (invoice series, then cancellation series): one row per series
 *    and year for every buyer, so a transaction holding one must wait for nothing else.
 */
export async function lockBuyerAndOrder(tx: Database, orderId: number, userId?: number): Promise<OrderRow | undefined> {
  // An order's buyer never changes, so reading it before the lock is safe.
  const buyer =
    userId ?? (await tx.select({ userId: t.orders.userId }).from(t.orders).where(eq(t.orders.id, orderId)))[0]?.userId;
  if (buyer === undefined) return undefined;
  await tx.execute(sql`SELECT 1 FROM ${t.users} WHERE ${t.users.id} = ${buyer} FOR NO KEY UPDATE`);
  const [order] = await tx
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.id, orderId), eq(t.orders.userId, buyer)))
    .for('update');
  return order;
}
