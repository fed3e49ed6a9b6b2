import 'server-only';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { worldCodeSchema } from '@/lib/input/schemas';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { BASIS_POINTS, MAX_AMOUNT_MINOR } from '@/lib/money/money';
import { getWorld } from '@/lib/worlds/worlds';
import { normaliseVoucherCode, VOUCHER_CODE_PATTERN } from './vouchers';

/** A new voucher as an admin enters it; the currency is the world's. */
export const newVoucherSchema = z
  .object({
    code: z.string().transform(normaliseVoucherCode).pipe(z.string().regex(VOUCHER_CODE_PATTERN)),
    world: worldCodeSchema,
    kind: z.enum(['percent', 'amount']),
    percent_basis_points: z.number().int().min(1).max(BASIS_POINTS).nullable().default(null),
    amount_minor: z.number().int().min(1).max(MAX_AMOUNT_MINOR).nullable().default(null),
    minimum_order_minor: z.number().int().min(0).max(MAX_AMOUNT_MINOR).default(0),
    valid_from: z.iso.datetime({ offset: true }).nullable().default(null),
    valid_to: z.iso.datetime({ offset: true }).nullable().default(null),
    max_redemptions: z.number().int().min(1).max(10_000_000).nullable().default(null),
    max_redemptions_per_user: z.number().int().min(1).max(1000).default(1),
  })
  .refine((v) => (v.kind === 'percent' ? v.percent_basis_points !== null : v.amount_minor !== null), {
    message: 'A percent voucher needs percent_basis_points, an amount voucher amount_minor',
    path: ['kind'],
  })
  .refine((v) => !v.valid_from || !v.valid_to || v.valid_from < v.valid_to, {
    message: 'valid_to must come after valid_from',
    path: ['valid_to'],
  });

export async function createVoucher(db: Database, input: z.infer<typeof newVoucherSchema>) {
  const [row] = await db
    .insert(t.vouchers)
    .values({
      code: input.code,
      world: input.world,
      kind: input.kind,
      percentBasisPoints: input.kind === 'percent' ? input.percent_basis_points : null,
      amountMinor: input.kind === 'amount' ? input.amount_minor : null,
      currency: getWorld(input.world).currency,
      minimumOrderMinor: input.minimum_order_minor,
      ...(input.valid_from ? { validFrom: new Date(input.valid_from) } : {}),
      validTo: input.valid_to ? new Date(input.valid_to) : null,
      maxRedemptions: input.max_redemptions,
      maxRedemptionsPerUser: input.max_redemptions_per_user,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', undefined, { reason: 'voucher_code_taken' });
  return row;
}

export async function listVouchers(db: Database, limit: number) {
  return db.select().from(t.vouchers).orderBy(desc(t.vouchers.id)).limit(limit);
}
