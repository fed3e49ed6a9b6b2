import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { hashToken } from './tokens';

/** What a mailed token is for, and how long it lives. */
export const ACCOUNT_TOKEN_TTL_MS = {
  registration: 48 * 60 * 60_000,
  complete_registration: 48 * 60 * 60_000,
  recovery: 60 * 60_000,
  change_email: 24 * 60 * 60_000,
  /** The mobile app's code from the consent page, exchanged at once. */
  authorization_code: 5 * 60_000,
} as const;
export type AccountTokenPurpose = keyof typeof ACCOUNT_TOKEN_TTL_MS;

/** Shape of a mailed token: 43 url-safe characters (32 random bytes). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Issues a single-use token for a mail link. Only its hash is stored; an earlier unused token of
 * the same purpose stops working, so only the newest mail's link is valid. Pass the transaction
 * that queues the mail as `db`: the link then exists exactly when its mail is queued.
 */
export async function issueAccountToken(
  userId: number,
  purpose: AccountTokenPurpose,
  payload: unknown = null,
  db: Executor = getDb(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .update(t.accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(t.accountTokens.userId, userId), eq(t.accountTokens.purpose, purpose), isNull(t.accountTokens.usedAt)),
    );
  await db.insert(t.accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    payload,
    expiresAt: new Date(Date.now() + ACCOUNT_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Uses a mailed token once: marks it used and returns its user and payload, or null when it is
 * unknown, used, expired or for another purpose. The conditional UPDATE … RETURNING makes two
 * concurrent uses of one token succeed at most once. The lookup is by hash, so the comparison
 * never touches the secret itself.
 */
export async function consumeAccountToken(
  token: string,
  purpose: AccountTokenPurpose,
  db: Executor = getDb(),
): Promise<{ userId: number; payload: unknown } | null> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .update(t.accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, purpose))
    .returning({ userId: t.accountTokens.userId, payload: t.accountTokens.payload });
  return row ?? null;
}

/** Whether a token would be taken now (unused, unexpired, of this purpose), without taking it. */
export async function isAccountTokenUsable(token: string, purpose: AccountTokenPurpose): Promise<boolean> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return false;
  const [row] = await getDb()
    .select({ id: t.accountTokens.id })
    .from(t.accountTokens)
    .where(usable(token, purpose))
    .limit(1);
  return Boolean(row);
}

function usable(token: string, purpose: AccountTokenPurpose) {
  return and(
    eq(t.accountTokens.tokenHash, hashToken(token)),
    eq(t.accountTokens.purpose, purpose),
    isNull(t.accountTokens.usedAt),
    gt(t.accountTokens.expiresAt, new Date()),
  );
}
