/**
 * The dated EU VAT standard rates, read from the `sales-tax` package (a maintained source with
 * history: Finland 25.5 % from September 2024, Estonia 24 % from July 2025, Romania 21 % from
 * August 2025, …). In its data a country's `before` map says: until this instant, that rate; the
 * top-level rate holds from the latest such instant on. Rates become basis points (19 % = 1900).
 */
import { createRequire } from 'node:module';
import { EU_COUNTRIES } from './eu';

interface SourceRate {
  rate: number;
  before?: Record<string, { rate: number }>;
}

export interface VatRateRow {
  country: string;
  rateBasisPoints: number;
  /** ISO date-time from which the rate applies (inclusive). */
  validFrom: string;
  /** ISO date-time until which it applies (exclusive); null = still in force. */
  validTo: string | null;
}

/** Before the oldest change the source knows of. */
const BEGINNING = '1970-01-01T00:00:00.000Z';

function loadSource(): Record<string, SourceRate> {
  const require = createRequire(__filename);
  return require('sales-tax/res/sales_tax_rates.json') as Record<string, SourceRate>;
}

const toBasisPoints = (rate: number) => Math.round(rate * 10_000);

/** Every EU country's standard rates as consecutive dated rows, oldest first. */
export function euVatRateRows(source: Record<string, SourceRate> = loadSource()): VatRateRow[] {
  const rows: VatRateRow[] = [];
  for (const country of EU_COUNTRIES) {
    const entry = source[country];
    if (!entry) continue;
    const changes = Object.entries(entry.before ?? {})
      .map(([until, older]) => ({ until: new Date(until).toISOString(), rate: older.rate }))
      .sort((a, b) => a.until.localeCompare(b.until));
    let from = BEGINNING;
    for (const change of changes) {
      rows.push({ country, rateBasisPoints: toBasisPoints(change.rate), validFrom: from, validTo: change.until });
      from = change.until;
    }
    rows.push({ country, rateBasisPoints: toBasisPoints(entry.rate), validFrom: from, validTo: null });
  }
  return rows;
}

/** The rate of `country` at `at` from rows as above, or null when none is configured. */
export function rateAt(rows: readonly VatRateRow[], country: string, at: Date): number | null {
  const time = at.toISOString();
  const row = rows.find(
    (candidate) =>
      candidate.country === country && candidate.validFrom <= time && (!candidate.validTo || time < candidate.validTo),
  );
  return row?.rateBasisPoints ?? null;
}
