import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';

/** A buyer's credit in one world: what they can spend there, and whether they ever had any. */
export async function getCredits(
  db: Database,
  userId: number,
  world: WorldCode,
): Promise<{ availableCredits: number; hadCredits: boolean }> {
  const [row] = await db
    .select({ balance: t.creditBalances.balanceMinor, had: t.creditBalances.hadCredits })
    .from(t.creditBalances)
    .where(and(eq(t.creditBalances.userId, userId), eq(t.creditBalances.world, world)));
  return { availableCredits: row?.balance ?? 0, hadCredits: row?.had ?? false };
}
