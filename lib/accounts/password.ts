import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { defineJob, MAIL_JOB_RULES } from '@/lib/jobs/registry';
import { enqueueAccountMail, sendAccountMail } from '@/lib/mail/account-mails';
import { countAttempt, enforce, RATE_LIMITS, refund } from '@/lib/security/rate-limit';
import { worldCodeSchema } from '@/lib/input/schemas';
import type { WorldCode } from '@/lib/worlds/worlds';
import { consumeAccountToken, isAccountTokenUsable, issueAccountToken } from './account-tokens';
import { findUserByEmail, getAccountStatus, hashPassword } from './accounts';
import { emailSchema, mailedTokenSchema, passwordSchema } from './credentials';
import { passwordMatches } from './password-hash';
import { absoluteLink } from './links';
import { activate } from './registration';
import { liftSignInLocks } from './sign-in-limits';
import { revokeUserTokens } from './tokens';

export const forgotSchema = z.object({ email: emailSchema }).strict();

/** The one answer of "forgot password", whether or not the address has an account. */
export const RECOVERY_ANSWER = { status: 'recovery_sent_if_registered' } as const;

/**
 * The part of a recovery request that depends on the account, off the request path: looks the
 * address up and, when it has a live account, issues the token and sends the link. A retry
 * issues a new token, which voids the one of a mail that may have been lost.
 */
export const passwordRecoveryJob = defineJob(
  {
    name: 'password-recovery-request',
    schema: z.object({ email: emailSchema, world: worldCodeSchema }).strict(),
    ...MAIL_JOB_RULES,
    // A lookup, a token and a mail: a mail job, with one retry fewer (each retry issues a token).
    retryLimit: 5,
    summarize: ({ email, world }) => ({ email, world }),
    forgetAfterSuccess: ['email'],
  },
  async ({ email }) => {
    const user = await findUserByEmail(email);
    if (!user || (await getAccountStatus(user.id)) === 'deleted') return { sent: false };
    const token = await issueAccountToken(user.id, 'recovery');
    // About the account: in its world, whichever world's page asked (`world` is only the job's label).
    await sendAccountMail('passwordRecovery', {
      world: user.world,
      to: user.email,
      name: user.publicName,
      link: absoluteLink(user.world, 'password-recovery', { token }),
    });
    return { sent: true };
  },
);

/**
 * Mails a recovery link when the address has an account. The answer never says whether it
 * does (no account enumeration), and neither does its timing: a known and an unknown address
 * take the same steps before the answer (the two rate-limit counters, which count unknown
 * addresses too, and one job with the address); the lookup, the token and the mail happen in
 * the job.
 */
export async function requestPasswordRecovery(email: string, context: { world: WorldCode; ip: string }) {
  await enforce(
    { key: `recovery:ip:${context.ip}`, ...RATE_LIMITS.recoveryPerIp },
    { key: `recovery:account:${email}`, ...RATE_LIMITS.recoveryPerAccount },
  );
  await enqueue(passwordRecoveryJob, { email, world: context.world });
  return RECOVERY_ANSWER;
}

export const recoverSchema = z.object({ token: mailedTokenSchema, password: passwordSchema }).strict();

/**
 * Sets a new password through the mailed link. Every existing sign-in ends (whoever knew the old
 * password is out), following the link also proves the address, so a pending account becomes
 * active, and the address's sign-in locks are lifted (the owner is back in at once).
 */
export async function recoverPassword(
  input: z.infer<typeof recoverSchema>,
  context: { world: WorldCode; ip: string },
): Promise<{ userId: number }> {
  await enforce({ key: `token-use:ip:${context.ip}`, ...RATE_LIMITS.tokenUsePerIp });
  const refused = () => new AppError('not_found', undefined, { reason: 'invalid_or_expired_token' });
  // A dead link is refused before the costly hash; the token itself is taken in the transaction
  // that sets the password, so a failure on the way leaves the link usable.
  if (!(await isAccountTokenUsable(input.token, 'recovery'))) throw refused();
  // argon2 before the transaction: it holds the embedded database's only served connection.
  const passwordHash = await hashPassword(input.password);
  const { userId, owner } = await getDb().transaction(async (tx) => {
    const used = await consumeAccountToken(input.token, 'recovery', tx);
    // Taken meanwhile by a second submission of the same link.
    if (!used) throw refused();
    const changed = await setPasswordAndMail(used.userId, passwordHash, tx);
    await revokeUserTokens(used.userId, undefined, tx);
    await activate(used.userId, tx);
    return { userId: used.userId, owner: changed };
  });
  // The password is changed: a lock that could not be lifted now must not answer 500 for it.
  if (owner)
    await liftSignInLocks(owner.email).catch((error: unknown) =>
      console.error(`sign-in locks not lifted after a recovery: ${error instanceof Error ? error.message : error}`),
    );
  return { userId };
}

export const changePasswordSchema = z
  .object({ current_password: z.string().min(1).max(200), new_password: passwordSchema })
  .strict();

/**
 * Changes the password of the signed-in user after checking the current one; every other
 * sign-in of the account ends, the current one stays.
 */
export async function changePassword(
  userId: number,
  currentTokenId: number,
  input: z.infer<typeof changePasswordSchema>,
  context: { world: WorldCode; ip: string },
): Promise<void> {
  if (!(await checkCurrentPassword(userId, input.current_password, context.ip))) {
    throw new AppError('validation_failed', undefined, [
      { path: 'current_password', message: 'The current password is not correct' },
    ]);
  }
  const passwordHash = await hashPassword(input.new_password);
  await getDb().transaction(async (tx) => {
    await setPasswordAndMail(userId, passwordHash, tx);
    await revokeUserTokens(userId, currentTokenId, tx);
  });
}

/**
 * Checks the signed-in user's current password where a change of password or e-mail asks for
 * it. A stolen session must not become a password oracle: every check counts as a failure
 * before argon2 runs (so parallel guesses cannot slip past together) and is taken back when the
 * password is right; 5 failures per account or 20 per IP in 15 minutes answer 429.
 */
export async function checkCurrentPassword(userId: number, password: string, ip: string): Promise<boolean> {
  const rules = [
    { key: `password-check-failures:user:${userId}`, ...RATE_LIMITS.passwordCheckFailuresPerAccount },
    { key: `password-check-failures:ip:${ip}`, ...RATE_LIMITS.passwordCheckFailuresPerIp },
  ];
  await countAttempt(...rules);
  const ok = await verifyUserPassword(userId, password);
  if (ok) for (const rule of rules) await refund(rule);
  return ok;
}

/** Checks a user's password without any limit (callers limit it); false for provider-only accounts. */
export async function verifyUserPassword(userId: number, password: string): Promise<boolean> {
  const [user] = await getDb()
    .select({ passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(eq(t.users.id, userId));
  return user?.passwordHash ? passwordMatches(user.passwordHash, password) : false;
}

/**
 * Stores a new password hash and queues the "password changed" notice in the same transaction:
 * the notice goes out exactly when the change commits, and a failing mail server only delays it
 * (the queue retries) instead of failing a change that is done. The notice is about the account,
 * so in the account's world. Returns the account's address, or null for an unknown user.
 */
async function setPasswordAndMail(
  userId: number,
  passwordHash: string,
  tx: Executor,
): Promise<{ email: string } | null> {
  const [user] = await tx
    .update(t.users)
    .set({ passwordHash })
    .where(eq(t.users.id, userId))
    .returning({ email: t.users.email, publicName: t.users.publicName, world: t.users.world });
  if (!user) return null;
  await enqueueAccountMail(
    'passwordChanged',
    { world: user.world, to: user.email, name: user.publicName, link: absoluteLink(user.world, 'forgot-password') },
    { db: tx },
  );
  return { email: user.email };
}
