/**
 * The events that notify, each written inside the transaction of the change it reports (so a
 * rolled-back change notifies nobody, and a committed one cannot be missed), in one statement
 * that also signals the recipients' sockets at commit (lib/notifications/store.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { SILENCED_BY, type NotificationKind } from './kinds';
import { signalRecipients } from './store';

type OrderRow = typeof t.orders.$inferSelect;

/** True unless the recipient (`user_id` of the rows) turned this kind off. */
function wanted(kind: NotificationKind, userId: SQL): SQL {
  const preference = SILENCED_BY[kind];
  if (!preference) return sql`true`;
  const stored = { sales: 'sales', followed_authors: 'followedAuthors', material_updates: 'materialUpdates' }[
    preference as string
  ];
  if (!stored) return sql`true`;
  return sql`coalesce((SELECT (s.notification_preferences->>${stored})::boolean FROM ${t.accountStates} s WHERE s.user_id = ${userId}), true)`;
}

/** Inserts the rows `select` gives (user_id, kind, world, data) and signals their recipients. */
async function insertAndSignal(db: Executor, select: SQL): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    WITH inserted AS (
      INSERT INTO ${t.notifications} (user_id, kind, world, data) ${select} RETURNING user_id
    )
    SELECT (SELECT count(*)::int FROM inserted) AS n, (${signalRecipients(sql`inserted`)}) AS signalled`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * A paid order delivered: the buyer is told the order is paid (not for a free material taken in
 * one click), and each seller of a delivered line is told of the sale: material, licence,
 * world and their share, nothing about the buyer. Lines the buyer already held (refunded at
 * once) are no sale.
 */
export async function notifyOrderDelivered(db: Executor, order: OrderRow, skipItemIds: number[]): Promise<number> {
  if (order.originalMinor === 0) return 0;
  const skipped = `{${skipItemIds.join(',')}}`;
  return insertAndSignal(
    db,
    sql`
      SELECT ${order.userId}, 'order_paid', ${order.world},
             jsonb_build_object('orderId', ${order.id}::int, 'reference', ${order.reference}::text,
                                'lines', (SELECT count(*)::int FROM ${t.orderItems} i WHERE i.order_id = ${order.id}
                                          AND NOT i.in_bundle AND i.id <> ALL(${skipped}::int[])))
      UNION ALL
      SELECT i.seller_id, 'sale', ${order.world},
             jsonb_build_object('materialId', i.material_id, 'title', i.title, 'licence', i.licence,
                                'shareMinor', i.seller_share_minor, 'currency', ${order.currency}::text)
      FROM ${t.orderItems} i
      WHERE i.order_id = ${order.id} AND NOT i.in_bundle AND i.id <> ALL(${skipped}::int[])
        AND ${wanted('sale', sql`i.seller_id`)}`,
  );
}

/** Money of an order came back to the buyer (a refund, or a payment for lines they held). */
export async function notifyRefund(db: Executor, order: OrderRow, amountMinor: number): Promise<number> {
  if (amountMinor <= 0) return 0;
  return insertAndSignal(
    db,
    sql`SELECT ${order.userId}, 'refund', ${order.world},
               jsonb_build_object('orderId', ${order.id}::int, 'reference', ${order.reference}::text,
                                  'amountMinor', ${amountMinor}::int, 'currency', ${order.currency}::text)`,
  );
}

/**
 * Someone followed an author. The follower stays unnamed (who follows whom is not public); their
 * id is kept only so that following, unfollowing and following again within 30 days tells the
 * author once.
 */
export async function notifyNewFollower(db: Executor, authorId: number, followerId: number): Promise<number> {
  return insertAndSignal(
    db,
    sql`SELECT ${authorId}::int, 'new_follower', a.world, jsonb_build_object('followerId', ${followerId}::int)
        FROM ${t.users} a WHERE a.id = ${authorId}
          AND ${wanted('new_follower', sql`${authorId}::int`)}
          AND NOT EXISTS (SELECT 1 FROM ${t.notifications} n WHERE n.user_id = ${authorId} AND n.kind = 'new_follower'
                          AND n.data->>'followerId' = ${String(followerId)} AND n.created_at > now() - interval '30 days')`,
  );
}
