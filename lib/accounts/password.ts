import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { sendAccountMail } from '@/lib/mail/account-mails';
import { enforce, RATE_LIMITS } from '@/lib/security/rate-limit';
import type { WorldCode } from '@/lib/worlds/worlds';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import { findUserByEmail, getAccountStatus, hashPassword } from './accounts';
import { emailSchema, mailedTokenSchema, passwordSchema } from './credentials';
import { absoluteLink } from './links';
import { activate } from './registration';
import { revokeUserTokens } from './tokens';

export const forgotSchema = z.object({ email: emailSchema }).strict();

/** The one answer of "forgot password", whether or not the address has an account. */
export const RECOVERY_ANSWER = { status: 'recovery_sent_if_registered' } as const;

/**
 * Mails a recovery link when the address has an account. The answer never says whether it
 * does (no account enumeration); the per-address limit counts unknown addresses too.
 */
export async function requestPasswordRecovery(email: string, context: { world: WorldCode; ip: string }) {
  await enforce({ key: `recovery:ip:${context.ip}`, ...RATE_LIMITS.recoveryPerIp }, { key: `recovery:account:${email}`, ...RATE_LIMITS.recoveryPerAccount });
  const user = await findUserByEmail(email);
  if (user && (await getAccountStatus(user.id)) !== 'deleted') {
    const token = await issueAccountToken(user.id, 'recovery');
    await sendAccountMail('passwordRecovery', { world: context.world, to: user.email, name: user.publicName, link: absoluteLink(context.world, 'password-recovery', { token }) });
  }
  return RECOVERY_ANSWER;
}

export const recoverSchema = z.object({ token: mailedTokenSchema, password: passwordSchema }).strict();

/**
 * Sets a new password through the mailed link. Every existing sign-in ends (whoever knew the old
 * password is out), and following the link also proves the address, so a pending account
 * becomes active.
 */
export async function recoverPassword(input: z.infer<typeof recoverSchema>, context: { world: WorldCode; ip: string }): Promise<{ userId: number }> {
  await enforce({ key: `token-use:ip:${context.ip}`, ...RATE_LIMITS.tokenUsePerIp });
  const used = await consumeAccountToken(input.token, 'recovery');
  if (!used) throw new AppError('not_found', undefined, { reason: 'invalid_or_expired_token' });
  await setPassword(used.userId, input.password);
  await revokeUserTokens(used.userId);
  await activate(used.userId);
  await mailPasswordChanged(used.userId, context.world);
  return { userId: used.userId };
}

export const changePasswordSchema = z.object({ current_password: z.string().min(1).max(200), new_password: passwordSchema }).strict();

/**
 * Changes the password of the signed-in user after checking the current one; every other
 * sign-in of the account ends, the current one stays.
 */
export async function changePassword(userId: number, currentTokenId: number, input: z.infer<typeof changePasswordSchema>, world: WorldCode): Promise<void> {
  if (!(await verifyUserPassword(userId, input.current_password))) throw new AppError('validation_failed', undefined, [{ path: 'current_password', message: 'The current password is not correct' }]);
  await setPassword(userId, input.new_password);
  await revokeUserTokens(userId, currentTokenId);
  await mailPasswordChanged(userId, world);
}

/** Checks a user's password (account deletion, e-mail change); false for provider-only accounts. */
export async function verifyUserPassword(userId: number, password: string): Promise<boolean> {
  const [user] = await getDb().select({ passwordHash: t.users.passwordHash }).from(t.users).where(eq(t.users.id, userId));
  return user?.passwordHash ? argon2.verify(user.passwordHash, password).catch(() => false) : false;
}

async function setPassword(userId: number, password: string): Promise<void> {
  await getDb().update(t.users).set({ passwordHash: await hashPassword(password) }).where(eq(t.users.id, userId));
}

async function mailPasswordChanged(userId: number, world: WorldCode): Promise<void> {
  const [user] = await getDb().select({ email: t.users.email, publicName: t.users.publicName }).from(t.users).where(eq(t.users.id, userId));
  if (user) await sendAccountMail('passwordChanged', { world, to: user.email, name: user.publicName, link: absoluteLink(world, 'forgot-password') });
}
