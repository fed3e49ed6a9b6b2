import { sql, type SQL } from 'drizzle-orm';

/** The document series: invoices and cancellation invoices are numbered separately. */
export const DOCUMENT_SERIES = { invoice: 'RE', cancellation: 'ST' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

/** Digits a sequence is padded to. */
const SEQUENCE_DIGITS = 6;

/**
 * Two common table expressions, `document_counter` and `document_number` (columns series,
 * sequence, number), giving the next number of a series in `year`: for the WITH clause of the
 * statement that stores the document, in the caller's transaction (a data-modifying CTE must be
 * at the top level, so this is a list of CTEs, not a query). The counter
 * row is raised with one upsert that locks it until the transaction ends, so concurrent
 * documents wait for each other and a rolled-back one gives its number back: the series stays
 * gapless (a database sequence would skip numbers on rollback). Numbers read
 * RE-2026-000042: series, year, and the sequence padded to six digits.
 */
export function nextDocumentNumberCtes(kind: DocumentKind, year: number): SQL {
  const series = DOCUMENT_SERIES[kind];
  return sql`
    document_counter AS (
      INSERT INTO document_counters (series, year, last_sequence) VALUES (${series}, ${year}, 1)
      ON CONFLICT (series, year) DO UPDATE SET last_sequence = document_counters.last_sequence + 1
      RETURNING last_sequence
    ), document_number AS (
      SELECT ${series}::text AS series, last_sequence AS sequence,
             ${series}::text || '-' || ${year}::int || '-' ||
               lpad(last_sequence::text, greatest(${SEQUENCE_DIGITS}::int, length(last_sequence::text)), '0') AS number
      FROM document_counter
    )`;
}

/** The series of self-billing credit notes to sellers, numbered apart from the invoices. */
export const CREDIT_NOTE_SERIES = 'GS';

/**
 * A common table expression `document_block` (column first_sequence) that takes `count`
 * consecutive numbers of `series` in `year` at once, for a statement that issues several
 * documents (a payout run's credit notes): the counter row is raised by `count` with the same
 * locking upsert as nextDocumentNumberCtes, so the block is gapless and a rollback returns it.
 * The documents take first_sequence, first_sequence + 1, … (see documentNumberSql).
 */
export function reserveDocumentNumbersCte(series: string, year: number, count: number): SQL {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`reserveDocumentNumbersCte: bad count ${count}`);
  return sql`
    document_block AS (
      INSERT INTO document_counters (series, year, last_sequence) VALUES (${series}, ${year}, ${count}::int)
      ON CONFLICT (series, year) DO UPDATE SET last_sequence = document_counters.last_sequence + ${count}::int
      RETURNING last_sequence - ${count}::int + 1 AS first_sequence
    )`;
}

/** The printed number for a sequence expression, laid out as nextDocumentNumberCtes lays it out. */
export function documentNumberSql(series: string, year: number, sequence: SQL): SQL {
  return sql`(${series}::text || '-' || ${year}::int || '-' ||
    lpad((${sequence})::text, greatest(${SEQUENCE_DIGITS}::int, length((${sequence})::text)), '0'))`;
}
