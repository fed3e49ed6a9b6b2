import 'server-only';
import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { vatIncluded } from '@/lib/money/money';
import type { WorldCode } from '@/lib/worlds/worlds';
import { csvDocument, formatMinorUnits, type CsvField } from './sales-csv';
import { isoDay, periodBuckets, periodEnd, type Granularity, type SalesFilter } from './sales-filter';

/**
 * The seller's side of their sales: the list with totals, the CSV, the statement of one sale,
 * download counts and the evaluation's time series.
 *
 * - **A sale is an order line** (`order_items`) whose seller is the signed-in seller, of an order
 *   that was paid (`paid`, or `refunded` after it was paid; pending and cancelled orders never
 *   count). Its time is the order's `paid_at`. Every query names the seller, so another seller's
 *   sale is never read, and one asked for by id is a 404 like a missing one.
 * - **Amounts and the tier are as recorded at the sale**: price, VAT, net, the seller's active
 *   paid materials that chose the tier, the share in basis points, both shares. Nothing is worked
 *   out again from today's figures.
 * - **Nothing identifies the buyer.** The seller sees no name, e-mail, address, VAT id or country
 *   of a buyer, and not the order reference either: the reference is the buyer's payment
 *   reference, printed on their invoice and stamped next to their name on every page of the file
 *   they bought, so it is a key to a person. A sale is named by its own number (the order line's
 *   id) instead. The VAT rate is shown (the seller needs it to follow the figures), not the
 *   buyer's country or tax treatment.
 */

/** The sales list's page size. */
export const SALES_PAGE_SIZE = 50;

/** Orders that were paid: a refund keeps the order a sale of its time, marked refunded. */
const SOLD_STATUSES = ['paid', 'refunded'];

/** One of the seller's sales as the list, the CSV and the API show it (amounts in minor units). */
export interface SellerSale {
  /** The sale's own number (the order line's id); no order reference (see above). */
  id: number;
  soldAt: string;
  world: WorldCode;
  currency: string;
  materialId: number;
  /** The title at the time of sale. */
  title: string;
  licence: 'single' | 'school' | 'school-upgrade';
  /** Delivered inside a bundle bought in the same order: charged 0, no share. */
  inBundle: boolean;
  /** A test payment: no money moved. */
  testPayment: boolean;
  /** The price the sale was charged at, VAT included, before any voucher. */
  gross: number;
  vat: number;
  net: number;
  /** The seller's active paid materials at the moment of sale (what chose the tier). */
  tierActivePaidMaterials: number;
  shareBasisPoints: number;
  sellerShare: number;
  platformShare: number;
  refundedAt: string | null;
}

/** What one currency's sales add up to over a whole filter (not one page). */
export interface SalesTotals {
  currency: string;
  /** Sales, refunded ones included. */
  sales: number;
  refunded: number;
  gross: number;
  sellerShare: number;
  refundedGross: number;
  refundedSellerShare: number;
}

/** Downloads of one of the seller's materials in a period. */
export interface MaterialDownloads {
  materialId: number;
  title: string;
  world: WorldCode;
  downloads: number;
}

export interface SellerSalesPage {
  items: SellerSale[];
  total: number;
  page: number;
  pageSize: number;
  totals: SalesTotals[];
  downloads: { total: number; materials: MaterialDownloads[] };
}

const saleColumns = {
  id: t.orderItems.id,
  paidAt: t.orders.paidAt,
  world: t.orders.world,
  currency: t.orders.currency,
  provider: t.orders.provider,
  materialId: t.orderItems.materialId,
  title: t.orderItems.title,
  licence: t.orderItems.licence,
  inBundle: t.orderItems.inBundle,
  gross: t.orderItems.chargedGrossMinor,
  vat: t.orderItems.vatMinor,
  net: t.orderItems.netMinor,
  tierActivePaidMaterials: t.orderItems.sellerActivePaidMaterials,
  shareBasisPoints: t.orderItems.sellerShareBasisPoints,
  sellerShare: t.orderItems.sellerShareMinor,
  platformShare: t.orderItems.platformShareMinor,
  refundedAt: t.orderItems.refundedAt,
};

/**
 * Newest sale first. Times are compared at millisecond precision (what a JS Date holds), so the
 * CSV's slices can continue after the last row they read without skipping a sale.
 */
const soldAtMs = sql`date_trunc('milliseconds', ${t.orders.paidAt})`;
const newestFirst = [desc(soldAtMs), desc(t.orderItems.id)];

/** A seller's order lines joined to their orders, for `.where()` and paging. */
const salesQuery = () =>
  getDb().select(saleColumns).from(t.orderItems).innerJoin(t.orders, eq(t.orders.id, t.orderItems.orderId));

type SaleRow = Awaited<ReturnType<typeof salesQuery>>[number];

function toSale(row: SaleRow): SellerSale {
  return {
    id: row.id,
    soldAt: row.paidAt!.toISOString(),
    world: row.world,
    currency: row.currency,
    materialId: row.materialId,
    title: row.title,
    licence: row.licence as SellerSale['licence'],
    inBundle: row.inBundle,
    testPayment: row.provider === 'test',
    gross: row.gross,
    vat: row.vat,
    net: row.net,
    tierActivePaidMaterials: row.tierActivePaidMaterials,
    shareBasisPoints: row.shareBasisPoints,
    sellerShare: row.sellerShare,
    platformShare: row.platformShare,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** The conditions of a seller's sales under a filter (order lines joined to their orders). */
function salesWhere(sellerId: number, filter: SalesFilter): SQL {
  return and(
    eq(t.orderItems.sellerId, sellerId),
    inArray(t.orders.status, SOLD_STATUSES),
    isNotNull(t.orders.paidAt),
    filter.from ? gte(t.orders.paidAt, filter.from) : undefined,
    filter.to ? lt(t.orders.paidAt, periodEnd(filter.to)) : undefined,
    filter.world ? eq(t.orders.world, filter.world) : undefined,
    filter.materialId ? eq(t.orderItems.materialId, filter.materialId) : undefined,
  )!;
}

/** A bigint sum or count from PostgreSQL (a string) as a number; sums of stored amounts stay far below 2^53. */
const whole = (value: unknown) => Number(value ?? 0);

/**
 * The seller's sales, newest first, 50 a page, filtered by the day they were paid (UTC, both ends
 * included), the order's world and the material; with the totals per currency of everything the
 * filter matches and the downloads of the seller's materials in the same period.
 */
async function listSellerSalesNow(sellerId: number, filter: SalesFilter & { page: number }): Promise<SellerSalesPage> {
  const db = getDb();
  const where = salesWhere(sellerId, filter);
  const [rows, totals, downloads] = await Promise.all([
    salesQuery()
      .where(where)
      .orderBy(...newestFirst)
      .limit(SALES_PAGE_SIZE)
      .offset((filter.page - 1) * SALES_PAGE_SIZE),
    db
      .select({
        currency: t.orders.currency,
        sales: sql`count(*)`.mapWith(whole),
        refunded: sql`count(*) FILTER (WHERE ${t.orderItems.refundedAt} IS NOT NULL)`.mapWith(whole),
        gross: sql`coalesce(sum(${t.orderItems.chargedGrossMinor}), 0)`.mapWith(whole),
        sellerShare: sql`coalesce(sum(${t.orderItems.sellerShareMinor}), 0)`.mapWith(whole),
        refundedGross:
          sql`coalesce(sum(${t.orderItems.chargedGrossMinor}) FILTER (WHERE ${t.orderItems.refundedAt} IS NOT NULL), 0)`.mapWith(
            whole,
          ),
        refundedSellerShare:
          sql`coalesce(sum(${t.orderItems.sellerShareMinor}) FILTER (WHERE ${t.orderItems.refundedAt} IS NOT NULL), 0)`.mapWith(
            whole,
          ),
      })
      .from(t.orderItems)
      .innerJoin(t.orders, eq(t.orders.id, t.orderItems.orderId))
      .where(where)
      .groupBy(t.orders.currency)
      .orderBy(t.orders.currency),
    listSellerDownloadsNow(sellerId, filter),
  ]);
  return {
    items: rows.map(toSale),
    total: totals.reduce((sum, row) => sum + row.sales, 0),
    page: filter.page,
    pageSize: SALES_PAGE_SIZE,
    totals,
    downloads,
  };
}

/** Rows the CSV reads per query: a long history is read in slices, never in one result. */
const CSV_BATCH = 5_000;

/** The CSV's columns: stable names, the same in every language, so a sheet built on them keeps working. */
export const SALES_CSV_HEADER = [
  'sale',
  'sold_at_utc',
  'world',
  'material_id',
  'title',
  'licence',
  'in_bundle',
  'test_payment',
  'currency',
  'gross',
  'vat',
  'net',
  'tier_active_paid_materials',
  'share_percent',
  'seller_share',
  'platform_share',
  'refunded_at_utc',
] as const;

/** A basis-point share as a percentage with up to two decimals (6000 → `60`, 6250 → `62.5`). */
function percentOfBasisPoints(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = Math.abs(basisPoints % 100);
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A timestamp as `YYYY-MM-DD HH:MM:SS` in UTC (what spreadsheets read as a date and time). */
function csvTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : '';
}

/** One sale as a CSV row, in the order of `SALES_CSV_HEADER`. */
export function saleCsvRow(sale: SellerSale): CsvField[] {
  const money = (minor: number) => ({ number: formatMinorUnits(minor, sale.currency) });
  return [
    { number: sale.id },
    { text: csvTime(sale.soldAt) },
    { text: sale.world },
    { number: sale.materialId },
    { text: sale.title },
    { text: sale.licence },
    { text: sale.inBundle ? 'yes' : 'no' },
    { text: sale.testPayment ? 'yes' : 'no' },
    { text: sale.currency },
    money(sale.gross),
    money(sale.vat),
    money(sale.net),
    { number: sale.tierActivePaidMaterials },
    { number: percentOfBasisPoints(sale.shareBasisPoints) },
    money(sale.sellerShare),
    money(sale.platformShare),
    { text: csvTime(sale.refundedAt) },
  ];
}

/**
 * Every sale the filter matches as CSV (newest first), for a spreadsheet: see `sales-csv.ts` for
 * the format. Amounts in each row's own currency. `batchSize` is how many rows one query reads
 * (tests make it small to walk the slices).
 */
export async function sellerSalesCsv(
  sellerId: number,
  filter: SalesFilter,
  options: { batchSize?: number } = {},
): Promise<string> {
  const batchSize = options.batchSize ?? CSV_BATCH;
  const where = salesWhere(sellerId, filter);
  const rows: CsvField[][] = [];
  // Keyset paging over (paid_at to the millisecond, id) descending: each slice starts after the
  // last row read, so a sale paid meanwhile neither repeats nor pushes one out.
  let after: { paidAt: Date; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${soldAtMs}, ${t.orderItems.id}) < (${after.paidAt}, ${after.id})`
      : undefined;
    const slice: SaleRow[] = await salesQuery()
      .where(and(where, cursor))
      .orderBy(...newestFirst)
      .limit(batchSize);
    for (const row of slice) rows.push(saleCsvRow(toSale(row)));
    if (slice.length < batchSize) break;
    const last: SaleRow = slice[slice.length - 1]!;
    after = { paidAt: last.paidAt!, id: last.id };
  }
  return csvDocument(SALES_CSV_HEADER, rows);
}

/** The statement of one sale: everything that made the seller's share, as recorded at the sale. */
export interface SaleStatement extends SellerSale {
  /** The material's title today (the sale keeps the title it was sold under). */
  currentTitle: string | null;
  /** The material's price as listed for that licence at the sale, before a bundle in the cart. */
  listGross: number;
  /** A voucher's part of this line: Kreide's discount, not taken from the seller's share. */
  voucherDiscount: number;
  /** The VAT rate of the sale (basis points). */
  vatRateBasisPoints: number;
  /**
   * What the share is a percentage of: the net of the price before any voucher
   * (`gross` minus the VAT it contains at the sale's rate).
   */
  shareBase: number;
}

/**
 * One of the seller's sales with its whole calculation, for the statement. Another seller's
 * sale, an unpaid order's line or an unknown id are all 404 `sale_not_found`.
 */
export async function getSaleStatement(sellerId: number, orderItemId: number): Promise<SaleStatement> {
  const [row] = await getDb()
    .select({
      ...saleColumns,
      listGross: t.orderItems.unitGrossMinor,
      voucherDiscount: t.orderItems.voucherDiscountMinor,
      vatRateBasisPoints: t.orders.vatRateBasisPoints,
      currentTitle: t.materials.title,
    })
    .from(t.orderItems)
    .innerJoin(t.orders, eq(t.orders.id, t.orderItems.orderId))
    .leftJoin(t.materials, eq(t.materials.id, t.orderItems.materialId))
    .where(and(eq(t.orderItems.id, orderItemId), salesWhere(sellerId, {})));
  if (!row) throw new AppError('not_found', undefined, { reason: 'sale_not_found' });
  const sale = toSale(row);
  return {
    ...sale,
    currentTitle: row.currentTitle,
    listGross: row.listGross,
    voucherDiscount: row.voucherDiscount,
    vatRateBasisPoints: row.vatRateBasisPoints,
    shareBase: sale.gross - vatIncluded(sale.gross, row.vatRateBasisPoints),
  };
}

/**
 * Downloads of the seller's materials in a period (by the day they happened, UTC), per material,
 * most downloaded first, optionally of one world's materials or one material. A download is one
 * file delivered to a buyer (a stamped copy or a free file); the seller's materials are the ones
 * they author.
 */
async function listSellerDownloadsNow(
  sellerId: number,
  filter: SalesFilter,
): Promise<{ total: number; materials: MaterialDownloads[] }> {
  const rows = await getDb()
    .select({
      materialId: t.materials.id,
      title: t.materials.title,
      world: t.materials.world,
      downloads: sql`count(*)`.mapWith(whole),
    })
    .from(t.materialDownloads)
    .innerJoin(t.materials, eq(t.materials.id, t.materialDownloads.materialId))
    .where(
      and(
        eq(t.materials.authorId, sellerId),
        filter.from ? gte(t.materialDownloads.createdAt, filter.from) : undefined,
        filter.to ? lt(t.materialDownloads.createdAt, periodEnd(filter.to)) : undefined,
        filter.world ? eq(t.materials.world, filter.world) : undefined,
        filter.materialId ? eq(t.materials.id, filter.materialId) : undefined,
      ),
    )
    .groupBy(t.materials.id)
    .orderBy(desc(sql`count(*)`), t.materials.id);
  return { total: rows.reduce((sum, row) => sum + row.downloads, 0), materials: rows };
}

/** What the filter forms offer: the seller's materials (sold or not deleted) and the worlds they sell in. */
async function listSellerFilterChoicesNow(
  sellerId: number,
): Promise<{ materials: { id: number; title: string; world: WorldCode }[]; worlds: WorldCode[] }> {
  const db = getDb();
  const sold = sql`EXISTS (SELECT 1 FROM order_items i WHERE i.material_id = ${t.materials.id} AND i.seller_id = ${sellerId})`;
  const [materials, worlds] = await Promise.all([
    db
      .select({ id: t.materials.id, title: t.materials.title, world: t.materials.world })
      .from(t.materials)
      .where(and(eq(t.materials.authorId, sellerId), sql`(${t.materials.deletedAt} IS NULL OR ${sold})`))
      .orderBy(t.materials.title, t.materials.id)
      .limit(1000),
    db.execute<{ world: WorldCode }>(sql`
      SELECT world FROM materials WHERE author_id = ${sellerId}
      UNION
      SELECT o.world FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.seller_id = ${sellerId}
      ORDER BY world`),
  ]);
  return { materials, worlds: worlds.rows.map((row) => row.world) };
}

// ---------------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------------

/** Amounts per currency (minor units), only the currencies that occur. */
export type PerCurrency = Record<string, number>;

export interface EvaluationPoint {
  /** The bucket's first day, `YYYY-MM-DD` (a week starts on Monday). */
  period: string;
  /** Sales paid in the bucket, refunded ones included. */
  sales: number;
  /** Of those, the ones refunded since. */
  refunds: number;
  /** The seller's share of the bucket's sales that were not refunded. */
  revenue: PerCurrency;
  downloads: number;
}

export interface MaterialEvaluation {
  materialId: number;
  title: string;
  world: WorldCode;
  sales: number;
  refunds: number;
  revenue: PerCurrency;
  downloads: number;
}

export interface SellerEvaluation {
  from: string;
  to: string;
  granularity: Granularity;
  /** The currencies the seller earned in during the period, most sales first. */
  currencies: string[];
  series: EvaluationPoint[];
  totals: { sales: number; refunds: number; revenue: PerCurrency; downloads: number };
  /** Materials with sales or downloads in the period: most sales first, then downloads. */
  materials: MaterialEvaluation[];
}

/**
 * The seller's figures over a period in buckets of a day, an ISO week or a month (UTC): sales,
 * refunds, revenue (their share of the sales not refunded, per currency) and downloads, every
 * bucket present (zeros included), and the same per material. Three grouped queries; the
 * bucket size goes to `date_trunc` as a bound parameter.
 */
async function sellerEvaluationNow(
  sellerId: number,
  options: { from: Date; to: Date; materialId?: number; granularity: Granularity },
): Promise<SellerEvaluation> {
  const db = getDb();
  const { from, granularity } = options;
  const end = periodEnd(options.to);
  const unit = sql`${granularity}::text`;
  const saleMaterial = options.materialId ? sql`AND i.material_id = ${options.materialId}` : sql``;
  const downloadMaterial = options.materialId ? sql`AND d.material_id = ${options.materialId}` : sql``;
  const sold = sql`i.seller_id = ${sellerId} AND o.status IN ('paid', 'refunded') AND o.paid_at IS NOT NULL
        AND o.paid_at >= ${from} AND o.paid_at < ${end} ${saleMaterial}`;
  const downloaded = sql`m.author_id = ${sellerId} AND d.created_at >= ${from} AND d.created_at < ${end} ${downloadMaterial}`;

  const [salesRows, downloadRows, materialRows] = await Promise.all([
    db.execute<{ period: string; currency: string; sales: string; refunds: string; revenue: string }>(sql`
      SELECT to_char(date_trunc(${unit}, o.paid_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period, o.currency,
             count(*) AS sales,
             count(*) FILTER (WHERE i.refunded_at IS NOT NULL) AS refunds,
             coalesce(sum(i.seller_share_minor) FILTER (WHERE i.refunded_at IS NULL), 0) AS revenue
        FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE ${sold}
       GROUP BY 1, 2`),
    db.execute<{ period: string; downloads: string }>(sql`
      SELECT to_char(date_trunc(${unit}, d.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period,
             count(*) AS downloads
        FROM material_downloads d JOIN materials m ON m.id = d.material_id
       WHERE ${downloaded}
       GROUP BY 1`),
    db.execute<{
      material_id: number;
      title: string;
      world: WorldCode;
      currency: string | null;
      sales: string;
      refunds: string;
      revenue: string;
      downloads: string;
    }>(sql`
      WITH s AS (
        SELECT i.material_id, o.currency, count(*) AS sales,
               count(*) FILTER (WHERE i.refunded_at IS NOT NULL) AS refunds,
               coalesce(sum(i.seller_share_minor) FILTER (WHERE i.refunded_at IS NULL), 0) AS revenue
          FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE ${sold}
         GROUP BY 1, 2
      ), d AS (
        SELECT d.material_id, count(*) AS downloads
          FROM material_downloads d JOIN materials m ON m.id = d.material_id
         WHERE ${downloaded}
         GROUP BY 1
      ), ids AS (SELECT material_id FROM s UNION SELECT material_id FROM d)
      SELECT ids.material_id, m.title, m.world, s.currency,
             coalesce(s.sales, 0) AS sales, coalesce(s.refunds, 0) AS refunds,
             coalesce(s.revenue, 0) AS revenue, coalesce(d.downloads, 0) AS downloads
        FROM ids JOIN materials m ON m.id = ids.material_id
        LEFT JOIN s ON s.material_id = ids.material_id
        LEFT JOIN d ON d.material_id = ids.material_id`),
  ]);

  const buckets = periodBuckets(from, options.to, granularity);
  const points = new Map<string, EvaluationPoint>(
    buckets.map((period) => [period, { period, sales: 0, refunds: 0, revenue: {}, downloads: 0 }]),
  );
  const salesPerCurrency = new Map<string, number>();
  const totals = { sales: 0, refunds: 0, revenue: {} as PerCurrency, downloads: 0 };
  for (const row of salesRows.rows) {
    const point = points.get(row.period);
    if (!point) continue;
    const sales = whole(row.sales);
    point.sales += sales;
    point.refunds += whole(row.refunds);
    point.revenue[row.currency] = (point.revenue[row.currency] ?? 0) + whole(row.revenue);
    totals.sales += sales;
    totals.refunds += whole(row.refunds);
    totals.revenue[row.currency] = (totals.revenue[row.currency] ?? 0) + whole(row.revenue);
    salesPerCurrency.set(row.currency, (salesPerCurrency.get(row.currency) ?? 0) + sales);
  }
  for (const row of downloadRows.rows) {
    const point = points.get(row.period);
    if (!point) continue;
    point.downloads += whole(row.downloads);
    totals.downloads += whole(row.downloads);
  }
  const currencies = [...salesPerCurrency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);

  // A material sold in two currencies (two worlds' prices) comes back once per currency.
  const perMaterial = new Map<number, MaterialEvaluation>();
  for (const row of materialRows.rows) {
    const id = Number(row.material_id);
    const entry = perMaterial.get(id) ?? {
      materialId: id,
      title: row.title,
      world: row.world,
      sales: 0,
      refunds: 0,
      revenue: {},
      downloads: whole(row.downloads),
    };
    entry.sales += whole(row.sales);
    entry.refunds += whole(row.refunds);
    if (row.currency) entry.revenue[row.currency] = (entry.revenue[row.currency] ?? 0) + whole(row.revenue);
    perMaterial.set(id, entry);
  }
  const materials = [...perMaterial.values()].sort(
    (a, b) => b.sales - a.sales || b.downloads - a.downloads || a.materialId - b.materialId,
  );
  return {
    from: isoDay(from),
    to: isoDay(options.to),
    granularity,
    currencies,
    series: [...points.values()],
    totals,
    materials,
  };
}

// The seller's figures, cached per seller and arguments under the seller's tag: expired by the
// seller's own changes and by orders that became paid or refunded (lib/cache/invalidate.ts),
// and refreshed after a minute whatever happens. Adding up 50,000 sales for each of 20 requests
// is what kept these pages far from their budget.
const sellerTag = (sellerId: number) => [TAGS.seller(sellerId)];
const FIGURES_SECONDS = 60;

export const listSellerSales = cached(listSellerSalesNow, CACHE_KEYS.sellerSales, sellerTag, FIGURES_SECONDS);
export const listSellerDownloads = cached(
  listSellerDownloadsNow,
  CACHE_KEYS.sellerDownloads,
  sellerTag,
  FIGURES_SECONDS,
);
export const listSellerFilterChoices = cached(
  listSellerFilterChoicesNow,
  CACHE_KEYS.sellerFilterChoices,
  sellerTag,
  FIGURES_SECONDS,
);
export const sellerEvaluation = cached(sellerEvaluationNow, CACHE_KEYS.sellerEvaluation, sellerTag, FIGURES_SECONDS);
