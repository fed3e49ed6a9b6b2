import { sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import { CLIENT_IP_HEADER } from './client-ip';

export interface RateLimitRule {
  /** What is counted, e.g. `sign-in:ip:203.0.113.9` or `sign-in:account:a@b.c`. */
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Rate limits on sign-in, sign-up, recovery and token use, per client IP and per account (the
 * policy is in docs/decisions.md).
 */
export const RATE_LIMITS = {
  signInPerIp: { limit: 100, windowMs: 10 * 60_000 },
  /**
   * Failed sign-ins per address *from one IP*: the lock. It only holds back the client that
   * failed, so failing on purpose cannot lock the owner out from anywhere else.
   */
  signInFailuresPerAccountAndIp: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins per address from all IPs together: a ceiling far above the lock that only
   * caps distributed guessing (many IPs, a few tries each) at 100 an hour per address.
   */
  signInFailuresPerAccount: { limit: 100, windowMs: 60 * 60_000 },
  /** Anonymous (client-credentials) tokens: each is a stored row, so minting them is limited. */
  anonymousTokensPerIp: { limit: 60, windowMs: 10 * 60_000 },
  /** Wrong current passwords of a signed-in account (password or e-mail change). */
  passwordCheckFailuresPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  passwordCheckFailuresPerIp: { limit: 20, windowMs: 15 * 60_000 },
  signUpPerIp: { limit: 10, windowMs: 60 * 60_000 },
  recoveryPerIp: { limit: 10, windowMs: 60 * 60_000 },
  recoveryPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  tokenUsePerIp: { limit: 30, windowMs: 10 * 60_000 },
  /**
   * Favourites and follows of anonymous visitors (rows anyone can write): a class of 30 behind
   * one school address hearting 20 materials each in ten minutes stays below it.
   */
  anonymousSubscriptionWritesPerIp: { limit: 600, windowMs: 10 * 60_000 },
} as const;

/** A counter of one client address: `<what>:ip:<address>` (not one of an account *and* address). */
const PER_ADDRESS_KEY = /^[a-z-]+:ip:/;

/**
 * The limit a rule holds. Test-only (like KREIDE_TEST_ABANDONED_CART_SECONDS):
 * KREIDE_TEST_PER_IP_LIMIT_FACTOR multiplies the limits of per-address counters for the browser
 * journeys' server, where one address stands for every teacher and repeated runs on one database
 * (`--repeat-each 3`) register accounts, check wrong passwords and ask for recovery links many
 * times within a window. Bounded 1–100, read only when set, never in a real deployment; the real
 * figures are tested in the API integration tests. Per-account limits never change.
 */
export function limitOf(rule: RateLimitRule): number {
  if (!PER_ADDRESS_KEY.test(rule.key)) return rule.limit;
  const factor = Number(process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR);
  return Number.isInteger(factor) && factor >= 1 && factor <= 100 ? rule.limit * factor : rule.limit;
}

/** The client address server.ts wrote into the request (never a client-supplied header). */
export function clientIp(request: NextRequest): string {
  return request.headers.get(CLIENT_IP_HEADER) || 'unknown';
}

/**
 * Counts one hit against a fixed-window counter with one atomic upsert, so concurrent requests in
 * several app processes share the count. Returns whether the hit is within the limit and, if
 * not, the seconds until the window ends.
 */
export async function hit(rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowSeconds = Math.ceil(rule.windowMs / 1000);
  const result = await getDb().execute<{ hits: number; ends_in: number }>(sql`
    INSERT INTO rate_limits (key, hits, window_started_at) VALUES (${rule.key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.hits + 1 END,
      window_started_at = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_started_at END
    RETURNING hits::int AS hits,
      ceil(extract(epoch FROM (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int AS ends_in`);
  const row = result.rows[0]!;
  return { allowed: row.hits <= limitOf(rule), retryAfterSeconds: Math.max(1, row.ends_in) };
}

/** Reads a counter without counting (used to refuse before the expensive password check). */
export async function isLimited(rule: RateLimitRule): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  const windowSeconds = Math.ceil(rule.windowMs / 1000);
  const result = await getDb().execute<{ hits: number; ends_in: number }>(sql`
    SELECT hits::int AS hits, ceil(extract(epoch FROM (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int AS ends_in
    FROM rate_limits WHERE key = ${rule.key} AND window_started_at > now() - make_interval(secs => ${windowSeconds})`);
  const row = result.rows[0];
  return row && row.hits >= limitOf(rule)
    ? { limited: true, retryAfterSeconds: Math.max(1, row.ends_in) }
    : { limited: false, retryAfterSeconds: 0 };
}

/** The error every rate limit answers with: 429, a clear message and `Retry-After`. */
export function rateLimitedError(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', undefined, {
    reason: 'too_many_attempts',
    retry_after_seconds: retryAfterSeconds,
  });
}

/**
 * Counts one attempt against each rule *before* the work it guards (a password check), so
 * concurrent attempts cannot pass a limit together the way a read-then-count check lets them.
 * When a rule is used up, the hits already counted on the earlier rules are taken back and the
 * rate-limit error is thrown. The caller gives the hits back (`refund`, `reset`) when the attempt
 * turns out not to be a failure.
 */
export async function countAttempt(...rules: RateLimitRule[]): Promise<void> {
  for (const [index, rule] of rules.entries()) {
    const { allowed, retryAfterSeconds } = await hit(rule);
    if (!allowed) {
      for (const earlier of rules.slice(0, index)) await refund(earlier);
      throw rateLimitedError(retryAfterSeconds);
    }
  }
}

/** Counts a hit on each rule and throws the rate-limit error when any is exceeded. */
export async function enforce(...rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const { allowed, retryAfterSeconds } = await hit(rule);
    if (!allowed) throw rateLimitedError(retryAfterSeconds);
  }
}

/**
 * Takes back one hit of the current window. Checks that count an attempt *before* doing the
 * expensive work (so concurrent attempts cannot slip past the limit together) give the hit back
 * when the attempt turns out not to be a failure.
 */
export async function refund(rule: RateLimitRule): Promise<void> {
  const windowSeconds = Math.ceil(rule.windowMs / 1000);
  await getDb().execute(sql`
    UPDATE rate_limits SET hits = greatest(hits - 1, 0)
    WHERE key = ${rule.key} AND window_started_at > now() - make_interval(secs => ${windowSeconds})`);
}

/** Clears a counter (a successful sign-in resets the account's failures). */
export async function reset(key: string): Promise<void> {
  await getDb().execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/**
 * Clears a counter and every counter whose key extends it after a `:` (an address's own
 * counter and its per-IP counters). Rare (password recovery), so a scan is acceptable.
 */
export async function resetFamily(key: string): Promise<void> {
  await getDb().execute(sql`DELETE FROM rate_limits WHERE key = ${key} OR starts_with(key, ${`${key}:`})`);
}
