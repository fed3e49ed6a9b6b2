/**
 * The notifications table's reads and writes: the cabinet's list, the bell's count, marking
 * read, and what the live endpoint sends and is acknowledged. No `server-only`: the WebSocket
 * endpoint runs in server.ts's own module graph.
 */
import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { hashToken } from '@/lib/accounts/tokens';
import { SOCKET_TICKET_TTL_MS } from './kinds';

export type NotificationRow = typeof t.notifications.$inferSelect;

/**
 * The channel on which, with PostgreSQL, a committed notification wakes the endpoint of every
 * process: the payload is the recipients' ids, never the notification (NOTIFY stops at 8,000
 * bytes; a fan-out inserts in batches well below that).
 */
export const NOTIFICATION_CHANNEL = 'kreide_notifications';

/** Recipients named in one NOTIFY message. */
export const SIGNAL_IDS_PER_MESSAGE = 500;

/**
 * `SELECT pg_notify(…)` for the recipients of the rows just inserted, to be run in the inserting
 * transaction: PostgreSQL delivers it at commit and never for a rollback, so a socket is woken
 * exactly for what was stored. (The embedded database has one process, whose endpoint polls.)
 */
export function signalRecipients(inserted: SQL): SQL {
  // The message shape of lib/cache/listener.ts (origin, tags), which listens for it: the
  // database is no process, so every process takes it. 500 ids a message (each at most 13
  // bytes in JSON) keeps a fan-out batch of 1,000 below NOTIFY's limit.
  return sql`SELECT count(*) FROM (
               SELECT pg_notify(${NOTIFICATION_CHANNEL},
                        json_build_object('origin', 'database', 'tags', json_agg(user_id::text))::text)
               FROM (SELECT user_id, (dense_rank() OVER (ORDER BY user_id) - 1) / ${SIGNAL_IDS_PER_MESSAGE} AS part
                     FROM (SELECT DISTINCT user_id FROM ${inserted}) AS recipients) AS parted
               GROUP BY part) AS signalled`;
}

export interface NotificationPage {
  rows: NotificationRow[];
  total: number;
  unread: number;
}

/** One page of a user's notifications, newest first, with the total and the unread count. */
export async function listNotifications(userId: number, page: number, limit: number): Promise<NotificationPage> {
  const db = getDb();
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(t.notifications)
      .where(eq(t.notifications.userId, userId))
      .orderBy(desc(t.notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    countNotifications(userId),
  ]);
  return { rows, ...counts };
}

/** A user's notifications: all, and unread. */
export async function countNotifications(
  userId: number,
  db: Executor = getDb(),
): Promise<{ total: number; unread: number }> {
  const result = await db.execute<{ total: number; unread: number }>(
    sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
        FROM ${t.notifications} WHERE user_id = ${userId}`,
  );
  return result.rows[0] ?? { total: 0, unread: 0 };
}

/** Marks some (ids of others are ignored) or all of a user's notifications read; answers the unread count. */
export async function markRead(userId: number, which: { ids: number[] } | 'all'): Promise<number> {
  const db = getDb();
  const mine = and(eq(t.notifications.userId, userId), isNull(t.notifications.readAt));
  await db
    .update(t.notifications)
    .set({ readAt: new Date() })
    .where(which === 'all' ? mine : and(mine, inArray(t.notifications.id, which.ids.length ? which.ids : [0])));
  return (await countNotifications(userId)).unread;
}

/** What the live endpoint owes a user: not acknowledged by any client yet, oldest first. */
export async function undelivered(userId: number, limit = 100): Promise<NotificationRow[]> {
  return getDb()
    .select()
    .from(t.notifications)
    .where(and(eq(t.notifications.userId, userId), isNull(t.notifications.deliveredAt)))
    .orderBy(t.notifications.id)
    .limit(limit);
}

/**
 * What the accounts among `userIds` are owed (not acknowledged), the newest 100 ids each: the
 * embedded database's endpoint asks this every 100 ms for the accounts it holds sockets of
 * (one statement on the undelivered rows' index). Ids, not the newest id alone: two
 * transactions can commit their rows in the other order than their ids.
 */
export async function usersOwed(userIds: number[]): Promise<Map<number, number[]>> {
  if (userIds.length === 0) return new Map();
  const result = await getDb().execute<{ user_id: number; ids: number[] }>(
    sql`SELECT user_id, (array_agg(id ORDER BY id DESC))[1:100] AS ids FROM ${t.notifications}
        WHERE delivered_at IS NULL AND user_id = ANY(${`{${userIds.join(',')}}`}::int[])
        GROUP BY user_id`,
  );
  return new Map(result.rows.map((row) => [Number(row.user_id), row.ids.map(Number)]));
}

/** A client received these: they are not sent again. Only the user's own rows change. */
export async function acknowledge(userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb()
    .update(t.notifications)
    .set({ deliveredAt: new Date() })
    .where(
      and(eq(t.notifications.userId, userId), inArray(t.notifications.id, ids), isNull(t.notifications.deliveredAt)),
    );
}

/** A single-use handshake ticket for the session behind `tokenId` (the website's cookie session). */
export async function issueSocketTicket(tokenId: number, now: Date = new Date()): Promise<string> {
  const ticket = crypto.randomBytes(32).toString('base64url');
  await getDb()
    .insert(t.socketTickets)
    .values({ ticketHash: hashToken(ticket), tokenId, expiresAt: new Date(now.getTime() + SOCKET_TICKET_TTL_MS) });
  return ticket;
}

/** Takes a ticket (it works once): the access token it stands for, or null when unknown, used or expired. */
export async function redeemSocketTicket(ticket: string, now: Date = new Date()): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(ticket)) return null;
  const [row] = await getDb()
    .delete(t.socketTickets)
    .where(eq(t.socketTickets.ticketHash, hashToken(ticket)))
    .returning();
  if (!row || row.expiresAt <= now) return null;
  return row.tokenId;
}

/**
 * The signed-in owner of a valid (not revoked, not expired) token of a live account, named by its
 * id (a redeemed ticket) or by the token itself (an app's bearer token), and whether an admin
 * acts as them.
 */
export async function ownerOfToken(
  token: { id: number } | { bearer: string },
): Promise<{ tokenId: number; userId: number; impersonated: boolean } | null> {
  if ('bearer' in token && !/^[A-Za-z0-9_-]{20,100}$/.test(token.bearer)) return null;
  const which = 'id' in token ? sql`a.id = ${token.id}` : sql`a.token_hash = ${hashToken(token.bearer)}`;
  const result = await getDb().execute<{ id: number; user_id: number; impersonated: boolean }>(
    sql`SELECT a.id, a.user_id, a.impersonator_user_id IS NOT NULL AS impersonated
        FROM ${t.accessTokens} a LEFT JOIN ${t.accountStates} s ON s.user_id = a.user_id
        WHERE ${which} AND a.user_id IS NOT NULL AND a.revoked_at IS NULL AND a.expires_at > now()
          AND coalesce(s.status, 'active') <> 'deleted'`,
  );
  const row = result.rows[0];
  return row ? { tokenId: Number(row.id), userId: Number(row.user_id), impersonated: Boolean(row.impersonated) } : null;
}

/**
 * Of these tokens, the ones that no longer hold (revoked by signing out or a password change,
 * expired, or their account deleted), with the reason the socket is closed with.
 */
export async function endedSessions(tokenIds: number[]): Promise<Map<number, 'session_revoked' | 'account_deleted'>> {
  if (tokenIds.length === 0) return new Map();
  const wanted = `{${tokenIds.join(',')}}`;
  const result = await getDb().execute<{ id: number; deleted: boolean; valid: boolean }>(
    sql`SELECT w.id, coalesce(s.status = 'deleted', a.id IS NULL) AS deleted,
               (a.revoked_at IS NULL AND a.expires_at > now()) AS valid
        FROM unnest(${wanted}::int[]) AS w(id)
        LEFT JOIN ${t.accessTokens} a ON a.id = w.id
        LEFT JOIN ${t.accountStates} s ON s.user_id = a.user_id`,
  );
  const ended = new Map<number, 'session_revoked' | 'account_deleted'>();
  for (const row of result.rows)
    if (row.deleted) ended.set(Number(row.id), 'account_deleted');
    else if (!row.valid) ended.set(Number(row.id), 'session_revoked');
  return ended;
}
