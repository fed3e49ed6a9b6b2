/**
 * The events that notify, each written inside the transaction of the change it reports (so a
 * rolled-back change notifies nobody, and a committed one cannot be missed), in one statement
 * that also signals the recipients' sockets at commit (lib/notifications/store.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { STORED_KEY } from '@/lib/cabinet/stored-preferences';
import { SILENCED_BY, type NotificationKind } from './kinds';
import { signalRecipients } from './store';

type OrderRow = typeof t.orders.$inferSelect;

/** True unless the recipient (`user_id` of the rows) turned this kind off. */
function wanted(kind: NotificationKind, userId: SQL): SQL {
  const preference = SILENCED_BY[kind];
  if (!preference) return sql`true`;
  const stored = STORED_KEY[preference];
  return sql`coalesce((SELECT (s.notification_preferences->>${stored})::boolean FROM ${t.accountStates} s WHERE s.user_id = ${userId}), true)`;
}

/**
 * Inserts the rows `select` gives (user_id, kind, world, data, and with `keyed` a dedupe_key
 * after them) and signals their recipients. A keyed row that a user already has is skipped
 * (the unique index notifications_once).
 */
async function insertAndSignal(db: Executor, select: SQL, options: { keyed?: boolean } = {}): Promise<number> {
  const columns = options.keyed ? sql`(user_id, kind, world, data, dedupe_key)` : sql`(user_id, kind, world, data)`;
  const once = options.keyed ? sql`ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING` : sql``;
  const result = await db.execute<{ n: number }>(sql`
    WITH inserted AS (
      INSERT INTO ${t.notifications} ${columns} ${select} ${once} RETURNING user_id
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

/**
 * One kind of notification for many recipients at once (a fan-out's batch): each recipient who
 * wants it, once per `dedupeKey` (the unique index notifications_once), so a batch run again
 * after its process died adds nothing twice.
 */
async function notifyMany(
  db: Executor,
  userIds: number[],
  kind: NotificationKind,
  world: string,
  data: Record<string, string | number>,
  dedupeKey: string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  return insertAndSignal(
    db,
    sql`SELECT u.id, ${kind}::text, ${world}::text, ${JSON.stringify(data)}::jsonb, ${dedupeKey}::text
        FROM unnest(${`{${userIds.join(',')}}`}::int[]) AS u(id)
        WHERE ${wanted(kind, sql`u.id`)}`,
    { keyed: true },
  );
}

/** A new version of a material these buyers hold (the version mails' fan-out batch). */
export async function notifyNewVersion(db: Executor, userIds: number[], materialId: number, versionId: number) {
  const [material] = (
    await db.execute<{ title: string; world: string }>(
      sql`SELECT title, world FROM ${t.materials} WHERE id = ${materialId}`,
    )
  ).rows;
  if (!material) return 0;
  return notifyMany(
    db,
    userIds,
    'material_version',
    material.world,
    { materialId, versionId, title: material.title },
    'versionId',
  );
}

/** A followed author published a material (the followers' fan-out batch). */
export async function notifyAuthorPublished(db: Executor, userIds: number[], materialId: number) {
  const [material] = (
    await db.execute<{ title: string; world: string; slug: string; author: string }>(
      sql`SELECT m.title, m.world, m.slug, a.public_name AS author
          FROM ${t.materials} m JOIN ${t.users} a ON a.id = m.author_id WHERE m.id = ${materialId}`,
    )
  ).rows;
  if (!material) return 0;
  return notifyMany(
    db,
    userIds,
    'author_published',
    material.world,
    { materialId, slug: material.slug, title: material.title, author: material.author },
    `published:${materialId}`,
  );
}

/** The previews of a seller's upload are ready, or could not be made (with the reason's code). */
export async function notifyPreviews(
  db: Executor,
  materialId: number,
  outcome: { ready: true; pages: number } | { ready: false; reason: string },
) {
  return insertAndSignal(
    db,
    sql`SELECT m.author_id, ${outcome.ready ? 'previews_ready' : 'previews_failed'}::text, m.world,
               jsonb_build_object('materialId', m.id, 'title', m.title,
                                  ${outcome.ready ? 'pages' : 'reason'}::text, ${outcome.ready ? String(outcome.pages) : outcome.reason}::text)
        FROM ${t.materials} m WHERE m.id = ${materialId}`,
  );
}

/** A month's payouts recorded: each paid seller is told the amount; the credit note is in the fees page. */
export async function notifyPayouts(
  db: Executor,
  period: string,
  payouts: { sellerId: number; amountMinor: number; currency: string }[],
) {
  if (payouts.length === 0) return 0;
  return insertAndSignal(
    db,
    sql`SELECT p.seller_id, 'payout_sent', u.world,
               jsonb_build_object('period', ${period}::text, 'amountMinor', p.amount, 'currency', p.currency)
        FROM jsonb_to_recordset(${JSON.stringify(payouts.map((p) => ({ seller_id: p.sellerId, amount: p.amountMinor, currency: p.currency })))}::jsonb)
             AS p(seller_id int, amount int, currency text)
        JOIN ${t.users} u ON u.id = p.seller_id`,
  );
}
