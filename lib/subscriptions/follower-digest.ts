/**
 * The daily digest of followed authors: at most one mail a day per follower, in the language of
 * the follower's world, listing the materials of that world which authors they follow published
 * for the first time that day (a re-publish or an edit keeps its first `published_at`; bundles
 * are materials too), ten at most with a link to the rest, only while the `followed_authors`
 * preference is on. Days are UTC days.
 *
 * An hourly job starts the fan-out of the day that ended last, once: the day's row in
 * `follower_digest_days` is written in the transaction that queues the first batch, so several
 * processes, restarts and a queue that forgets finished jobs start each day exactly once. The
 * fan-out (lib/jobs/fan-out.ts) walks the followers of that day's authors in batches and queues
 * one mail job each under an id of the day and the follower: a retried batch mails nobody twice.
 * A job module: no `server-only`, no `next/*`.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { absoluteLink } from '@/lib/accounts/links';
import { fromStored } from '@/lib/cabinet/stored-preferences';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getMessages } from '@/lib/i18n/messages';
import { idSchema } from '@/lib/input/schemas';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { defineFanOut } from '@/lib/jobs/fan-out';
import { stableJobId } from '@/lib/jobs/periodic';
import { defineJob, MAIL_JOB_RULES, SWEEP_JOB_RULES } from '@/lib/jobs/registry';
import { getQueue } from '@/lib/jobs/queue';
import { sendMail, type OutgoingMail } from '@/lib/mail/mailer';
import { fill } from '@/lib/text/fill';
import { getWorldOrDefault } from '@/lib/worlds/worlds';
import { listUnsubscribeHeaders, mailLinkPage } from './mail-links';

/** Materials a digest lists; the rest are behind one link. */
export const DIGEST_MAX_LISTED = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC day as `YYYY-MM-DD`. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Not a day');

/** The UTC day before the one `now` falls in: the last day that has ended. */
export function lastEndedDay(now: number = Date.now()): string {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);
}

/** The day's bounds, for `published_at >= start AND published_at < end`. */
function dayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00Z`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** First publications of the day that are still shown: what a digest can list. */
function publishedOn(day: string) {
  const { start, end } = dayBounds(day);
  return sql`m.published_at >= ${start.toISOString()}::timestamptz AND m.published_at < ${end.toISOString()}::timestamptz
    AND m.is_active AND m.deleted_at IS NULL`;
}

interface DigestTexts {
  subject: string;
  greeting: string;
  intro: string;
  item: string;
  more: string;
  unfollow: string;
  settings: string;
  signature: string;
}

/** One follower's digest of `day`; null when there is nothing to send (any more). */
export async function renderDigestMail(day: string, userId: number): Promise<OutgoingMail | null> {
  const db = getDb();
  const [follower] = await db
    .select({
      email: t.users.email,
      name: t.users.publicName,
      world: t.users.world,
      preferences: t.accountStates.notificationPreferences,
      status: t.accountStates.status,
    })
    .from(t.users)
    .leftJoin(t.accountStates, sql`${t.accountStates.userId} = ${t.users.id}`)
    .where(sql`${t.users.id} = ${userId}`);
  // Only a confirmed, active account is mailed (not one pending confirmation, blocked or deleted).
  if (!follower || (follower.status ?? 'active') !== 'active' || !fromStored(follower.preferences).followed_authors)
    return null;
  const world = getWorldOrDefault(follower.world);
  const rows = await db.execute<{
    id: number;
    title: string;
    slug: string;
    author_id: number;
    author: string;
    total: number;
  }>(sql`
    SELECT m.id, m.title, m.slug, m.author_id, a.public_name AS author, count(*) OVER ()::int AS total
    FROM ${t.materials} m
    JOIN ${t.authorFollows} f ON f.author_id = m.author_id AND f.follower_id = ${userId}
    JOIN ${t.users} a ON a.id = m.author_id
    WHERE ${publishedOn(day)} AND m.world = ${world.code}
    ORDER BY m.published_at, m.id
    LIMIT ${DIGEST_MAX_LISTED}`);
  if (rows.rows.length === 0) return null;
  const total = Number(rows.rows[0]!.total);
  const texts = (getMessages(world.language).favorites as unknown as { digest: DigestTexts }).digest;
  const authors = new Map<number, string>();
  for (const row of rows.rows) authors.set(Number(row.author_id), row.author);
  const lines = [fill(texts.greeting, { name: follower.name }), '', texts.intro, ''];
  for (const row of rows.rows)
    lines.push(
      fill(texts.item, {
        title: row.title,
        author: row.author,
        link: absoluteLink(world.code, 'material', { id: String(row.id), slug: row.slug }),
      }),
    );
  if (total > rows.rows.length)
    lines.push(
      '',
      fill(texts.more, {
        count: total - rows.rows.length,
        link: `${absoluteLink(world.code, 'favourites')}#favourites-authors`,
      }),
    );
  lines.push('', texts.signature, '');
  // Single-purpose links: each unfollows one author, or turns these mails off, without signing in.
  for (const [authorId, author] of authors)
    lines.push(
      fill(texts.unfollow, { author, link: mailLinkPage(world.code, { partition: 'authors', userId, authorId }) }),
    );
  const off = { partition: 'notifications', userId, kind: 'followed_authors' } as const;
  lines.push(fill(texts.settings, { link: mailLinkPage(world.code, off) }));
  return {
    to: follower.email,
    subject: fill(texts.subject, { count: total }),
    text: lines.join('\n'),
    headers: listUnsubscribeHeaders(world.code, off),
  };
}

/** One follower's digest; reads everything when it runs, so the stored job holds no address. */
export const digestMailJob = defineJob(
  {
    name: 'follower-digest-mail',
    schema: z.object({ day: daySchema, userId: idSchema }).strict(),
    ...MAIL_JOB_RULES,
    summarize: ({ day, userId }) => ({ day, userId }),
  },
  async ({ day, userId }) => {
    const mail = await renderDigestMail(day, userId);
    if (!mail) return { sent: false };
    await sendMail(mail);
    return { sent: true };
  },
);

/**
 * The followers of the authors who published something first on `day`, a batch of 1,000 at a
 * time, each queued one mail job under an id of the day and the follower. The world and the
 * preference are checked when the mail is made (a follower may turn mails off meanwhile).
 */
export const digestFanOut = defineFanOut({
  name: 'follower-digest-batch',
  event: z.object({ day: daySchema }).strict(),
  key: ({ day }) => day,
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 60,
  concurrency: 1,
  recipients: async ({ day }, after, limit) => {
    const rows = await getDb().execute<{ follower_id: number }>(sql`
      SELECT DISTINCT f.follower_id FROM ${t.authorFollows} f
      WHERE f.author_id IN (SELECT m.author_id FROM ${t.materials} m WHERE ${publishedOn(day)})
        ${after === null ? sql`` : sql`AND f.follower_id > ${after}`}
      ORDER BY f.follower_id LIMIT ${limit}`);
    return rows.rows.map((row) => Number(row.follower_id));
  },
  deliver: ({ day }, userIds, tx) =>
    enqueueMany(
      digestMailJob,
      userIds.map((userId) => ({ id: stableJobId(`follower-digest-mail@${day}@${userId}`), data: { day, userId } })),
      { db: tx },
    ),
});

/**
 * Starts the digest of `day` unless it was started before (by this or another process); true
 * when this call started it.
 */
export async function startDigest(day: string): Promise<boolean> {
  // The queue must be running before a transaction enqueues through its own connection.
  await getQueue();
  return getDb().transaction(async (tx) => {
    const claimed = await tx
      .insert(t.followerDigestDays)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: t.followerDigestDays.day });
    if (claimed.length === 0) return false;
    await digestFanOut.start({ day }, { db: tx });
    return true;
  });
}

/** Every hour: the digest of the day that ended last, if nobody started it yet. */
export const digestDayJob = defineJob(
  {
    name: 'follower-digest-day',
    schema: z.object({}).strict(),
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    everySeconds: 3600,
    ...SWEEP_JOB_RULES,
  },
  async () => ({ started: await startDigest(lastEndedDay()) }),
);
