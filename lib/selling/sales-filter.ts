/**
 * The filters of the seller's sales, downloads and evaluation: calendar days in UTC, checked the
 * same way by the API and the cabinet pages. Pure zod and date arithmetic, no database.
 *
 * A period is whole days from `from` to `to`, both included, in UTC: the same day boundaries for
 * every seller, whatever their world, and the ones PostgreSQL's `date_trunc` gives on
 * `paid_at AT TIME ZONE 'UTC'`. A period may span at most three calendar years, which bounds
 * every query, CSV and chart.
 */
import { z } from 'zod';
import { idTextSchema, worldCodeSchema } from '@/lib/input/schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a period may be: three calendar years (`from` + 3 years, exclusive). */
export const MAX_PERIOD_YEARS = 3;

/** The buckets a chart can show. */
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** What a period error is, as the pages name its translated text (the `code` of the API's field issue). */
export type PeriodErrorKind = 'invalidDate' | 'periodOrder' | 'periodTooLong';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day written `YYYY-MM-DD` as the Date of its UTC midnight, or null when the text is
 * not a real day (`2025-02-30`, `2025-2-3`, ` 2025-02-03`) or outside the years 1970–9999.
 */
export function parseIsoDay(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** The `YYYY-MM-DD` of a Date's UTC day. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC of `date`'s day. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** `date` moved by whole days (negative: back). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `date` moved by whole calendar months, the day clamped to the month's last (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/**
 * What is wrong with a period, or null: `from` after `to`, or more than three calendar years
 * (`to` must fall before `from` + 3 years: 2023-01-01 to 2025-12-31 passes, to 2026-01-01 not).
 * A missing end is not checked here.
 */
export function periodError(from: Date | undefined, to: Date | undefined): PeriodErrorKind | null {
  if (!from || !to) return null;
  if (from.getTime() > to.getTime()) return 'periodOrder';
  if (to.getTime() >= addMonths(from, MAX_PERIOD_YEARS * 12).getTime()) return 'periodTooLong';
  return null;
}

/** A calendar day in a query string (`YYYY-MM-DD`), as the Date of its UTC midnight. */
export const isoDaySchema = z
  .string()
  .meta({ format: 'date', description: 'A calendar day, YYYY-MM-DD (UTC)', example: '2026-03-01' })
  .transform((value, ctx) => {
    const date = parseIsoDay(value);
    if (!date) {
      ctx.addIssue({
        code: 'custom',
        message: 'Expected a calendar day as YYYY-MM-DD',
        params: { key: 'invalidDate' },
      });
      return z.NEVER;
    }
    return date;
  });

/** Adds the period rule to a query schema with optional `from` and `to`. */
function checkPeriod(value: { from?: Date; to?: Date }, ctx: z.RefinementCtx) {
  const error = periodError(value.from, value.to);
  if (error === 'periodOrder')
    ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`', params: { key: error } });
  else if (error === 'periodTooLong')
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A period spans at most ${MAX_PERIOD_YEARS} years`,
      params: { key: error },
    });
}

/**
 * The filter of the sales list and its CSV: period (paid between), the world the order was
 * placed in, material. The world is `orderWorld` because `world` is every API call's own
 * parameter (the language of its answer), not a filter.
 */
export const salesFilterShape = {
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  orderWorld: worldCodeSchema.optional(),
  materialId: idTextSchema.optional(),
};

const pageSchema = z.coerce.number().int().min(1).max(10_000).default(1);

/** Rows of the per-material tables the API answers at once (a seller may have thousands). */
export const MATERIALS_PAGE_SIZE = 50;

/** One page of a per-material table, most active first as the domain sorted it. */
export function materialsPageOf<T>(
  rows: readonly T[],
  page: number,
): { materials: T[]; materialsTotal: number; materialsPage: number } {
  const start = (page - 1) * MATERIALS_PAGE_SIZE;
  return {
    materials: rows.slice(start, start + MATERIALS_PAGE_SIZE),
    materialsTotal: rows.length,
    materialsPage: page,
  };
}

/**
 * The query of `GET /api/v3/seller/sales`: the filter, the page (50 sales a page) and the page of
 * the per-material downloads (50 materials a page).
 */
export const salesQuerySchema = z
  .strictObject({ ...salesFilterShape, page: pageSchema, materialsPage: pageSchema })
  .superRefine(checkPeriod);

/** The query of the CSV export: the filter without paging (every sale it matches). */
export const salesExportQuerySchema = z.strictObject(salesFilterShape).superRefine(checkPeriod);

/**
 * The query of `GET /api/v3/seller/evaluation`; a missing period is the last 30 days. The
 * per-material figures come 50 materials a page.
 */
export const evaluationQuerySchema = z
  .strictObject({
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    materialId: idTextSchema.optional(),
    granularity: z.enum(GRANULARITIES).default('day'),
    materialsPage: pageSchema,
  })
  .superRefine(checkPeriod);

/** What the sales queries filter by (the domain's names). */
export type SalesFilter = { from?: Date; to?: Date; world?: z.infer<typeof worldCodeSchema>; materialId?: number };

/** A parsed sales query as the domain's filter. */
export function toSalesFilter(query: {
  from?: Date;
  to?: Date;
  orderWorld?: SalesFilter['world'];
  materialId?: number;
}): SalesFilter {
  return { from: query.from, to: query.to, world: query.orderWorld, materialId: query.materialId };
}

/** The days a chart shows when none are asked for. */
export const DEFAULT_EVALUATION_DAYS = 30;

/**
 * The period of an evaluation: as asked, with a missing end filled in. Without both, the last
 * 30 days up to today; with one end only, 30 days from or up to it (shortened so it never
 * passes the other end's rules).
 */
export function evaluationPeriod(query: { from?: Date; to?: Date }, now: Date = new Date()): { from: Date; to: Date } {
  const span = DEFAULT_EVALUATION_DAYS - 1;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, span) };
  const to = query.to ?? startOfUtcDay(now);
  return { from: addDays(to, -span), to };
}

/**
 * The start of the bucket `date` falls in, as PostgreSQL's `date_trunc` on a UTC timestamp
 * gives it: the day, the ISO week's Monday, the first of the month.
 */
export function bucketStart(date: Date, granularity: Granularity): Date {
  const day = startOfUtcDay(date);
  if (granularity === 'day') return day;
  if (granularity === 'month') return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/**
 * Every bucket of a period, oldest first, as `YYYY-MM-DD` of its start: the first bucket may
 * begin before `from` (a week's Monday, a month's first) and then holds only the days from
 * `from` on.
 */
export function periodBuckets(from: Date, to: Date, granularity: Granularity): string[] {
  const out: string[] = [];
  const last = bucketStart(to, granularity).getTime();
  for (let cursor = bucketStart(from, granularity); cursor.getTime() <= last;) {
    out.push(isoDay(cursor));
    cursor =
      granularity === 'day' ? addDays(cursor, 1) : granularity === 'week' ? addDays(cursor, 7) : addMonths(cursor, 1);
  }
  return out;
}

/** The first instant after a period's last day: periods are queried as `>= from AND < end`. */
export function periodEnd(to: Date): Date {
  return addDays(startOfUtcDay(to), 1);
}
