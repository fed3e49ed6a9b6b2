import { and, eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import { createAccount, findUserByEmail, getAccountStatus } from '../accounts';
import type { SocialProvider } from './providers';

/** Who the provider says signed in. */
export interface ProviderIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  /** Only a provider-verified address may be linked to an existing account. */
  emailVerified: boolean;
  name: string | null;
}

async function findIdentityUser(provider: SocialProvider, subject: string): Promise<number | null> {
  const [row] = await getDb()
    .select({ userId: t.userIdentities.userId })
    .from(t.userIdentities)
    .where(and(eq(t.userIdentities.provider, provider), eq(t.userIdentities.subject, subject)));
  return row?.userId ?? null;
}

async function refuseDeleted(userId: number): Promise<void> {
  if ((await getAccountStatus(userId)) === 'deleted')
    throw new AppError('unauthorized', undefined, { reason: 'account_deleted' });
}

/**
 * Links the identity to an account found by its verified address. A pending registration is
 * confirmed by the provider's word, and its password dropped: whoever registered it never proved
 * they own the address, so their password must not open the account now (pre-hijacking).
 */
async function linkToExisting(identity: ProviderIdentity, userId: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [state] = await tx
      .select({ status: t.accountStates.status })
      .from(t.accountStates)
      .where(eq(t.accountStates.userId, userId))
      .for('update');
    if (state?.status === 'pending') {
      await tx
        .update(t.accountStates)
        .set({ status: 'active', emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(t.accountStates.userId, userId));
      await tx.update(t.users).set({ passwordHash: null, doubleOptIn: true }).where(eq(t.users.id, userId));
    }
    await tx
      .insert(t.userIdentities)
      .values({ provider: identity.provider, subject: identity.subject, userId, email: identity.email })
      .onConflictDoNothing();
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function resolveOnce(identity: ProviderIdentity, world: WorldCode): Promise<number> {
  const known = await findIdentityUser(identity.provider, identity.subject);
  if (known !== null) {
    await refuseDeleted(known);
    return known;
  }
  if (!identity.email) {
    throw new AppError('bad_request', undefined, {
      reason: 'provider_email_missing',
      message: 'The provider did not share an e-mail address; allow it and try again',
    });
  }
  const existing = await findUserByEmail(identity.email);
  if (existing) {
    if (!identity.emailVerified) {
      // Linking on an unverified address would hand the account to whoever typed it at the provider.
      throw new AppError('conflict', undefined, {
        reason: 'email_taken',
        message: 'An account with this e-mail address exists; sign in with it first',
      });
    }
    await refuseDeleted(existing.id);
    await linkToExisting(identity, existing.id);
    return (await findIdentityUser(identity.provider, identity.subject)) ?? existing.id;
  }
  const publicName = (identity.name ?? identity.email.split('@')[0]!).slice(0, 60);
  const created = await createAccount({
    email: identity.email,
    publicName,
    world,
    passwordHash: null,
    status: 'active',
    creationSource: identity.provider,
  });
  await getDb()
    .insert(t.userIdentities)
    .values({ provider: identity.provider, subject: identity.subject, userId: created.id, email: identity.email })
    .onConflictDoNothing();
  return (await findIdentityUser(identity.provider, identity.subject)) ?? created.id;
}

/**
 * The Kreide user of a provider identity: the linked account; else the account with the same
 * provider-verified e-mail, now linked; else a new active account (no password, creation source
 * the provider) in `world`, linked. Deleted accounts are refused.
 */
export async function resolveSocialAccount(identity: ProviderIdentity, world: WorldCode): Promise<number> {
  try {
    return await resolveOnce(identity, world);
  } catch (error) {
    // A parallel first sign-in created the account or the link first: resolve again.
    if (isUniqueViolation(error)) return resolveOnce(identity, world);
    throw error;
  }
}
