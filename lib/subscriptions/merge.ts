import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { findValidToken } from '@/lib/accounts/tokens';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import { expireAccountPages } from '@/lib/cache/invalidate';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { SUBSCRIPTION_LIMITS } from './limits';
import { lockOwner, recountFollows } from './subscriptions';

export interface MergeResult {
  favourites: number;
  follows: number;
}

/**
 * Moves an anonymous identity's favourites and follows into an account (sign-in, the confirmation
 * of a sign-up, an app's persist), then empties the identity, so whoever uses that browser next
 * inherits nothing. In one transaction under the account's lock and then the token's: two merges
 * of one identity at once run one after the other, and the second finds nothing left.
 *
 * What the account already keeps stays where it is (no duplicates); the anonymous ones keep the
 * time they were added, so they come first. Following oneself is dropped, and so is anything past
 * the account's limits (the newest are kept).
 */
export async function mergeAnonymousSubscriptions(tokenId: number, userId: number): Promise<MergeResult> {
  const merged = await getDb().transaction(async (tx) => {
    await lockOwner(tx, { userId });
    await lockOwner(tx, { userId: null, tokenId });
    const a = t.anonymousSubscriptions;
    const favourites = await tx.execute(sql`
      INSERT INTO ${t.favourites} (user_id, material_id, created_at)
      SELECT ${userId}, a.subject_id, a.created_at FROM ${a} a
      WHERE a.token_id = ${tokenId} AND a.subject_type = 'material'
        AND EXISTS (SELECT 1 FROM ${t.materials} m WHERE m.id = a.subject_id)
        AND NOT EXISTS (SELECT 1 FROM ${t.favourites} f WHERE f.user_id = ${userId} AND f.material_id = a.subject_id)
      ORDER BY a.created_at DESC, a.subject_id DESC
      LIMIT greatest(0, ${SUBSCRIPTION_LIMITS.favouritesPerAccount} - (SELECT count(*) FROM ${t.favourites} WHERE user_id = ${userId}))
      ON CONFLICT DO NOTHING
      RETURNING material_id`);
    const follows = await tx.execute<{ author_id: number }>(sql`
      INSERT INTO ${t.authorFollows} (follower_id, author_id, created_at)
      SELECT ${userId}, a.subject_id, a.created_at FROM ${a} a
      WHERE a.token_id = ${tokenId} AND a.subject_type = 'author' AND a.subject_id <> ${userId}
        AND EXISTS (SELECT 1 FROM ${t.users} u WHERE u.id = a.subject_id AND u.is_seller)
        AND NOT EXISTS (SELECT 1 FROM ${t.authorFollows} af WHERE af.follower_id = ${userId} AND af.author_id = a.subject_id)
      ORDER BY a.created_at DESC, a.subject_id DESC
      LIMIT greatest(0, ${SUBSCRIPTION_LIMITS.followsPerAccount} - (SELECT count(*) FROM ${t.authorFollows} WHERE follower_id = ${userId}))
      ON CONFLICT DO NOTHING
      RETURNING author_id`);
    await tx.execute(sql`DELETE FROM ${a} WHERE token_id = ${tokenId}`);
    const authorIds = follows.rows.map((row) => row.author_id);
    if (authorIds.length) await recountFollows(tx, userId, authorIds);
    return { favourites: favourites.rows.length, authorIds };
  });
  // The account's favourites page kept rendered for it is out of date, and the followed authors'
  // pages show their follower counts.
  if (merged.favourites || merged.authorIds.length) await expireAccountPages(userId);
  for (const authorId of merged.authorIds) refreshPublicPages(authorId, { catalogue: false });
  return { favourites: merged.favourites, follows: merged.authorIds.length };
}

/** The id of an anonymous token that is still valid; null for none, an expired one or an account's. */
async function anonymousTokenId(token: string | null): Promise<number | null> {
  if (!token) return null;
  const valid = await findValidToken(token);
  return valid && valid.userId === null ? valid.tokenId : null;
}

/**
 * The merge at a sign-in or a sign-up's confirmation: when the request's token is an anonymous
 * one (`previousToken`, read before the new session replaced it), its favourites and follows join
 * the account. A token of another account, an expired one or none merges nothing.
 */
export async function mergeAnonymousVisit(previousToken: string | null, userId: number): Promise<MergeResult | null> {
  const tokenId = await anonymousTokenId(previousToken);
  return tokenId === null ? null : mergeAnonymousSubscriptions(tokenId, userId);
}

/**
 * The merge when a sign-up is confirmed: only from the anonymous identity that sent the sign-up,
 * so a confirmation link opened in someone else's browser takes nothing of theirs.
 */
export async function mergeAtSignUpConfirmation(
  previousToken: string | null,
  userId: number,
): Promise<MergeResult | null> {
  const tokenId = await anonymousTokenId(previousToken);
  if (tokenId === null) return null;
  const [state] = await getDb()
    .select({ signUpTokenId: t.accountStates.signUpTokenId })
    .from(t.accountStates)
    .where(eq(t.accountStates.userId, userId));
  return state?.signUpTokenId === tokenId ? mergeAnonymousSubscriptions(tokenId, userId) : null;
}
