import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { enforce, RATE_LIMITS } from '@/lib/security/rate-limit';
import type { WorldCode } from '@/lib/worlds/worlds';
import { consumeAccountToken } from './account-tokens';
import { createAccount, findUserByEmail, getAccountStatus, hashPassword } from './accounts';
import { findInvitation } from './referrals';
import { liftSignInLocks } from './sign-in-limits';
import { emailSchema, mailedTokenSchema, passwordSchema, publicNameSchema } from './credentials';
import { absoluteLink } from './links';
import { acceptActualTerms } from './terms';
import { mailNewToken } from './token-mails';

export const registerSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    public_name: publicNameSchema,
    accept_terms: z.literal(true, { message: 'Please accept the terms' }),
    invite_code: z.string().trim().max(40).optional(),
  })
  .strict();

/** The one answer of sign-up, whether or not the address already had an account. */
export const REGISTRATION_ANSWER = { status: 'confirmation_sent' } as const;

async function findInviter(code: string | undefined): Promise<number | null> {
  if (!code) return null;
  const invitation = await findInvitation(code);
  if (!invitation)
    throw new AppError('validation_failed', undefined, [{ path: 'invite_code', message: 'Unknown invitation code' }]);
  return invitation.inviterId;
}

/**
 * Signs up with e-mail and password. The account stays pending until the mailed link is
 * followed. An address that already has an account gets a notice mail instead, and the answer is
 * the same either way, so sign-up tells nobody which addresses are registered.
 */
export async function register(
  input: z.infer<typeof registerSchema>,
  context: {
    world: WorldCode;
    ip: string;
    /** The anonymous token that signs up (for the merge at confirmation). */ anonymousTokenId?: number | null;
  },
) {
  await enforce({ key: `sign-up:ip:${context.ip}`, ...RATE_LIMITS.signUpPerIp });
  const invitedByUserId = await findInviter(input.invite_code);
  // Hashing first keeps both branches equally slow.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(input.email);
  if (existing) {
    await mailExistingAccount(existing);
    return REGISTRATION_ANSWER;
  }
  let user: { id: number };
  try {
    user = await createAccount({
      email: input.email,
      publicName: input.public_name,
      world: context.world,
      passwordHash,
      status: 'pending',
      creationSource: 'web',
      invitedByUserId,
    });
  } catch (error) {
    // Two sign-ups for one address at once: the unique index lets one through.
    const raced = await findUserByEmail(input.email);
    if (!raced) throw error;
    await mailExistingAccount(raced);
    return REGISTRATION_ANSWER;
  }
  if (context.anonymousTokenId)
    await getDb()
      .update(t.accountStates)
      .set({ signUpTokenId: context.anonymousTokenId })
      .where(eq(t.accountStates.userId, user.id));
  await acceptActualTerms(user.id, context.world);
  await mailNewToken(user.id, 'registration', (token) => ({
    kind: 'registrationConfirm',
    world: context.world,
    to: input.email,
    name: input.public_name,
    link: absoluteLink(context.world, 'register-confirm', { registrationToken: token }),
  }));
  return REGISTRATION_ANSWER;
}

/**
 * The mail to the owner of an address someone signed up with again: about their account, so in
 * its world's language with links into that world, whichever world the sign-up came from.
 */
async function mailExistingAccount(user: { id: number; email: string; publicName: string; world: WorldCode }) {
  const world = user.world;
  const status = await getAccountStatus(user.id);
  if (status === 'deleted') return;
  if (status === 'pending') {
    await mailNewToken(user.id, 'registration', (token) => ({
      kind: 'registrationConfirm',
      world,
      to: user.email,
      name: user.publicName,
      link: absoluteLink(world, 'register-confirm', { registrationToken: token }),
    }));
    return;
  }
  await mailNewToken(user.id, 'recovery', (token) => ({
    kind: 'alreadyRegistered',
    world,
    to: user.email,
    name: user.publicName,
    link: absoluteLink(world, 'password-recovery', { token }),
  }));
}

export const confirmSchema = z.object({ token: mailedTokenSchema }).strict();

/** Follows the registration link: the account becomes active (double opt-in done). */
export async function confirmRegistration(token: string, context: { ip: string }): Promise<{ userId: number }> {
  await enforce({ key: `token-use:ip:${context.ip}`, ...RATE_LIMITS.tokenUsePerIp });
  const used = await consumeAccountToken(token, 'registration');
  if (!used) throw new AppError('not_found', undefined, { reason: 'invalid_or_expired_token' });
  await activate(used.userId);
  return { userId: used.userId };
}

/** Marks an account active with its address confirmed (in `db`'s transaction when given). */
export async function activate(userId: number, db: Executor = getDb()): Promise<void> {
  await db.update(t.users).set({ doubleOptIn: true }).where(eq(t.users.id, userId));
  await db
    .update(t.accountStates)
    .set({ status: 'active', emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(t.accountStates.userId, userId), eq(t.accountStates.status, 'pending')));
}

export const completeSchema = z
  .object({ token: mailedTokenSchema, password: passwordSchema, public_name: publicNameSchema.optional() })
  .strict();

/**
 * Completes an account that someone else created for this address (an admin or a school): the
 * owner sets a password through the mailed link, which also confirms the address.
 */
export async function completeRegistration(
  input: z.infer<typeof completeSchema>,
  context: { ip: string },
): Promise<{ userId: number }> {
  await enforce({ key: `token-use:ip:${context.ip}`, ...RATE_LIMITS.tokenUsePerIp });
  const used = await consumeAccountToken(input.token, 'complete_registration');
  if (!used) throw new AppError('not_found', undefined, { reason: 'invalid_or_expired_token' });
  const changes: Partial<typeof t.users.$inferInsert> = { passwordHash: await hashPassword(input.password) };
  if (input.public_name) changes.publicName = input.public_name;
  const [owner] = await getDb()
    .update(t.users)
    .set(changes)
    .where(eq(t.users.id, used.userId))
    .returning({ email: t.users.email });
  await activate(used.userId);
  // The owner set the password through the mailed link: earlier failed sign-ins no longer matter.
  if (owner) await liftSignInLocks(owner.email);
  return { userId: used.userId };
}

export const createForCompletionSchema = z.object({ email: emailSchema, public_name: publicNameSchema }).strict();

/**
 * Creates a pending account without a password for someone else and mails them the link to
 * complete it (admin tool; schools will use it to invite their teachers).
 */
export async function createAccountForCompletion(
  input: z.infer<typeof createForCompletionSchema>,
  world: WorldCode,
): Promise<{ userId: number }> {
  if (await findUserByEmail(input.email)) throw new AppError('conflict', undefined, { reason: 'email_taken' });
  const user = await createAccount({
    email: input.email,
    publicName: input.public_name,
    world,
    passwordHash: null,
    status: 'pending',
    creationSource: 'invitation',
  });
  await mailNewToken(user.id, 'complete_registration', (token) => ({
    kind: 'completeRegistration',
    world,
    to: input.email,
    name: input.public_name,
    link: absoluteLink(world, 'complete-registration', { token }),
  }));
  return { userId: user.id };
}
