import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { ensureAccountState } from './account-state';
import { fromStored, STORED_KEY } from './stored-preferences';
import { NOTIFICATION_KINDS, type NotificationPreferences } from './validation';

/** The user's mail preferences, defaults filled in for kinds never chosen. */
export async function getNotificationPreferences(userId: number): Promise<NotificationPreferences> {
  const [row] = await getDb()
    .select({ stored: t.accountStates.notificationPreferences })
    .from(t.accountStates)
    .where(eq(t.accountStates.userId, userId));
  return fromStored(row?.stored);
}

/**
 * Stores the kinds the user changed and answers all of them. The change is merged inside the
 * database (jsonb `||`), so two tabs saving different switches do not undo each other.
 */
export async function updateNotificationPreferences(
  userId: number,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const patch: Record<string, boolean> = {};
  for (const kind of NOTIFICATION_KINDS)
    if (typeof changes[kind] === 'boolean') patch[STORED_KEY[kind]] = changes[kind];
  const db = getDb();
  await ensureAccountState(db, userId);
  const [row] = await db
    .update(t.accountStates)
    .set({
      notificationPreferences: sql`${t.accountStates.notificationPreferences} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(t.accountStates.userId, userId))
    .returning({ stored: t.accountStates.notificationPreferences });
  return fromStored(row?.stored);
}
