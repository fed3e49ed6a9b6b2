import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

/** The document series: invoices and cancellation invoices are numbered separately. */
export const DOCUMENT_SERIES = { invoice: 'RE', cancellation: 'ST' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

/**
 * The next number of a series in `year`, inside the caller's transaction. The counter row is
 * raised with one upsert that locks it until the transaction ends, so concurrent documents wait
 * for each other and a rolled-back one gives its number back: the series stays gapless (a
 * database sequence would skip numbers on rollback).
 */
export async function nextDocumentNumber(
  tx: Database,
  kind: DocumentKind,
  year: number,
): Promise<{ series: string; sequence: number; number: string }> {
  const series = DOCUMENT_SERIES[kind];
  const result = await tx.execute<{ last_sequence: number }>(sql`
    INSERT INTO document_counters (series, year, last_sequence) VALUES (${series}, ${year}, 1)
    ON CONFLICT (series, year) DO UPDATE SET last_sequence = document_counters.last_sequence + 1
    RETURNING last_sequence`);
  const sequence = Number(result.rows[0]!.last_sequence);
  return { series, sequence, number: formatDocumentNumber(series, year, sequence) };
}

/** RE-2026-000042: series, year, and the sequence padded to six digits. */
export function formatDocumentNumber(series: string, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(6, '0')}`;
}
