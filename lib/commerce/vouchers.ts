import 'server-only';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import type { VoucherError } from './pricing';

/** Voucher codes: letters, digits and dashes, compared upper-case. */
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9-]{3,40}$/;

/** The stored form of a code as typed (spaces around it and letter case do not matter). */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

export type VoucherRow = typeof t.vouchers.$inferSelect;

/**
 * The voucher behind `code` for a cart in `world`, or why it cannot be used now: unknown, for
 * another world, not yet or no longer valid, every redemption taken, or this buyer's taken.
 * (Minimum order and eligible lines are the pricing's to judge; the checkout checks the limits
 * again while it takes a redemption.)
 */
export async function findUsableVoucher(
  db: Database,
  code: string,
  buyer: { world: WorldCode; userId: number | null },
  now: Date = new Date(),
): Promise<{ voucher: VoucherRow; error: null } | { voucher: VoucherRow | null; error: VoucherError }> {
  const normalised = normaliseVoucherCode(code);
  if (!VOUCHER_CODE_PATTERN.test(normalised)) return { voucher: null, error: 'unknown' };
  const [voucher] = await db.select().from(t.vouchers).where(eq(t.vouchers.code, normalised));
  if (!voucher) return { voucher: null, error: 'unknown' };
  if (voucher.world !== buyer.world) return { voucher, error: 'other-world' };
  if (voucher.validFrom > now) return { voucher, error: 'not-yet-valid' };
  if (voucher.validTo && voucher.validTo <= now) return { voucher, error: 'expired' };
  if (voucher.maxRedemptions !== null && voucher.redemptions >= voucher.maxRedemptions)
    return { voucher, error: 'used-up' };
  if (buyer.userId !== null && (await redemptionsBy(db, voucher.id, buyer.userId)) >= voucher.maxRedemptionsPerUser)
    return { voucher, error: 'already-used' };
  return { voucher, error: null };
}

/** How many orders of this buyer used the voucher (cancelled ones gave theirs back). */
export async function redemptionsBy(db: Database, voucherId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.orders)
    .where(and(eq(t.orders.voucherId, voucherId), eq(t.orders.userId, userId), ne(t.orders.status, 'cancelled')));
  return row?.n ?? 0;
}
