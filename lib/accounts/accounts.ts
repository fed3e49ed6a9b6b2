import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { slugify } from '@/lib/text/slugify';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';

export { hashPassword } from './password-hash';

/** A short referral code, unambiguous to read aloud (no 0/O, 1/l). */
export function newInviteCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('');
}

export interface NewAccount {
  email: string;
  publicName: string;
  world: WorldCode;
  /** Null for accounts that sign in through a provider only. */
  passwordHash: string | null;
  /** 'pending' until the mailed link is followed; provider sign-ups arrive confirmed. */
  status: 'pending' | 'active';
  creationSource: string;
  invitedByUserId?: number | null;
  countryCode?: string | null;
}

/**
 * Creates a user with its account state. The e-mail is stored lower-cased; a taken address
 * violates the unique index, which callers turn into their own answer.
 */
export async function createAccount(input: NewAccount): Promise<{ id: number; slug: string }> {
  const world = getWorld(input.world);
  return getDb().transaction(async (tx) => {
    const [user] = await tx
      .insert(t.users)
      .values({
        email: input.email.toLowerCase(),
        slug: slugify(input.publicName, 60),
        publicName: input.publicName,
        passwordHash: input.passwordHash,
        world: world.code,
        currencyCode: world.currency,
        creationSource: input.creationSource,
        doubleOptIn: input.status === 'active',
      })
      .returning({ id: t.users.id, slug: t.users.slug });
    await tx.insert(t.accountStates).values({
      userId: user!.id,
      status: input.status,
      emailConfirmedAt: input.status === 'active' ? new Date() : null,
      inviteCode: newInviteCode(),
      invitedByUserId: input.invitedByUserId ?? null,
      countryCode: input.countryCode ?? world.country,
    });
    return user!;
  });
}

/** The account's status; users created before account states existed count as active. */
export async function getAccountStatus(userId: number): Promise<'pending' | 'active' | 'deleted'> {
  const [row] = await getDb()
    .select({ status: t.accountStates.status })
    .from(t.accountStates)
    .where(eq(t.accountStates.userId, userId));
  return (row?.status as 'pending' | 'active' | 'deleted' | undefined) ?? 'active';
}

/** The user's role ('user' or 'admin') and whether they sell, or undefined for an unknown id. */
export async function getAccountRole(userId: number): Promise<{ role: string; isSeller: boolean } | undefined> {
  const [row] = await getDb()
    .select({ role: t.users.role, isSeller: t.users.isSeller })
    .from(t.users)
    .where(eq(t.users.id, userId));
  return row;
}

/** Whether the signed-in user (null: nobody) sells: what the seller pages show depends on it. */
export async function isSellerAccount(userId: number | null): Promise<boolean> {
  return userId !== null && Boolean((await getAccountRole(userId))?.isSeller);
}

/** Finds a user by e-mail (compared lower-cased). */
export async function findUserByEmail(email: string) {
  const [row] = await getDb()
    .select({
      id: t.users.id,
      email: t.users.email,
      publicName: t.users.publicName,
      passwordHash: t.users.passwordHash,
      world: t.users.world,
      role: t.users.role,
    })
    .from(t.users)
    .where(eq(t.users.email, email.trim().toLowerCase()));
  return row ?? null;
}
