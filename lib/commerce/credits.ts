import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
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

/** What the cabinet's credit page shows: balances per world, the latest entries, the invite code. */
export interface CreditOverview {
  balances: { world: WorldCode; currency: string; balance: number }[];
  entries: {
    id: number;
    world: WorldCode;
    currency: string;
    amount: number;
    reason: string;
    createdAt: string;
    orderReference: string | null;
  }[];
  inviteCode: string | null;
}

/** How many entries the credit page lists (newest first). */
export const CREDIT_HISTORY_LIMIT = 50;

/** The teacher's credit in every world where they ever had some, its history and their invite code. */
export async function getCreditOverview(db: Database, userId: number): Promise<CreditOverview> {
  const [balances, entries, [state]] = await Promise.all([
    db
      .select({
        world: t.creditBalances.world,
        currency: t.creditBalances.currency,
        balance: t.creditBalances.balanceMinor,
      })
      .from(t.creditBalances)
      .where(eq(t.creditBalances.userId, userId))
      .orderBy(t.creditBalances.world),
    db
      .select({
        id: t.creditEntries.id,
        world: t.creditEntries.world,
        currency: t.creditBalances.currency,
        amount: t.creditEntries.amountMinor,
        reason: t.creditEntries.reason,
        createdAt: t.creditEntries.createdAt,
        orderReference: t.orders.reference,
      })
      .from(t.creditEntries)
      .innerJoin(
        t.creditBalances,
        and(eq(t.creditBalances.userId, t.creditEntries.userId), eq(t.creditBalances.world, t.creditEntries.world)),
      )
      .leftJoin(t.orders, eq(t.orders.id, t.creditEntries.orderId))
      .where(eq(t.creditEntries.userId, userId))
      .orderBy(desc(t.creditEntries.createdAt), desc(t.creditEntries.id))
      .limit(CREDIT_HISTORY_LIMIT),
    db
      .select({ inviteCode: t.accountStates.inviteCode })
      .from(t.accountStates)
      .where(eq(t.accountStates.userId, userId)),
  ]);
  return {
    balances,
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    inviteCode: state?.inviteCode ?? null,
  };
}
