import 'server-only';
import { newInviteCode } from '@/lib/accounts/accounts';
import type { Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

export type { Executor };

/**
 * Makes sure the user has an account-state row. Accounts created before account states existed
 * (imported or seeded users) have none; the settings they store live there.
 */
export async function ensureAccountState(db: Executor, userId: number): Promise<void> {
  await db
    .insert(t.accountStates)
    .values({ userId, inviteCode: newInviteCode() })
    .onConflictDoNothing({ target: t.accountStates.userId });
}
