import 'server-only';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { newInviteCode } from '@/lib/accounts/accounts';
import { passwordMatches } from '@/lib/accounts/password-hash';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { enqueueAccountMail } from '@/lib/mail/account-mails';
import { hit, isLimited, rateLimitedError, type RateLimitRule } from '@/lib/security/rate-limit';
import type { WorldCode } from '@/lib/worlds/worlds';
import { ensureAccountState } from './account-state';
import type { DeleteAccountInput } from './validation';

/** The public name a deleted account keeps (its materials and posts still name an author). */
export const DELETED_USER_NAME = 'Deleted user';

/** The address a deleted account keeps: unique, and undeliverable by RFC 6761. */
export function deletedEmail(userId: number): string {
  return `deleted-${userId}@invalid`;
}

/** Wrong confirmations per account: a stolen session must not become a password oracle. */
const CONFIRMATION_FAILURES = { limit: 5, windowMs: 15 * 60_000 } as const;

function failuresRule(userId: number): RateLimitRule {
  return { key: `delete-account-failures:user:${userId}`, ...CONFIRMATION_FAILURES };
}

/** How the signed-in user confirms a deletion, for the form: their password, or their e-mail. */
export async function getDeletionRequirements(userId: number, impersonatorUserId: number | null) {
  const [user] = await getDb()
    .select({ passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(eq(t.users.id, userId));
  if (!user) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  return {
    confirm_with: user.passwordHash ? ('password' as const) : ('email' as const),
    allowed: impersonatorUserId === null,
  };
}

export interface DeleteAccountContext {
  userId: number;
  /** Set in a login-as session: an admin acting as the user may not delete the account. */
  impersonatorUserId: number | null;
  world: WorldCode;
  ip: string | null;
}

/**
 * Deletes the signed-in user's account (GDPR Art. 17). The user confirms with their password,
 * or, for an account that signs in only through a provider, by typing their e-mail address.
 * In one transaction: the account is marked deleted, personal data is removed or anonymised
 * (the users row stays, because orders, materials and posts refer to it), every session is
 * revoked, an audit-log row is written and the deletion mail to the old address, in the world's
 * language, is queued. Returns whether the account was public (author profile, materials,
 * storefront), so the caller can refresh cached pages that showed it.
 */
export async function deleteAccount(
  input: DeleteAccountInput,
  context: DeleteAccountContext,
): Promise<{ wasPublic: boolean }> {
  if (context.impersonatorUserId !== null) throw new AppError('forbidden', undefined, { reason: 'impersonation' });
  const db = getDb();
  const [user] = await db
    .select({
      id: t.users.id,
      email: t.users.email,
      passwordHash: t.users.passwordHash,
      publicName: t.users.publicName,
      isSeller: t.users.isSeller,
      world: t.users.world,
    })
    .from(t.users)
    .where(eq(t.users.id, context.userId));
  if (!user) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });

  const rule = failuresRule(user.id);
  const locked = await isLimited(rule);
  if (locked.limited) throw rateLimitedError(locked.retryAfterSeconds);
  const method = user.passwordHash ? 'password' : 'email';
  if (method === 'password') {
    if (!input.password)
      throw new AppError('validation_failed', undefined, [{ path: 'password', message: 'Required', code: 'required' }]);
    const ok = await passwordMatches(user.passwordHash!, input.password);
    if (!ok) {
      await hit(rule);
      throw new AppError('forbidden', undefined, [
        { path: 'password', message: 'The password is not correct', code: 'wrong_password' },
      ]);
    }
  } else {
    if (!input.email)
      throw new AppError('validation_failed', undefined, [{ path: 'email', message: 'Required', code: 'required' }]);
    if (input.email.toLowerCase() !== user.email.toLowerCase()) {
      await hit(rule);
      throw new AppError('forbidden', undefined, [
        { path: 'email', message: 'This is not the address of the account', code: 'email_mismatch' },
      ]);
    }
  }

  const wasPublic = await db.transaction(async (tx) => {
    await ensureAccountState(tx, user.id);
    const now = new Date();
    // Claims the deletion atomically: of two concurrent requests only one gets the row.
    const claimed = await tx
      .update(t.accountStates)
      .set({
        status: 'deleted',
        deletedAt: now,
        updatedAt: now,
        emailConfirmedAt: null,
        countryCode: null,
        notificationPreferences: {},
        invitedByUserId: null,
        // A referral link of a deleted account must not attach new accounts to it.
        inviteCode: newInviteCode(),
      })
      .where(and(eq(t.accountStates.userId, user.id), ne(t.accountStates.status, 'deleted')))
      .returning({ userId: t.accountStates.userId });
    if (!claimed.length) throw new AppError('conflict', undefined, { reason: 'already_deleted' });

    const [profile] = await tx
      .select({ userId: t.authorProfiles.userId })
      .from(t.authorProfiles)
      .where(eq(t.authorProfiles.userId, user.id));
    const [material] = await tx
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(eq(t.materials.authorId, user.id))
      .limit(1);
    const [domain] = await tx
      .select({ domain: t.authorDomains.domain })
      .from(t.authorDomains)
      .where(eq(t.authorDomains.authorId, user.id))
      .limit(1);

    // Follows in both directions go; the counters of the other side are counted afresh.
    const follows = await tx
      .delete(t.authorFollows)
      .where(or(eq(t.authorFollows.followerId, user.id), eq(t.authorFollows.authorId, user.id)))
      .returning({ followerId: t.authorFollows.followerId, authorId: t.authorFollows.authorId });
    const others = [...new Set(follows.flatMap((f) => [f.followerId, f.authorId]).filter((id) => id !== user.id))];
    if (others.length) {
      await tx
        .update(t.authorProfiles)
        .set({
          followersNumber: sql`(SELECT count(*)::int FROM author_follows f WHERE f.author_id = ${t.authorProfiles.userId})`,
          followingNumber: sql`(SELECT count(*)::int FROM author_follows f WHERE f.follower_id = ${t.authorProfiles.userId})`,
        })
        .where(inArray(t.authorProfiles.userId, others));
    }

    await tx.delete(t.favourites).where(eq(t.favourites.userId, user.id));
    // Their placements go with them (the foreign key cascades); the materials stay.
    await tx.delete(t.folders).where(eq(t.folders.userId, user.id));
    await tx.delete(t.authorProfiles).where(eq(t.authorProfiles.userId, user.id));
    await tx.delete(t.authorDomains).where(eq(t.authorDomains.authorId, user.id));
    await tx.delete(t.billingAddresses).where(eq(t.billingAddresses.userId, user.id));
    await tx.delete(t.bankDetails).where(eq(t.bankDetails.userId, user.id));
    await tx.delete(t.userIdentities).where(eq(t.userIdentities.userId, user.id));
    await tx.delete(t.userSubjects).where(eq(t.userSubjects.userId, user.id));
    await tx.delete(t.accountTokens).where(eq(t.accountTokens.userId, user.id));
    await tx.delete(t.termsAcceptances).where(eq(t.termsAcceptances.userId, user.id));
    await tx
      .update(t.users)
      .set({
        email: deletedEmail(user.id),
        passwordHash: null,
        role: 'user',
        publicName: DELETED_USER_NAME,
        slug: 'deleted-user',
        userName: null,
        imagePath: null,
        schoolId: null,
        schoolRole: null,
        doubleOptIn: false,
      })
      .where(eq(t.users.id, user.id));
    // Every session of the user ends, and so does any login-as session the user held as admin.
    await tx
      .update(t.accessTokens)
      .set({ revokedAt: now })
      .where(
        and(
          or(eq(t.accessTokens.userId, user.id), eq(t.accessTokens.impersonatorUserId, user.id)),
          isNull(t.accessTokens.revokedAt),
        ),
      );
    await tx.insert(t.auditLog).values({
      actorUserId: user.id,
      action: 'account.deleted',
      targetUserId: user.id,
      ip: context.ip,
      details: { world: context.world, confirmed_by: method },
    });
    // The goodbye mail is queued in the same transaction: it goes out exactly when the deletion
    // commits, and a failing mail server only delays it (the queue retries), never undoes it.
    await enqueueAccountMail(
      'accountDeleted',
      // About the account: in its world, whichever world's page confirmed the deletion.
      { world: user.world, to: user.email, name: user.publicName },
      { db: tx },
    );
    return Boolean(user.isSeller || profile || material || domain);
  });

  return { wasPublic };
}
