import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { euVatRateRows } from '@/lib/tax/rate-source';

type RateRow = { country: string; rate: number; validFrom: Date; validTo: Date | null };

/** The rate table, read once and kept for a while: it changes only when rates are synced. */
let cache: { rows: RateRow[]; readAt: number } | undefined;
const CACHE_MS = 10 * 60 * 1000;

/** The standard VAT rate of `country` at `at` from the dated table, or null when none is configured. */
export async function vatRateAt(db: Database, country: string, at: Date): Promise<number | null> {
  if (!cache || Date.now() - cache.readAt > CACHE_MS) {
    const rows = await db
      .select({
        country: t.vatRates.country,
        rate: t.vatRates.rateBasisPoints,
        validFrom: t.vatRates.validFrom,
        validTo: t.vatRates.validTo,
      })
      .from(t.vatRates);
    cache = { rows, readAt: Date.now() };
  }
  const row = cache.rows.find(
    (candidate) =>
      candidate.country === country && candidate.validFrom <= at && (!candidate.validTo || at < candidate.validTo),
  );
  return row?.rate ?? null;
}

/**
 * Writes the dated EU rate table from the maintained source (the `sales-tax` package): run at
 * every start, so a package update brings new rates without a migration.
 */
export async function syncVatRates(db: Database): Promise<number> {
  const rows = euVatRateRows().map((row) => ({
    country: row.country,
    rateBasisPoints: row.rateBasisPoints,
    validFrom: new Date(row.validFrom),
    validTo: row.validTo ? new Date(row.validTo) : null,
  }));
  if (rows.length === 0) return 0;
  cache = undefined;
  await db
    .insert(t.vatRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [t.vatRates.country, t.vatRates.validFrom],
      set: { rateBasisPoints: sql`excluded.rate_basis_points`, validTo: sql`excluded.valid_to` },
    });
  return rows.length;
}
