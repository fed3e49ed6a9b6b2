import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getAccountStatus } from './accounts';
import { emailSchema } from './credentials';
import { idSchema } from '@/lib/input/schemas';
import { issueAccessToken, revokeAccessToken, type ClientId } from './tokens';

/** A login-as session lasts an hour at most. */
export const IMPERSONATION_TTL_MS = 60 * 60_000;

export const loginAsSchema = z
  .object({ email: emailSchema.optional(), user_id: idSchema.optional() })
  .strict()
  .refine((body) => Boolean(body.email) !== Boolean(body.user_id), {
    message: 'Give either email or user_id',
    path: ['email'],
  });

/** Writes one row of the audit log. */
export async function audit(entry: {
  actorUserId: number | null;
  action: string;
  targetUserId?: number | null;
  ip: string;
  details?: unknown;
}): Promise<void> {
  await getDb()
    .insert(t.auditLog)
    .values({
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      ip: entry.ip,
      details: entry.details ?? null,
    });
}

/**
 * Starts a login-as session (impersonation): a short-lived token for the target user that
 * remembers the admin. Admins cannot be impersonated (no borrowing another admin's powers), and
 * every start is written to the audit log.
 */
export async function startImpersonation(
  adminUserId: number,
  target: z.infer<typeof loginAsSchema>,
  context: { ip: string; clientId: ClientId },
) {
  const [user] = await getDb()
    .select({ id: t.users.id, role: t.users.role, publicName: t.users.publicName, email: t.users.email })
    .from(t.users)
    .where(target.user_id ? eq(t.users.id, target.user_id) : eq(t.users.email, target.email!));
  if (!user || (await getAccountStatus(user.id)) === 'deleted')
    throw new AppError('not_found', undefined, { reason: 'user_not_found' });
  if (user.role === 'admin') throw new AppError('forbidden', undefined, { reason: 'cannot_impersonate_admin' });
  const token = await issueAccessToken({
    userId: user.id,
    clientId: context.clientId,
    grantType: 'login_as',
    impersonatorUserId: adminUserId,
    ttlMs: IMPERSONATION_TTL_MS,
  });
  await audit({
    actorUserId: adminUserId,
    action: 'login_as.start',
    targetUserId: user.id,
    ip: context.ip,
    details: { email: user.email },
  });
  return { token, user: { id: user.id, publicName: user.publicName } };
}

/** Ends a login-as session: its token stops working and the end is audited. */
export async function endImpersonation(
  session: { token: string; userId: number; impersonatorUserId: number },
  ip: string,
): Promise<void> {
  await revokeAccessToken(session.token);
  await audit({ actorUserId: session.impersonatorUserId, action: 'login_as.end', targetUserId: session.userId, ip });
}
