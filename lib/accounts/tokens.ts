import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

/** Access tokens live 30 days, as long as cookies are kept by default. */
export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const CLIENT_IDS = ['web', 'app'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

/** Tokens are stored as SHA-256 hashes: a leaked table grants nothing. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Issues a new random access token for a user, or an anonymous one (client credentials). */
export async function issueAccessToken(input: NewAccessToken): Promise<string> {
  return (await issueAccessTokenRow(input)).token;
}

interface NewAccessToken {
  userId: number | null;
  clientId: ClientId;
  grantType: string;
  /** The admin acting as `userId` in a login-as session. */
  impersonatorUserId?: number | null;
  ttlMs?: number;
}

/** `issueAccessToken`, answering the stored row's id as well (for a caller that keeps data by it). */
export async function issueAccessTokenRow(input: NewAccessToken): Promise<{ token: string; tokenId: number }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const [row] = await getDb()
    .insert(t.accessTokens)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      clientId: input.clientId,
      grantType: input.grantType,
      impersonatorUserId: input.impersonatorUserId ?? null,
      expiresAt: new Date(Date.now() + (input.ttlMs ?? ACCESS_TOKEN_TTL_MS)),
    })
    .returning({ id: t.accessTokens.id });
  return { token, tokenId: row!.id };
}

export interface ValidToken {
  tokenId: number;
  userId: number | null;
  clientId: string;
  /** Set when an admin is acting as this user (login-as). */
  impersonatorUserId: number | null;
  /**
   * The account's role and whether it sells, read with the token (null for a token without a
   * user): routes for sellers and admins need them, and a second query would cost every call.
   */
  account: { role: string; isSeller: boolean } | null;
}

/** The token's owner when it exists, is not revoked and has not expired; otherwise null. */
export async function findValidToken(token: string): Promise<ValidToken | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await getDb()
    .select({
      tokenId: t.accessTokens.id,
      userId: t.accessTokens.userId,
      clientId: t.accessTokens.clientId,
      impersonatorUserId: t.accessTokens.impersonatorUserId,
      role: t.users.role,
      isSeller: t.users.isSeller,
    })
    .from(t.accessTokens)
    .leftJoin(t.users, eq(t.users.id, t.accessTokens.userId))
    .where(
      and(
        eq(t.accessTokens.tokenHash, hashToken(token)),
        isNull(t.accessTokens.revokedAt),
        gt(t.accessTokens.expiresAt, new Date()),
      ),
    );
  if (!row) return null;
  const { role, isSeller, ...valid } = row;
  return { ...valid, account: role === null || isSeller === null ? null : { role, isSeller } };
}

/** Revokes a token (logout); revoking an unknown token is not an error. */
export async function revokeAccessToken(token: string): Promise<void> {
  await getDb()
    .update(t.accessTokens)
    .set({ revokedAt: new Date() })
    .where(eq(t.accessTokens.tokenHash, hashToken(token)));
}

/** Revokes every token of a user (password change, recovery, deletion), optionally but one. */
export async function revokeUserTokens(userId: number, exceptTokenId?: number, db: Executor = getDb()): Promise<void> {
  const conditions = [eq(t.accessTokens.userId, userId), isNull(t.accessTokens.revokedAt)];
  if (exceptTokenId !== undefined) conditions.push(ne(t.accessTokens.id, exceptTokenId));
  await db
    .update(t.accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
