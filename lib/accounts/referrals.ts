import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

/** The inviter behind an active referral code (codes are compared lower-cased), or null. */
export async function findInvitation(
  code: string,
): Promise<{ code: string; inviter: string; inviterId: number } | null> {
  const normalized = code.trim().toLowerCase();
  const [row] = await getDb()
    .select({ publicName: t.users.publicName, userId: t.users.id })
    .from(t.accountStates)
    .innerJoin(t.users, eq(t.users.id, t.accountStates.userId))
    .where(and(eq(t.accountStates.inviteCode, normalized), eq(t.accountStates.status, 'active')));
  return row ? { code: normalized, inviter: row.publicName, inviterId: row.userId } : null;
}
