import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { enforce, RATE_LIMITS } from '@/lib/security/rate-limit';
import type { WorldCode } from '@/lib/worlds/worlds';
import { consumeAccountToken } from './account-tokens';
import { findUserByEmail } from './accounts';
import { emailSchema, mailedTokenSchema } from './credentials';
import { absoluteLink } from './links';
import { checkCurrentPassword } from './password';
import { mailNewToken } from './token-mails';

export const requestEmailChangeSchema = z
  .object({ new_email: emailSchema, password: z.string().max(200).optional() })
  .strict();

/**
 * Starts a change of e-mail: the new address gets a confirmation link, the old one a notice. The
 * address changes only when the link is followed. Accounts with a password must give it, under
 * the same failure limits as a change of password.
 */
export async function requestEmailChange(
  userId: number,
  input: z.infer<typeof requestEmailChangeSchema>,
  context: { world: WorldCode; ip: string },
) {
  await enforce({ key: `recovery:ip:${context.ip}`, ...RATE_LIMITS.recoveryPerIp });
  const [user] = await getDb()
    .select({
      email: t.users.email,
      publicName: t.users.publicName,
      passwordHash: t.users.passwordHash,
      world: t.users.world,
    })
    .from(t.users)
    .where(eq(t.users.id, userId));
  if (!user) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  if (user.passwordHash && !(input.password && (await checkCurrentPassword(userId, input.password, context.ip)))) {
    throw new AppError('validation_failed', undefined, [{ path: 'password', message: 'The password is not correct' }]);
  }
  if (input.new_email === user.email)
    throw new AppError('validation_failed', undefined, [
      { path: 'new_email', message: 'This is already your e-mail address' },
    ]);
  if (await findUserByEmail(input.new_email))
    throw new AppError('conflict', undefined, { reason: 'email_taken', path: 'new_email' });
  // Both mails are about the account: in its world, with links into it.
  await mailNewToken(
    userId,
    'change_email',
    (token) => [
      {
        kind: 'changeEmailConfirm',
        world: user.world,
        to: input.new_email,
        name: user.publicName,
        email: input.new_email,
        link: absoluteLink(user.world, 'change-email-confirm', { confirmationToken: token }),
      },
      { kind: 'changeEmailNotice', world: user.world, to: user.email, name: user.publicName, email: input.new_email },
    ],
    { email: input.new_email },
  );
  return { status: 'confirmation_sent', new_email: input.new_email };
}

export const confirmEmailChangeSchema = z.object({ token: mailedTokenSchema }).strict();

/** Follows the change-email link: the account's address becomes the confirmed new one. */
export async function confirmEmailChange(
  token: string,
  context: { ip: string },
): Promise<{ userId: number; email: string }> {
  await enforce({ key: `token-use:ip:${context.ip}`, ...RATE_LIMITS.tokenUsePerIp });
  const used = await consumeAccountToken(token, 'change_email');
  const email = (used?.payload as { email?: unknown } | null)?.email;
  if (!used || typeof email !== 'string')
    throw new AppError('not_found', undefined, { reason: 'invalid_or_expired_token' });
  try {
    await getDb().update(t.users).set({ email }).where(eq(t.users.id, used.userId));
  } catch {
    // Someone registered the address between request and confirmation.
    throw new AppError('conflict', undefined, { reason: 'email_taken' });
  }
  await getDb()
    .update(t.accountStates)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(eq(t.accountStates.userId, used.userId));
  return { userId: used.userId, email };
}
