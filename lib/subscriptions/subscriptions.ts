import 'server-only';
import { notifyNewFollower } from '@/lib/notifications/producers';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { SUBSCRIPTION_LIMITS, type SubjectType } from './limits';

/**
 * Whose favourites and follows: a signed-in account, or an anonymous visitor's client-credentials
 * token (the identity in the session cookie or an app's bearer token).
 */
export type SubscriptionOwner = { userId: number; tokenId?: undefined } | { userId: null; tokenId: number };

/** The owner a valid token stands for. */
export function ownerOfSession(session: { userId: number | null; tokenId: number }): SubscriptionOwner {
  return session.userId === null ? { userId: null, tokenId: session.tokenId } : { userId: session.userId };
}

export interface Subject {
  type: SubjectType;
  id: number;
}

/** Where one owner's subjects of one type are kept: a table, its columns and the owner's rows. */
interface Shelf {
  table: PgTable;
  subject: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The owner's rows of this type. */
  rows: SQL;
  /** `INSERT INTO … (columns) SELECT values` of one new row, for a statement to add its WHERE. */
  insert: (subjectId: number) => SQL;
  limit: number;
  /** The limit's refusal reason (its text says how many and what to do). */
  fullReason: string;
}

function shelfOf(owner: SubscriptionOwner, type: SubjectType): Shelf {
  if (owner.userId === null) {
    const a = t.anonymousSubscriptions;
    return {
      table: a,
      subject: a.subjectId,
      createdAt: a.createdAt,
      rows: sql`${a.tokenId} = ${owner.tokenId} AND ${a.subjectType} = ${type}`,
      insert: (subjectId) =>
        sql`INSERT INTO ${a} (token_id, subject_type, subject_id) SELECT ${owner.tokenId}, ${type}, ${subjectId}`,
      limit: SUBSCRIPTION_LIMITS.perAnonymousIdentity,
      fullReason: type === 'material' ? 'anonymous_favourites_full' : 'anonymous_follows_full',
    };
  }
  const userId = owner.userId;
  if (type === 'material') {
    const f = t.favourites;
    return {
      table: f,
      subject: f.materialId,
      createdAt: f.createdAt,
      rows: sql`${f.userId} = ${userId}`,
      insert: (materialId) => sql`INSERT INTO ${f} (user_id, material_id) SELECT ${userId}, ${materialId}`,
      limit: SUBSCRIPTION_LIMITS.favouritesPerAccount,
      fullReason: 'favourites_full',
    };
  }
  const af = t.authorFollows;
  return {
    table: af,
    subject: af.authorId,
    createdAt: af.createdAt,
    rows: sql`${af.followerId} = ${userId}`,
    insert: (authorId) => sql`INSERT INTO ${af} (follower_id, author_id) SELECT ${userId}, ${authorId}`,
    limit: SUBSCRIPTION_LIMITS.followsPerAccount,
    fullReason: 'follows_full',
  };
}

/**
 * Whether a subject id is shown in lists and counts: a material while it is published and not
 * deleted (a favourite of an unpublished one comes back when it is published again), an author
 * while they sell.
 */
function visibleSubject(type: SubjectType, subject: AnyPgColumn | SQL): SQL {
  return type === 'material'
    ? sql`EXISTS (SELECT 1 FROM ${t.materials} WHERE ${t.materials.id} = ${subject} AND ${t.materials.isActive} AND ${t.materials.deletedAt} IS NULL)`
    : sql`EXISTS (SELECT 1 FROM ${t.users} WHERE ${t.users.id} = ${subject} AND ${t.users.isSeller})`;
}

/**
 * Takes the owner's row lock, so one owner's writes (two tabs, a merge at sign-in) run one after
 * another and a limit cannot be passed by writing twice at once. An account's row is taken FOR
 * NO KEY UPDATE, as buying takes it first (lib/commerce/locks.ts), so the two never wait on each
 * other in opposite orders; an anonymous identity's is its token's row.
 */
export async function lockOwner(tx: Executor, owner: SubscriptionOwner): Promise<void> {
  if (owner.userId === null)
    await tx.execute(sql`SELECT 1 FROM ${t.accessTokens} WHERE ${t.accessTokens.id} = ${owner.tokenId} FOR UPDATE`);
  else await tx.execute(sql`SELECT 1 FROM ${t.users} WHERE ${t.users.id} = ${owner.userId} FOR NO KEY UPDATE`);
}

/**
 * Recounts both sides' follow counters from the follows themselves: concurrent follows can never
 * make the counters drift, and a follower without an author profile simply has nothing to update.
 */
export async function recountFollows(tx: Executor, followerId: number, authorIds: number[]): Promise<void> {
  for (const authorId of authorIds)
    await tx.execute(
      sql`UPDATE author_profiles SET followers_number = (SELECT count(*)::int FROM author_follows WHERE author_id = ${authorId}) WHERE user_id = ${authorId}`,
    );
  await tx.execute(
    sql`UPDATE author_profiles SET following_number = (SELECT count(*)::int FROM author_follows WHERE follower_id = ${followerId}) WHERE user_id = ${followerId}`,
  );
}

function refuseFollowingOneself(owner: SubscriptionOwner, subject: Subject): void {
  if (subject.type === 'author' && owner.userId === subject.id)
    throw new AppError('validation_failed', undefined, [
      { path: 'subjectId', message: 'You cannot follow yourself', code: 'cannot_follow_self' },
    ]);
}

/** Refuses a subject that cannot be subscribed to: a material not on sale, a non-author, oneself. */
export async function assertSubscribable(owner: SubscriptionOwner, subject: Subject): Promise<void> {
  refuseFollowingOneself(owner, subject);
  const visible = await getDb().execute<{ ok: boolean }>(
    sql`SELECT ${visibleSubject(subject.type, sql`${subject.id}::int`)} AS ok`,
  );
  if (!visible.rows[0]?.ok)
    throw new AppError('not_found', undefined, {
      reason: subject.type === 'material' ? 'material_not_found' : 'author_not_found',
    });
}

/** How many of an owner's subjects of a type are shown (the list's total). */
async function visibleTotal(db: Executor, shelf: Shelf, type: SubjectType): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${shelf.table} WHERE ${shelf.rows} AND ${visibleSubject(type, shelf.subject)}`,
  );
  return result.rows[0]?.n ?? 0;
}

export interface SubscriptionAnswer {
  subscribed: boolean;
  /** The list's total after the change (what the page's counter shows). */
  total: number;
}

/** A change's answer, and whether the owner keeps anything at all afterwards (the keeps hint). */
export interface SubscriptionResult extends SubscriptionAnswer {
  keeps: boolean;
}

/**
 * Adds a favourite or a follow at the front of the owner's list; adding it twice changes
 * nothing. Refused: a subject that is not shown (404), following oneself (400), a full list
 * (409 with the limit). Under the owner's lock (two tabs cannot pass a limit together), one
 * statement checks, adds and counts: a toggle is the most frequent write there is.
 */
export async function subscribe(owner: SubscriptionOwner, subject: Subject): Promise<SubscriptionResult> {
  refuseFollowingOneself(owner, subject);
  const shelf = shelfOf(owner, subject.type);
  const visible = visibleSubject(subject.type, sql`${subject.id}::int`);
  return getDb().transaction(async (tx) => {
    await lockOwner(tx, owner);
    const result = await tx.execute<{ visible: boolean; has: boolean; n: number; added: number; shown: number }>(sql`
    WITH kept AS (
      SELECT count(*)::int AS n, coalesce(bool_or(${shelf.subject} = ${subject.id}), false) AS has
      FROM ${shelf.table} WHERE ${shelf.rows}
    ), target AS (SELECT ${visible} AS visible),
    added AS (
      ${shelf.insert(subject.id)}
      WHERE (SELECT visible FROM target) AND NOT (SELECT has FROM kept) AND (SELECT n FROM kept) < ${shelf.limit}
      ON CONFLICT DO NOTHING RETURNING 1
    )
    SELECT (SELECT visible FROM target) AS visible, (SELECT has FROM kept) AS has, (SELECT n FROM kept) AS n,
      (SELECT count(*)::int FROM added) AS added,
      (SELECT count(*)::int FROM ${shelf.table} WHERE ${shelf.rows} AND ${visibleSubject(subject.type, shelf.subject)}) AS shown`);
    const row = result.rows[0]!;
    if (!row.has && !row.visible)
      throw new AppError('not_found', undefined, {
        reason: subject.type === 'material' ? 'material_not_found' : 'author_not_found',
      });
    // Hidden favourites count too: they come back when their material does.
    if (!row.has && row.n >= shelf.limit)
      throw new AppError('conflict', undefined, { reason: shelf.fullReason, limit: shelf.limit });
    if (row.added && subject.type === 'author' && owner.userId !== null) {
      await recountFollows(tx, owner.userId, [subject.id]);
      await notifyNewFollower(tx, subject.id, owner.userId);
    }
    // The statement's count was taken before its own insert.
    return { subscribed: true, total: row.shown + row.added, keeps: true };
  });
}

/** Removes a favourite or a follow; removing one that is not there is not an error. One statement. */
export async function unsubscribe(owner: SubscriptionOwner, subject: Subject): Promise<SubscriptionResult> {
  const shelf = shelfOf(owner, subject.type);
  const other = shelfOf(owner, subject.type === 'material' ? 'author' : 'material');
  const result = await getDb().execute<{
    removed: number;
    shown: number;
    stored: number;
    visible: boolean;
    others: boolean;
  }>(sql`
    WITH removed AS (DELETE FROM ${shelf.table} WHERE ${shelf.rows} AND ${shelf.subject} = ${subject.id} RETURNING 1)
    SELECT (SELECT count(*)::int FROM removed) AS removed,
      (SELECT count(*)::int FROM ${shelf.table} WHERE ${shelf.rows} AND ${visibleSubject(subject.type, shelf.subject)}) AS shown,
      (SELECT count(*)::int FROM ${shelf.table} WHERE ${shelf.rows}) AS stored,
      ${visibleSubject(subject.type, sql`${subject.id}::int`)} AS visible,
      EXISTS (SELECT 1 FROM ${other.table} WHERE ${other.rows}) AS others`);
  const row = result.rows[0]!;
  if (row.removed && subject.type === 'author' && owner.userId !== null)
    await recountFollows(getDb(), owner.userId, [subject.id]);
  // The statement's counts were taken before its own delete.
  const total = row.shown - (row.removed && row.visible ? 1 : 0);
  return { subscribed: false, total, keeps: row.stored - row.removed > 0 || row.others };
}

export interface SubscriptionList {
  items: { subjectId: number; subjectType: SubjectType; createdAt: string }[];
  total: number;
}

/** The owner's shown subjects of a type, newest first, one page at a time. */
export async function listSubscriptions(
  owner: SubscriptionOwner,
  type: SubjectType,
  page: { limit: number; page: number },
): Promise<SubscriptionList> {
  const shelf = shelfOf(owner, type);
  const db = getDb();
  const rows = await db.execute<{ id: number; created_at: string | Date }>(
    sql`SELECT ${shelf.subject} AS id, ${shelf.createdAt} AS created_at FROM ${shelf.table}
        WHERE ${shelf.rows} AND ${visibleSubject(type, shelf.subject)}
        ORDER BY ${shelf.createdAt} DESC, ${shelf.subject} DESC
        LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}`,
  );
  return {
    items: rows.rows.map((row) => ({
      subjectId: row.id,
      subjectType: type,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total: await visibleTotal(db, shelf, type),
  };
}

/** Which of the given materials and authors the owner keeps (the hearts and follow buttons of a page). */
export async function subscriptionStatus(
  owner: SubscriptionOwner,
  ids: { materials: number[]; authors: number[] },
): Promise<{ materials: number[]; authors: number[] }> {
  const kept = async (type: SubjectType, wanted: number[]) => {
    if (wanted.length === 0) return [];
    const shelf = shelfOf(owner, type);
    const rows = await getDb().execute<{ id: number }>(
      sql`SELECT ${shelf.subject} AS id FROM ${shelf.table} WHERE ${shelf.rows}
          AND ${shelf.subject} IN (${sql.join(
            wanted.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const found = new Set(rows.rows.map((row) => row.id));
    return wanted.filter((id) => found.has(id));
  };
  return { materials: await kept('material', ids.materials), authors: await kept('author', ids.authors) };
}

/** Whether the owner keeps anything at all (the hint cookie that makes pages ask for the status). */
export async function keepsAnything(owner: SubscriptionOwner): Promise<boolean> {
  const material = shelfOf(owner, 'material');
  const author = shelfOf(owner, 'author');
  const result = await getDb().execute<{ any: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM ${material.table} WHERE ${material.rows})
            OR EXISTS (SELECT 1 FROM ${author.table} WHERE ${author.rows}) AS any`,
  );
  return Boolean(result.rows[0]?.any);
}
