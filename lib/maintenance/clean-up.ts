/**
 * The periodic clean-up: rows whose use is over are deleted, a bounded batch per statement, so
 * tables of sessions, mailed tokens, rate-limit counters and anonymous carts do not grow for
 * ever. Finished jobs are not here: pg-boss's own maintenance archives completed jobs after
 * 12 h and deletes archived ones after 7 days (lib/jobs/queue.ts), once per interval among all
 * processes. Download links are signed, not stored, so they leave nothing behind.
 * A job module: no `server-only`, no `next/*`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { defineJob, SWEEP_JOB_RULES } from '@/lib/jobs/registry';
import { NOTIFICATION_RETENTION_DAYS } from '@/lib/notifications/kinds';
import { RATE_LIMITS } from '@/lib/security/rate-limit';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Rows per DELETE. Each statement is its own transaction and is short (a few tens of
 * milliseconds for this many rows): the embedded database runs one query at a time, so a
 * request waits at most one batch behind the clean-up, never the whole of it.
 */
export const CLEAN_UP_BATCH = 5_000;

/**
 * Batches per table and run: 200 × 5,000 = 1,000,000 rows. A table with more waits for the next
 * run, so one run stays well inside its expiry however far behind it is.
 */
export const CLEAN_UP_MAX_BATCHES = 200;

/** How often the clean-up runs. */
export const CLEAN_UP_EVERY_SECONDS = 60 * 60;

/**
 * How long after its last use each kind of row is kept. Sessions and mailed tokens a day past
 * their expiry (or their single use), so a "link expired" or "signed out" question the next
 * morning still finds the row; a rate-limit counter once the longest window has passed, when it
 * no longer counts anything (a counter found missing starts a new window, as an old one would);
 * an anonymous cart 90 days after its last change, three times the life of its cookie.
 */
export const RETENTION_MS = {
  sessions: DAY_MS,
  mailTokens: DAY_MS,
  rateLimits: Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowMs)),
  anonymousCarts: 90 * DAY_MS,
  // Read or not: the list is a recent history, not an archive (what it reports stays where it
  // happened: orders, invoices, sales).
  notifications: NOTIFICATION_RETENTION_DAYS * DAY_MS,
  // A handshake ticket lives a minute; one never used goes with the sessions' day of grace.
  socketTickets: DAY_MS,
  // Every process's search index reads the change rows of the last seconds; an hour is ample for
  // a process that paused (one that was down rebuilds its index when it starts).
  searchChanges: 60 * 60 * 1000,
} as const;

export type CleanUpTarget = keyof typeof RETENTION_MS;

/**
 * Each target as the table's key and the condition a row may go by. The condition is written
 * into both the batch's sub-select and the DELETE itself: a row changed meanwhile (a counter hit
 * again, a cart filled) is checked again when the DELETE reaches it, and kept.
 */
function targets(now: Date): Record<CleanUpTarget, { table: SQL; key: SQL; expired: SQL }> {
  const before = (target: CleanUpTarget) => new Date(now.getTime() - RETENTION_MS[target]);
  return {
    sessions: { table: sql`access_tokens`, key: sql`id`, expired: sql`expires_at < ${before('sessions')}` },
    mailTokens: {
      table: sql`account_tokens`,
      key: sql`id`,
      expired: sql`(expires_at < ${before('mailTokens')} OR used_at < ${before('mailTokens')})`,
    },
    rateLimits: { table: sql`rate_limits`, key: sql`key`, expired: sql`window_started_at < ${before('rateLimits')}` },
    anonymousCarts: {
      table: sql`carts`,
      key: sql`id`,
      expired: sql`(user_id IS NULL AND updated_at < ${before('anonymousCarts')})`,
    },
    notifications: { table: sql`notifications`, key: sql`id`, expired: sql`created_at < ${before('notifications')}` },
    socketTickets: {
      table: sql`socket_tickets`,
      key: sql`ticket_hash`,
      expired: sql`expires_at < ${before('socketTickets')}`,
    },
    searchChanges: { table: sql`search_changes`, key: sql`seq`, expired: sql`changed_at < ${before('searchChanges')}` },
  };
}

export interface CleanUpOptions {
  now?: Date;
  batchSize?: number;
  maxBatches?: number;
}

/** What a run deleted, per target, and how many statements it took. */
export type CleanUpReport = Record<CleanUpTarget, { deleted: number; batches: number }>;

/**
 * Deletes what has outlived its retention, table by table, in batches of at most `batchSize`
 * rows (`DELETE … WHERE key IN (SELECT key … LIMIT n)`), until a batch comes back short or
 * `maxBatches` have run. Safe to run in several processes at once: each DELETE takes the rows it
 * finds, and a row another run took first is simply not deleted twice.
 */
export async function cleanUpExpired(options: CleanUpOptions = {}): Promise<CleanUpReport> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? CLEAN_UP_BATCH;
  const maxBatches = options.maxBatches ?? CLEAN_UP_MAX_BATCHES;
  const db = getDb();
  const report = {} as CleanUpReport;
  for (const [name, { table, key, expired }] of Object.entries(targets(now)) as [
    CleanUpTarget,
    ReturnType<typeof targets>[CleanUpTarget],
  ][]) {
    let deleted = 0;
    let batches = 0;
    while (batches < maxBatches) {
      const result = await db.execute(sql`
        DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${expired} LIMIT ${batchSize})
          AND ${expired}`);
      batches += 1;
      deleted += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchSize) break;
    }
    report[name] = { deleted, batches };
  }
  return report;
}

/**
 * The hourly clean-up job, queued once per hour among all worker processes (its id names the
 * hour). No retries: the next hour's run finds whatever this one left.
 */
export const cleanUpJob = defineJob(
  {
    name: 'expired-rows-clean-up',
    schema: z.object({}).strict(),
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 900,
    everySeconds: CLEAN_UP_EVERY_SECONDS,
    ...SWEEP_JOB_RULES,
  },
  async () => cleanUpExpired(),
);
