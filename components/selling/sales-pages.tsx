import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { z } from 'zod';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { isSellerAccount } from '@/lib/accounts/accounts';
import { AppError } from '@/lib/errors/app-error';
import { issueKind, parseId } from '@/lib/input/schemas';
import { BASIS_POINTS } from '@/lib/money/money';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import {
  getSaleStatement,
  listSellerFilterChoices,
  listSellerSales,
  sellerEvaluation,
  type SaleStatement,
} from '@/lib/selling/sales';
import {
  evaluationPeriod,
  evaluationQuerySchema,
  GRANULARITIES,
  salesQuerySchema,
  toSalesFilter,
  type Granularity,
} from '@/lib/selling/sales-filter';
import { getWorld, isWorldCode, type World, type WorldCode } from '@/lib/worlds/worlds';
import { BarChart } from './bar-chart';
import styles from './sales.module.css';
import sellingStyles from './selling.module.css';
import { TableRegion } from '@/components/cabinet/table-region';

type Translator = Awaited<ReturnType<typeof getTranslations<'cabinet-sales'>>>;
type Query = AreaPageProps['query'];

/** A query value as a form sends it: the first of repeated keys; an empty field is no value. */
function queryValue(query: Query, key: string): string | undefined {
  const raw = query[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** The filter fields present in the query, as text (what the form shows and the links repeat). */
function filterFields(query: Query, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = queryValue(query, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function withQuery(base: string, fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/** The translated texts of a refused filter, one per kind of problem. */
function filterErrors(error: z.ZodError, t: Translator): string[] {
  const kinds = new Set(error.issues.map((issue) => issueKind(issue)));
  const texts = new Set<string>();
  for (const kind of kinds) {
    if (kind === 'invalidDate') texts.add(t('errors.invalidDate'));
    else if (kind === 'periodOrder') texts.add(t('errors.periodOrder'));
    else if (kind === 'periodTooLong') texts.add(t('errors.periodTooLong'));
    else texts.add(t('errors.invalid'));
  }
  return [...texts];
}

/** What a teacher who does not sell sees: one line and the way to start selling. */
async function NotSeller({ world, route }: { world: World; route: AreaPageProps['route'] }) {
  const meta = await getTranslations('meta');
  const t = await getTranslations('cabinet-sales');
  return (
    <section className={`${sellingStyles.section} ${styles.wide}`} data-route={route.id}>
      <h1>{meta(`routes.${route.id}.title`)}</h1>
      <p data-testid="sales-not-seller">
        {t('notSeller.text')} <a href={pathFor(world.code, 'cabinet-materials')}>{t('notSeller.link')}</a>
      </p>
    </section>
  );
}

function Errors({ texts }: { texts: string[] }) {
  if (texts.length === 0) return null;
  return (
    <div className={styles.errors} role="alert" data-testid="sales-filter-errors">
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

interface Choices {
  materials: { id: number; title: string; world: WorldCode }[];
  worlds: WorldCode[];
}

/**
 * Rows of a per-material table a page shows (the best first): a seller with thousands of
 * materials gets the top of the list, the CSV export has everything. Pages of thousands of rows
 * cost every request their rendering.
 */
const PER_MATERIAL_ROWS = 25;
/** Materials the filter's select offers (in title order), plus the one chosen. */
const MATERIAL_CHOICES = 300;

function MaterialSelect({ t, choices, value }: { t: Translator; choices: Choices; value: string | undefined }) {
  const offered = choices.materials.slice(0, MATERIAL_CHOICES);
  const chosen = choices.materials.find((material) => String(material.id) === value);
  if (chosen && !offered.includes(chosen)) offered.push(chosen);
  return (
    <label>
      {t('filter.material')}
      <select name="materialId" defaultValue={value ?? ''}>
        <option value="">{t('filter.allMaterials')}</option>
        {offered.map((material) => (
          <option key={material.id} value={String(material.id)}>
            {/* The same title may be sold in two countries: say which one. */}
            {`${material.title || `#${material.id}`}${choices.worlds.length > 1 ? ` (${getWorld(material.world).nativeName})` : ''}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The statement of one sale: every figure that made the seller's share, as recorded then. */
function Statement({
  t,
  world,
  sale,
  backHref,
}: {
  t: Translator;
  world: World;
  sale: SaleStatement;
  backHref: string;
}) {
  const money = (minor: number) => formatPrice(minor, sale.currency, world.locale);
  const percent = new Intl.NumberFormat(world.locale, { style: 'percent', maximumFractionDigits: 2 });
  const when = new Intl.DateTimeFormat(world.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(world.locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <section
      className={styles.statement}
      id="statement"
      aria-labelledby="statement-title"
      data-testid="sale-statement"
      data-sale-id={sale.id}
    >
      <h2 id="statement-title">{t('statement.title', { id: sale.id })}</h2>
      {sale.testPayment ? <p className={styles.strong}>{t('statement.testPayment')}</p> : null}
      <dl className={styles.facts}>
        <dt>{t('statement.material')}</dt>
        <dd>
          {sale.title}
          {sale.currentTitle && sale.currentTitle !== sale.title ? (
            <>
              <br />
              <span className={styles.muted}>{t('statement.titleNow', { title: sale.currentTitle })}</span>
            </>
          ) : null}
        </dd>
        <dt>{t('statement.licence')}</dt>
        <dd>{t(`licences.${sale.licence}`)}</dd>
        <dt>{t('statement.soldAt')}</dt>
        <dd>{when.format(new Date(sale.soldAt))}</dd>
        <dt>{t('statement.world')}</dt>
        <dd>{isWorldCode(sale.world) ? getWorld(sale.world).nativeName : sale.world}</dd>
        {sale.listGross !== sale.gross ? (
          <>
            <dt>{t('statement.listPrice')}</dt>
            <dd>{money(sale.listGross)}</dd>
          </>
        ) : null}
        <dt>{t('statement.price')}</dt>
        <dd data-testid="statement-gross">{money(sale.gross)}</dd>
        {sale.voucherDiscount > 0 ? (
          <>
            <dt>{t('statement.voucher')}</dt>
            <dd>{money(-sale.voucherDiscount)}</dd>
          </>
        ) : null}
        <dt>{t('statement.vat', { rate: percent.format(sale.vatRateBasisPoints / BASIS_POINTS) })}</dt>
        <dd>{money(sale.vat)}</dd>
        <dt>{t('statement.net')}</dt>
        <dd>{money(sale.net)}</dd>
        <dt>{t('statement.shareBase')}</dt>
        <dd>{money(sale.shareBase)}</dd>
        <dt>{t('statement.tier')}</dt>
        <dd data-testid="statement-tier">
          {t('statement.tierValue', {
            share: percent.format(sale.shareBasisPoints / BASIS_POINTS),
            count: sale.tierActivePaidMaterials,
          })}
        </dd>
        <dt className={styles.strong}>{t('statement.sellerShare')}</dt>
        <dd className={styles.strong} data-testid="statement-share">
          {money(sale.sellerShare)}
        </dd>
        <dt>{t('statement.platformShare')}</dt>
        <dd>{money(sale.platformShare)}</dd>
        <dt>{t('statement.refund')}</dt>
        <dd data-testid="statement-refund">
          {sale.refundedAt
            ? t('statement.refundedOn', { date: day.format(new Date(sale.refundedAt)) })
            : t('statement.notRefunded')}
        </dd>
      </dl>
      {sale.inBundle ? <p className={styles.muted}>{t('statement.inBundle')}</p> : null}
      <p className={styles.muted}>{t('statement.privacy')}</p>
      <p>
        <a href={backHref}>{t('statement.back')}</a>
      </p>
    </section>
  );
}

const SALES_FILTER_KEYS = ['from', 'to', 'orderWorld', 'materialId'] as const;

/**
 * Sales and downloads (route `cabinet-sales`): a filter (period, country, material) sent as a
 * plain GET form, the totals per currency, the sales 50 a page with a link to the CSV of the same
 * filter, and the downloads of the seller's materials in the period. `?sale=<id>` adds that
 * sale's statement above the list (someone else's sale is not found). No buyer is named anywhere.
 */
export const SalesPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, query }) {
    if (!(await isSellerAccount(userId))) return <NotSeller world={world} route={route} />;
    const sellerId = userId!;
    const meta = await getTranslations('meta');
    const t = await getTranslations('cabinet-sales');
    const base = pathFor(world.code, 'cabinet-sales');
    const fields = filterFields(query, SALES_FILTER_KEYS);
    const page = queryValue(query, 'page');
    const parsed = salesQuerySchema.safeParse({ ...fields, ...(page ? { page } : {}) });
    const saleId = parseId(queryValue(query, 'sale'));
    let statement: SaleStatement | null = null;
    if (saleId !== null) {
      try {
        statement = await getSaleStatement(sellerId, saleId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') notFound();
        throw error;
      }
    }
    const [choices, result] = await Promise.all([
      listSellerFilterChoices(sellerId),
      parsed.success ? listSellerSales(sellerId, { ...toSalesFilter(parsed.data), page: parsed.data.page }) : null,
    ]);
    const money = (minor: number, currency: string) => formatPrice(minor, currency, world.locale);
    const percent = new Intl.NumberFormat(world.locale, { style: 'percent', maximumFractionDigits: 2 });
    const when = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const listHref = (p = 1) => withQuery(base, { ...fields, page: p > 1 ? String(p) : undefined });
    const exportHref = withQuery('/api/v3/seller/sales/export', { world: world.code, ...fields });
    const evaluationHref = withQuery(pathFor(world.code, 'cabinet-evaluation'), {
      from: fields.from,
      to: fields.to,
      materialId: fields.materialId,
    });
    const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
    return (
      <section className={`${sellingStyles.section} ${styles.wide}`} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('intro')}</p>
        {statement ? <Statement t={t} world={world} sale={statement} backHref={listHref(result?.page)} /> : null}
        <form method="get" action={base} className={styles.form} aria-label={t('filter.label')}>
          <label>
            {t('filter.from')}
            <input type="date" name="from" defaultValue={fields.from ?? ''} />
          </label>
          <label>
            {t('filter.to')}
            <input type="date" name="to" defaultValue={fields.to ?? ''} />
          </label>
          <label>
            {t('filter.world')}
            <select name="orderWorld" defaultValue={fields.orderWorld ?? ''}>
              <option value="">{t('filter.allWorlds')}</option>
              {choices.worlds.map((code) => (
                <option key={code} value={code}>
                  {getWorld(code).nativeName}
                </option>
              ))}
            </select>
          </label>
          <MaterialSelect t={t} choices={choices} value={fields.materialId} />
          <button type="submit" className={sellingStyles.primary}>
            {t('filter.submit')}
          </button>
          <a href={base}>{t('filter.reset')}</a>
        </form>
        <p className={styles.hint}>{t('filter.hint')}</p>
        {parsed.success ? null : <Errors texts={filterErrors(parsed.error, t)} />}
        {result ? (
          <>
            <div className={styles.actions}>
              <a href={exportHref} data-testid="sales-export" download>
                {t('export.link')}
              </a>
              <a href={evaluationHref}>{t('evaluationLink')}</a>
            </div>
            <p className={styles.hint}>{t('export.hint')}</p>
            {result.totals.length > 0 ? (
              <>
                <h2>{t('totals.title')}</h2>
                <TableRegion label={t('totals.title')}>
                  <table className={sellingStyles.table} data-testid="sales-totals">
                    <thead>
                      <tr>
                        <th scope="col">{t('totals.currency')}</th>
                        <th scope="col" className={styles.amount}>
                          {t('totals.sales')}
                        </th>
                        <th scope="col" className={styles.amount}>
                          {t('totals.refunded')}
                        </th>
                        <th scope="col" className={styles.amount}>
                          {t('totals.gross')}
                        </th>
                        <th scope="col" className={styles.amount}>
                          {t('totals.share')}
                        </th>
                        <th scope="col" className={styles.amount}>
                          {t('totals.afterRefunds')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.totals.map((row) => (
                        <tr key={row.currency} data-currency={row.currency}>
                          <th scope="row">{row.currency}</th>
                          <td className={styles.amount}>{row.sales}</td>
                          <td className={styles.amount}>{row.refunded}</td>
                          <td className={styles.amount}>{money(row.gross, row.currency)}</td>
                          <td className={styles.amount}>{money(row.sellerShare, row.currency)}</td>
                          <td className={styles.amount} data-testid="share-after-refunds">
                            {money(row.sellerShare - row.refundedSellerShare, row.currency)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableRegion>
              </>
            ) : null}
            <h2>{t('list.title')}</h2>
            {result.items.length === 0 ? (
              <p data-testid="sales-empty">{t('list.empty')}</p>
            ) : (
              <TableRegion label={t('list.title')}>
                <table className={sellingStyles.table} data-testid="sales-list">
                  <thead>
                    <tr>
                      <th scope="col">{t('list.columns.date')}</th>
                      <th scope="col">{t('list.columns.sale')}</th>
                      <th scope="col">{t('list.columns.material')}</th>
                      <th scope="col">{t('list.columns.licence')}</th>
                      <th scope="col">{t('list.columns.world')}</th>
                      <th scope="col" className={styles.amount}>
                        {t('list.columns.price')}
                      </th>
                      <th scope="col" className={styles.amount}>
                        {t('list.columns.share')}
                      </th>
                      <th scope="col">{t('list.columns.state')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.items.map((sale) => (
                      <tr key={sale.id} data-testid="sale-row" data-sale-id={sale.id}>
                        <td>{when.format(new Date(sale.soldAt))}</td>
                        <td>
                          <a
                            href={`${withQuery(base, { ...fields, page: result.page > 1 ? String(result.page) : undefined, sale: String(sale.id) })}#statement`}
                          >
                            {t('list.saleNumber', { id: sale.id })}
                          </a>
                        </td>
                        <td>
                          {sale.title}
                          {sale.inBundle ? <span className={styles.muted}> · {t('list.inBundle')}</span> : null}
                        </td>
                        <td>{t(`licences.${sale.licence}`)}</td>
                        <td>{isWorldCode(sale.world) ? getWorld(sale.world).nativeName : sale.world}</td>
                        <td className={styles.amount}>{money(sale.gross, sale.currency)}</td>
                        <td className={styles.amount}>
                          {money(sale.sellerShare, sale.currency)}
                          <br />
                          <span className={styles.muted}>
                            {t('list.shareOfNet', { share: percent.format(sale.shareBasisPoints / BASIS_POINTS) })}
                          </span>
                        </td>
                        <td data-testid="sale-state">
                          {sale.refundedAt
                            ? t('list.refundedOn', { date: day.format(new Date(sale.refundedAt)) })
                            : t('list.paid')}
                          {sale.testPayment ? <span className={styles.muted}> · {t('list.testPayment')}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
            {pages > 1 ? (
              <nav className={sellingStyles.filters} aria-label={t('list.pageOf', { page: result.page, pages })}>
                {result.page > 1 ? <a href={listHref(result.page - 1)}>{t('list.previous')}</a> : null}
                <span>{t('list.pageOf', { page: result.page, pages })}</span>
                {result.page < pages ? <a href={listHref(result.page + 1)}>{t('list.next')}</a> : null}
              </nav>
            ) : null}
            <h2>{t('downloads.title')}</h2>
            <p>{t('downloads.intro')}</p>
            {result.downloads.total === 0 ? (
              <p data-testid="downloads-empty">{t('downloads.empty')}</p>
            ) : (
              <>
                <p data-testid="downloads-total">{t('downloads.total', { count: result.downloads.total })}</p>
                <TableRegion label={t('downloads.title')}>
                  <table className={sellingStyles.table} data-testid="downloads-list">
                    <thead>
                      <tr>
                        <th scope="col">{t('downloads.columns.material')}</th>
                        <th scope="col" className={styles.amount}>
                          {t('downloads.columns.downloads')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.downloads.materials.slice(0, PER_MATERIAL_ROWS).map((row) => (
                        <tr key={row.materialId}>
                          <td>{row.title || `#${row.materialId}`}</td>
                          <td className={styles.amount}>{row.downloads}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableRegion>
                {result.downloads.materials.length > PER_MATERIAL_ROWS ? (
                  <p>{t('topRows', { count: PER_MATERIAL_ROWS, total: result.downloads.materials.length })}</p>
                ) : null}
              </>
            )}
          </>
        ) : null}
      </section>
    );
  },
};

/** Short labels under the bars: the bucket's first day, or its month. */
function bucketLabel(locale: string, granularity: Granularity, spansYears: boolean) {
  const format =
    granularity === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' })
      : new Intl.DateTimeFormat(locale, {
          day: 'numeric',
          month: 'short',
          ...(spansYears ? { year: '2-digit' as const } : {}),
          timeZone: 'UTC',
        });
  return (period: string) => format.format(new Date(`${period}T00:00:00Z`));
}

const EVALUATION_KEYS = ['from', 'to', 'materialId', 'granularity'] as const;

/**
 * Evaluation (route `cabinet-evaluation`): sales, revenue (the seller's share, one chart per
 * currency) and downloads per day, week or month over a period, drawn on the server as SVG
 * (no JavaScript), each chart with a title and description and the figures as a table; then the
 * same per material. Views and conversion wait for visits to be counted.
 */
export const EvaluationPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, query }) {
    if (!(await isSellerAccount(userId))) return <NotSeller world={world} route={route} />;
    const sellerId = userId!;
    const meta = await getTranslations('meta');
    const t = await getTranslations('cabinet-sales');
    const base = pathFor(world.code, 'cabinet-evaluation');
    const fields = filterFields(query, EVALUATION_KEYS);
    const parsed = evaluationQuerySchema.safeParse(fields);
    const [choices, evaluation] = await Promise.all([
      listSellerFilterChoices(sellerId),
      parsed.success
        ? sellerEvaluation(sellerId, {
            ...evaluationPeriod(parsed.data),
            materialId: parsed.data.materialId,
            granularity: parsed.data.granularity,
          })
        : null,
    ]);
    const number = new Intl.NumberFormat(world.locale);
    const day = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const granularity: Granularity = parsed.success ? parsed.data.granularity : 'day';
    const salesHref = (materialId?: number) =>
      withQuery(pathFor(world.code, 'cabinet-sales'), {
        from: evaluation?.from,
        to: evaluation?.to,
        materialId: materialId ? String(materialId) : fields.materialId,
      });
    return (
      <section className={`${sellingStyles.section} ${styles.wide}`} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('evaluation.intro')}</p>
        <form method="get" action={base} className={styles.form} aria-label={t('filter.label')}>
          <label>
            {t('filter.from')}
            <input type="date" name="from" defaultValue={evaluation?.from ?? fields.from ?? ''} />
          </label>
          <label>
            {t('filter.to')}
            <input type="date" name="to" defaultValue={evaluation?.to ?? fields.to ?? ''} />
          </label>
          <label>
            {t('filter.granularity')}
            <select name="granularity" defaultValue={granularity}>
              {GRANULARITIES.map((g) => (
                <option key={g} value={g}>
                  {t(`filter.granularities.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <MaterialSelect t={t} choices={choices} value={fields.materialId} />
          <button type="submit" className={sellingStyles.primary}>
            {t('filter.submit')}
          </button>
          <a href={base}>{t('filter.reset')}</a>
        </form>
        <p className={styles.hint}>{t('filter.hint')}</p>
        <p className={styles.muted} data-testid="evaluation-pending">
          {t('evaluation.pending')}
        </p>
        {parsed.success ? null : <Errors texts={filterErrors(parsed.error, t)} />}
        {evaluation ? (
          <EvaluationCharts
            t={t}
            world={world}
            evaluation={evaluation}
            number={number}
            day={day}
            salesHref={salesHref}
          />
        ) : null}
      </section>
    );
  },
};

function EvaluationCharts({
  t,
  world,
  evaluation,
  number,
  day,
  salesHref,
}: {
  t: Translator;
  world: World;
  evaluation: Awaited<ReturnType<typeof sellerEvaluation>>;
  number: Intl.NumberFormat;
  day: Intl.DateTimeFormat;
  salesHref: (materialId?: number) => string;
}) {
  const from = new Date(`${evaluation.from}T00:00:00Z`);
  const to = new Date(`${evaluation.to}T00:00:00Z`);
  const label = bucketLabel(world.locale, evaluation.granularity, from.getUTCFullYear() !== to.getUTCFullYear());
  const unit = t(`evaluation.units.${evaluation.granularity}`);
  const span = { unit, from: day.format(from), to: day.format(to) };
  const count = (value: number) => number.format(value);
  const money = (currency: string) => (minor: number) => formatPrice(minor, currency, world.locale);
  const revenueText = (revenue: Record<string, number>) =>
    Object.keys(revenue).length === 0
      ? '—'
      : Object.entries(revenue)
          .map(([currency, minor]) => money(currency)(minor))
          .join(' · ');
  return (
    <>
      <div className={styles.chart}>
        <h2>{t('evaluation.sales.title')}</h2>
        <BarChart
          id="sales"
          integer
          title={t('evaluation.sales.title')}
          description={t('evaluation.sales.desc', { ...span, total: count(evaluation.totals.sales) })}
          points={evaluation.series.map((point) => ({ label: label(point.period), value: point.sales }))}
          format={count}
        />
      </div>
      {evaluation.currencies.length === 0 ? (
        <p data-testid="evaluation-no-revenue">{t('evaluation.noRevenue')}</p>
      ) : (
        evaluation.currencies.map((currency) => (
          <div className={styles.chart} key={currency}>
            <h2>{t('evaluation.revenue.title', { currency })}</h2>
            <BarChart
              id={`revenue-${currency}`}
              title={t('evaluation.revenue.title', { currency })}
              description={t('evaluation.revenue.desc', {
                ...span,
                total: money(currency)(evaluation.totals.revenue[currency] ?? 0),
              })}
              points={evaluation.series.map((point) => ({
                label: label(point.period),
                value: point.revenue[currency] ?? 0,
              }))}
              format={money(currency)}
            />
          </div>
        ))
      )}
      <div className={styles.chart}>
        <h2>{t('evaluation.downloads.title')}</h2>
        <BarChart
          id="downloads"
          integer
          title={t('evaluation.downloads.title')}
          description={t('evaluation.downloads.desc', { ...span, total: count(evaluation.totals.downloads) })}
          points={evaluation.series.map((point) => ({ label: label(point.period), value: point.downloads }))}
          format={count}
        />
      </div>
      <details>
        <summary>{t('evaluation.table')}</summary>
        <TableRegion label={t('evaluation.table')}>
          <table className={sellingStyles.table} data-testid="evaluation-table">
            <thead>
              <tr>
                <th scope="col">{t('evaluation.columns.period')}</th>
                <th scope="col" className={styles.amount}>
                  {t('evaluation.columns.sales')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('evaluation.columns.refunds')}
                </th>
                {evaluation.currencies.map((currency) => (
                  <th scope="col" className={styles.amount} key={currency}>
                    {t('evaluation.columns.revenue', { currency })}
                  </th>
                ))}
                <th scope="col" className={styles.amount}>
                  {t('evaluation.columns.downloads')}
                </th>
              </tr>
            </thead>
            <tbody>
              {evaluation.series.map((point) => (
                <tr key={point.period} data-period={point.period}>
                  <th scope="row">{day.format(new Date(`${point.period}T00:00:00Z`))}</th>
                  <td className={styles.amount}>{count(point.sales)}</td>
                  <td className={styles.amount}>{count(point.refunds)}</td>
                  {evaluation.currencies.map((currency) => (
                    <td className={styles.amount} key={currency}>
                      {money(currency)(point.revenue[currency] ?? 0)}
                    </td>
                  ))}
                  <td className={styles.amount}>{count(point.downloads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
      <h2>{t('evaluation.materials.title')}</h2>
      {evaluation.materials.length === 0 ? (
        <p data-testid="evaluation-materials-empty">{t('evaluation.materials.empty')}</p>
      ) : (
        <TableRegion label={t('evaluation.materials.title')}>
          <table className={sellingStyles.table} data-testid="evaluation-materials">
            <thead>
              <tr>
                <th scope="col">{t('evaluation.materials.columns.material')}</th>
                <th scope="col" className={styles.amount}>
                  {t('evaluation.materials.columns.sales')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('evaluation.materials.columns.refunds')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('evaluation.materials.columns.revenue')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('evaluation.materials.columns.downloads')}
                </th>
              </tr>
            </thead>
            <tbody>
              {evaluation.materials.slice(0, PER_MATERIAL_ROWS).map((row) => (
                <tr key={row.materialId} data-material-id={row.materialId}>
                  <td>
                    <a href={salesHref(row.materialId)}>{row.title || `#${row.materialId}`}</a>
                  </td>
                  <td className={styles.amount}>{count(row.sales)}</td>
                  <td className={styles.amount}>{count(row.refunds)}</td>
                  <td className={styles.amount}>{revenueText(row.revenue)}</td>
                  <td className={styles.amount}>{count(row.downloads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {evaluation.materials.length > PER_MATERIAL_ROWS ? (
            <p>{t('topRows', { count: PER_MATERIAL_ROWS, total: evaluation.materials.length })}</p>
          ) : null}
        </TableRegion>
      )}
      <p>
        <a href={salesHref()}>{t('salesLink')}</a>
      </p>
    </>
  );
}
