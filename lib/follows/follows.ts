import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

/**
 * Recounts both sides' follow counters from the follows themselves: concurrent follows can never
 * make the counters drift, and a follower without an author profile simply has nothing to update.
 */
async function recount(followerId: number, authorId: number): Promise<void> {
  const db = getDb();
  await db.execute(
    sql`UPDATE author_profiles SET followers_number = (SELECT count(*)::int FROM author_follows WHERE author_id = ${authorId}) WHERE user_id = ${authorId}`,
  );
  await db.execute(
    sql`UPDATE author_profiles SET following_number = (SELECT count(*)::int FROM author_follows WHERE follower_id = ${followerId}) WHERE user_id = ${followerId}`,
  );
}

/** Follows an author (the newest follow comes first in the list). Following twice changes nothing. */
export async function followAuthor(followerId: number, authorId: number): Promise<void> {
  if (followerId === authorId)
    throw new AppError('validation_failed', undefined, [{ path: 'subjectId', message: 'You cannot follow yourself' }]);
  const [author] = await getDb().select({ isSeller: t.users.isSeller }).from(t.users).where(eq(t.users.id, authorId));
  if (!author?.isSeller) throw new AppError('not_found', undefined, { reason: 'author_not_found' });
  const inserted = await getDb()
    .insert(t.authorFollows)
    .values({ followerId, authorId })
    .onConflictDoNothing()
    .returning({ authorId: t.authorFollows.authorId });
  if (inserted.length) await recount(followerId, authorId);
}

/** Stops following an author; not following is not an error. */
export async function unfollowAuthor(followerId: number, authorId: number): Promise<void> {
  const removed = await getDb()
    .delete(t.authorFollows)
    .where(and(eq(t.authorFollows.followerId, followerId), eq(t.authorFollows.authorId, authorId)))
    .returning({ authorId: t.authorFollows.authorId });
  if (removed.length) await recount(followerId, authorId);
}

/** The authors a user follows, newest first, one page at a time (`GET v1/subscriptions`). */
export async function listFollowedAuthors(followerId: number, page: { limit: number; page: number }) {
  const db = getDb();
  const rows = await db
    .select({ subjectId: t.authorFollows.authorId, createdAt: t.authorFollows.createdAt })
    .from(t.authorFollows)
    .where(eq(t.authorFollows.followerId, followerId))
    .orderBy(desc(t.authorFollows.createdAt), desc(t.authorFollows.authorId))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.authorFollows)
    .where(eq(t.authorFollows.followerId, followerId));
  return {
    items: rows.map((row) => ({
      subjectId: row.subjectId,
      subjectType: 'author' as const,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
