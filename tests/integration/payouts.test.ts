import { and, eq, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { PDFDocument } from 'pdf-lib';
import { GET as runFileRoute } from '@/app/api/v3/admin/payout-runs/[id]/file/route';
import { GET as runsRoute, POST as runRoute } from '@/app/api/v3/admin/payout-runs/route';
import { GET as creditNotePdfRoute } from '@/app/api/v3/seller/credit-notes/[id]/pdf/route';
import { GET as sellerPayoutsRoute } from '@/app/api/v3/seller/payouts/route';
import { FeesPage } from '@/components/selling/fees-page';
import { saveBankDetails } from '@/lib/cabinet/bank-details';
import { bankDetailsSchema } from '@/lib/cabinet/validation';
import { addToCart } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { sellerShareBasisPoints } from '@/lib/commerce/commission';
import { refundOrder } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { getPageStore, preparePage } from '@/lib/http/page-store';
import { privatePageTags } from '@/lib/http/private-pages';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { getRoute } from '@/lib/routing/routes';
import { enqueue } from '@/lib/jobs/enqueue';
import { drainJobs } from '@/lib/jobs/workers';
import { previousPeriod } from '@/lib/selling/payout-plan';
import { payoutRunJob, runPayouts, type SellerPayout } from '@/lib/selling/payouts';
import { getStorage } from '@/lib/storage/storage';
import { getWorld } from '@/lib/worlds/worlds';
import german from '@/messages/de/cabinet-settings.json';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { renderHtml } from './support/render';
import { signInSession } from './support/session';
import { callRoute } from './support/routes';

/**
 * Monthly payouts on a real database: sales bought through the checkout, their orders dated into
 * months of 2024 (the seeded history is years later, so these runs see only this file's sales),
 * runs made through the admin API, what sellers see through theirs and on the fees page.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

type Handler = (request: NextRequest, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

interface Session {
  cookie: string;
  userId: number;
}

const get = (handler: Handler, path: string, session: Session, params: Record<string, string> = {}) =>
  callRoute(handler, path, { headers: { cookie: session.cookie }, params });

const post = (handler: Handler, path: string, session: Session, body: unknown) =>
  callRoute(handler, path, { method: 'POST', body, headers: { cookie: session.cookie } });

/** `n` published paid materials of `authorId` in the German world at `price`, cloned from a seeded one. */
async function materialsOf(authorId: number, n: number, price: number): Promise<number[]> {
  const result = await getDb().execute<{ id: number }>(sql`
    INSERT INTO materials (world, author_id, title, slug, description, price_cents, currency, pages, is_active, status,
                           published_at)
    SELECT m.world, ${authorId}, m.title || ' · Auszahlung ' || g, m.slug || '-auszahlung-' || g, m.description,
           ${price}, 'EUR', m.pages, true, 'published', now()
    FROM (SELECT * FROM materials WHERE world = 'de' ORDER BY id LIMIT 1) m, generate_series(1, ${n}) g
    RETURNING id`);
  return result.rows.map((row) => Number(row.id));
}

let orderCount = 0;
/** The demo buyer buys `materialIds` in one test-paid order, dated as paid at `paidAt`. */
async function buyAt(buyerId: number, materialIds: number[], paidAt: string) {
  for (const id of materialIds) await addToCart({ world: 'de', userId: buyerId, cartToken: null }, id, 'single');
  orderCount += 1;
  const { order } = await checkout({
    userId: buyerId,
    world: 'de',
    provider: 'test',
    idempotencyKey: `payouts-test-${orderCount}-${Date.now()}`,
    expectedTotal: null,
    deliveryConsent: true,
  });
  expect(order.status).toBe('paid');
  await getDb()
    .update(t.orders)
    .set({ paidAt: new Date(paidAt) })
    .where(eq(t.orders.id, order.id));
  const items = await getDb().select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id));
  return { order, items };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function payoutsOf(session: Session): Promise<SellerPayout[]> {
  const response = await get(sellerPayoutsRoute, '/api/v3/seller/payouts?world=de', session);
  expect(response.status).toBe(200);
  return ((await response.json()) as { payouts: SellerPayout[] }).payouts;
}

async function linesOf(payoutId: number) {
  return getDb()
    .select({ orderItemId: t.payoutLines.orderItemId, kind: t.payoutLines.kind, amount: t.payoutLines.amountMinor })
    .from(t.payoutLines)
    .where(eq(t.payoutLines.payoutId, payoutId))
    .orderBy(t.payoutLines.orderItemId);
}

/** The transactions of a pain.001 file: end-to-end id, amount, creditor IBAN. */
function transfersIn(xml: string) {
  return [...xml.matchAll(/<CdtTrfTxInf>([\s\S]*?)<\/CdtTrfTxInf>/g)].map(([, body]) => ({
    endToEndId: /<EndToEndId>([^<]*)<\/EndToEndId>/.exec(body!)![1],
    amount: /<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/.exec(body!)![1],
    iban: /<CdtrAcct><Id><IBAN>([^<]*)<\/IBAN>/.exec(body!)![1],
  }));
}

async function fileOf(admin: Session, runId: number): Promise<string> {
  const response = await get(runFileRoute, `/api/v3/admin/payout-runs/${runId}/file?world=de`, admin, {
    id: String(runId),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="kreide-payouts-\d{4}-\d{2}-pain\.001\.xml"/,
  );
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return response.text();
}

const eur = (minor: number) => formatPrice(minor, 'EUR', 'de-DE');

describe(`monthly payouts on ${BACKEND}`, () => {
  let admin: Session;
  let buyer: Session;
  let seller: Session;
  /** A second seller (bank details, the minimum) and a third (no bank details at first). */
  let second: Session;
  let thirdId: number;
  let sellerItems: (typeof t.orderItems.$inferSelect)[];
  let januaryRunId: number;
  const numbers: string[] = [];

  beforeAll(async () => {
    admin = await signInSession(DEMO_ACCOUNTS.admin);
    buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    seller = await signInSession(DEMO_ACCOUNTS.seller);
    // Two seeded authors of the German world; the second may sign in with the demo password.
    const authors = await getDb()
      .select({ id: t.users.id, email: t.users.email })
      .from(t.users)
      .where(and(eq(t.users.isSeller, true), sql`${t.users.email} LIKE 'author-de-%'`))
      .orderBy(t.users.id)
      .limit(2);
    const [{ passwordHash }] = (await getDb()
      .select({ passwordHash: t.users.passwordHash })
      .from(t.users)
      .where(eq(t.users.id, seller.userId))) as [{ passwordHash: string }];
    await getDb().update(t.users).set({ passwordHash }).where(eq(t.users.id, authors[0]!.id));
    second = await signInSession(authors[0]!.email);
    thirdId = authors[1]!.id;
    await saveBankDetails(
      seller.userId,
      bankDetailsSchema.parse({ account_holder: 'Frau Demo', iban: 'DE44 5001 0517 5407 3249 31', bic: 'INGDDEFFXXX' }),
    );
    await saveBankDetails(
      second.userId,
      bankDetailsSchema.parse({
        account_holder: 'Jörg <Müller> & Söhne',
        iban: 'FR14 2004 1010 0505 0001 3M02 606',
        bic: 'PSSTFRPPXXX',
      }),
    );
  });

  it('pays a month’s sales as one payout per seller, at the shares recorded when they were sold', async () => {
    // 50 more active paid materials put the demo seller on the 60 % tier for these sales.
    const extra = await materialsOf(seller.userId, 50, 4999);
    const own = await materialsOf(seller.userId, 8, 4999);
    const [secondMaterial] = await materialsOf(second.userId, 1, 4999);
    const [thirdMaterial] = await materialsOf(thirdId, 1, 4999);
    const first = await buyAt(buyer.userId, own.slice(0, 3), '2024-01-10T09:00:00Z');
    const later = await buyAt(buyer.userId, [own[3]!, secondMaterial!, thirdMaterial!], '2024-01-31T23:59:59Z');
    sellerItems = [...first.items, ...later.items.filter((item) => item.sellerId === seller.userId)];
    expect(sellerItems).toHaveLength(4);
    expect(new Set(sellerItems.map((item) => item.sellerShareBasisPoints))).toEqual(new Set([6000]));
    // A sale of February (paid after the period) waits for February's run.
    const february = await buyAt(buyer.userId, [own[4]!], '2024-02-01T00:00:00Z');

    // After the sales the seller's tier inputs change: today the seller would get 50 %.
    await getDb()
      .update(t.materials)
      .set({ isActive: false })
      .where(sql`${t.materials.id} = ANY(${`{${extra.join(',')}}`}::int[])`);
    expect(sellerShareBasisPoints(own.length)).toBe(5000);

    // The sellers' fees pages kept rendered for them (lib/http/private-pages.ts) must go.
    const pages = getPageStore();
    const keep = (userId: number) => {
      const key = `${userId}|localhost|/de/konto/gutschriften|identity|cookies`;
      pages.set('private', key, {
        status: 200,
        headers: {},
        page: preparePage(Buffer.from('<html></html>'), false),
        ttlMs: 60_000,
        tags: privatePageTags(userId),
      });
      return key;
    };
    const [sellerPage, secondPage, buyerPage] = [keep(seller.userId), keep(second.userId), keep(buyer.userId)];

    const response = await post(runRoute, '/api/v3/admin/payout-runs?world=de', admin, { period: '2024-01' });
    expect(response.status).toBe(201);
    expect(pages.get('private', sellerPage)).toBeUndefined();
    expect(pages.get('private', secondPage)).toBeUndefined();
    expect(pages.get('private', buyerPage)).toBeDefined();
    const { run, created } = (await response.json()) as {
      run: {
        id: number;
        status: string;
        hasFile: boolean;
        totals: { status: string; count: number; amount: number }[];
      };
      created: boolean;
    };
    expect(created).toBe(true);
    expect(run).toMatchObject({ status: 'completed', hasFile: true });
    januaryRunId = run.id;

    const [payout] = await payoutsOf(seller);
    const recorded = sum(sellerItems.map((item) => item.sellerShareMinor));
    expect(payout).toMatchObject({ period: '2024-01', currency: 'EUR', status: 'paid', amount: recorded });
    // Not what today's tier would give.
    expect(recorded).not.toBe(sum(sellerItems.map((item) => Math.round((item.netMinor * 5000) / 10_000))));
    expect(payout!.creditNote).toMatchObject({ number: expect.stringMatching(/^GS-\d{4}-\d{6}$/), total: recorded });
    const lines = await linesOf(payout!.id);
    expect(lines.map((line) => line.orderItemId).sort((a, b) => a - b)).toEqual(
      sellerItems.map((item) => item.id).sort((a, b) => a - b),
    );
    expect(lines.every((line) => line.kind === 'sale')).toBe(true);
    expect(lines.some((line) => line.orderItemId === february.items[0]!.id)).toBe(false);

    // The credit note copies the lines with the share recorded at the sale, and the seller as now.
    const [note] = await getDb().select().from(t.creditNotes).where(eq(t.creditNotes.id, payout!.creditNote!.id));
    expect((note!.lines as { shareBasisPoints: number }[]).map((line) => line.shareBasisPoints)).toEqual([
      6000, 6000, 6000, 6000,
    ]);
    expect(note!.seller).toMatchObject({ accountHolder: 'Frau Demo', ibanEnd: '4931' });
    expect(note).toMatchObject({ period: '2024-01', salesMinor: recorded, refundsMinor: 0, totalMinor: recorded });

    // The second seller is paid too; the third, without bank details, is held with nothing settled.
    const [secondPayout] = await payoutsOf(second);
    expect(secondPayout).toMatchObject({ period: '2024-01', status: 'paid' });
    const [held] = await getDb()
      .select()
      .from(t.payouts)
      .where(and(eq(t.payouts.runId, run.id), eq(t.payouts.sellerId, thirdId)));
    expect(held).toMatchObject({ status: 'held_no_bank_details', creditNoteId: null, iban: null });
    expect((await linesOf(held!.id)).map((line) => line.kind)).toEqual(['carry']);
    numbers.push(payout!.creditNote!.number, secondPayout!.creditNote!.number);
  });

  it('does nothing new when the same month is run again', async () => {
    const count = async () =>
      (await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM payout_lines`)).rows[0]!.n;
    const before = await count();
    const again = await post(runRoute, '/api/v3/admin/payout-runs?world=de', admin, { period: '2024-01' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false, run: { id: januaryRunId } });
    expect((await runPayouts('2024-01')).run.id).toBe(januaryRunId);
    expect(await count()).toBe(before);
    expect(await payoutsOf(seller)).toHaveLength(1);
  });

  it('writes a pain.001 file with exactly the paid euro payouts', async () => {
    const xml = await fileOf(admin, januaryRunId);
    const paid = await getDb()
      .select({ amount: t.payouts.amountMinor, iban: t.payouts.iban, number: t.creditNotes.number })
      .from(t.payouts)
      .innerJoin(t.creditNotes, eq(t.creditNotes.id, t.payouts.creditNoteId))
      .where(and(eq(t.payouts.runId, januaryRunId), eq(t.payouts.status, 'paid'), eq(t.payouts.currency, 'EUR')))
      .orderBy(t.payouts.id);
    expect(paid).toHaveLength(2);
    expect(transfersIn(xml)).toEqual(
      paid.map((payout) => ({
        endToEndId: payout.number,
        amount: (payout.amount / 100).toFixed(2),
        iban: payout.iban,
      })),
    );
    expect(xml).toContain(`<NbOfTxs>2</NbOfTxs>`);
    expect(xml).toContain(`<CtrlSum>${(sum(paid.map((payout) => payout.amount)) / 100).toFixed(2)}</CtrlSum>`);
    // The second seller's name as SEPA writes it; the held seller is not in the file.
    expect(xml).toContain('<Nm>Joerg Mueller + Soehne</Nm>');
    expect(xml).not.toMatch(/<Müller>|&amp;/);
    expect(xml).toContain('<IBAN>DE44500105175407324931</IBAN>');
    const [{ filePath }] = (await getDb()
      .select({ filePath: t.payoutRuns.filePath })
      .from(t.payoutRuns)
      .where(eq(t.payoutRuns.id, januaryRunId))) as [{ filePath: string }];
    expect(filePath).toMatch(/^payouts\/2024-01-[0-9a-f]+\.xml$/);
    // An unknown run has no file.
    const missing = await get(runFileRoute, '/api/v3/admin/payout-runs/999999/file?world=de', admin, { id: '999999' });
    expect(missing.status).toBe(404);
  });

  it('takes a refunded payout back in the next run, never pays a sale refunded before payout, pays held money once details exist', async () => {
    // One of January's paid sales is refunded in February.
    const refunded = sellerItems[0]!;
    await refundOrder(refunded.orderId, { itemIds: [refunded.id], to: 'credit' }, new Date('2024-02-05T10:00:00Z'));
    // A February sale refunded before any payout, and one more that is paid.
    const [own, another] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(
        and(
          eq(t.materials.authorId, seller.userId),
          eq(t.materials.isActive, true),
          sql`${t.materials.title} LIKE '%Auszahlung%'`,
          sql`NOT EXISTS (SELECT 1 FROM licences l WHERE l.material_id = ${t.materials.id} AND l.user_id = ${buyer.userId})`,
        ),
      )
      .orderBy(t.materials.id)
      .limit(2);
    const never = await buyAt(buyer.userId, [own!.id], '2024-02-10T00:00:00Z');
    await buyAt(buyer.userId, [another!.id], '2024-02-12T00:00:00Z');
    await refundOrder(never.order.id, { itemIds: 'all', to: 'credit' }, new Date('2024-02-11T00:00:00Z'));
    // The third seller adds bank details: the held January money is paid with February.
    await saveBankDetails(
      thirdId,
      bankDetailsSchema.parse({ account_holder: 'Dritte Autorin', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }),
    );
    // The second seller sells below the minimum in February.
    const [cheap] = await materialsOf(second.userId, 1, 999);
    const small = await buyAt(buyer.userId, [cheap!], '2024-02-15T00:00:00Z');
    expect(small.items[0]!.sellerShareMinor).toBeLessThan(1000);

    const { run, created } = await runPayouts('2024-02');
    expect(created).toBe(true);
    const [february] = await payoutsOf(seller);
    const februarySale = await getDb()
      .select()
      .from(t.orderItems)
      .where(
        and(
          eq(t.orderItems.sellerId, seller.userId),
          sql`${t.orderItems.orderId} IN (
          SELECT id FROM orders WHERE paid_at >= '2024-02-01' AND paid_at < '2024-03-01')`,
        ),
      );
    const paidSales = februarySale.filter((item) => item.refundedAt === null);
    expect(paidSales).toHaveLength(2);
    expect(february).toMatchObject({
      period: '2024-02',
      status: 'paid',
      amount: sum(paidSales.map((item) => item.sellerShareMinor)) - refunded.sellerShareMinor,
    });
    const lines = await linesOf(february!.id);
    expect(lines).toEqual(
      [
        { orderItemId: refunded.id, kind: 'refund', amount: -refunded.sellerShareMinor },
        ...paidSales.map((item) => ({ orderItemId: item.id, kind: 'sale', amount: item.sellerShareMinor })),
      ].sort((a, b) => a.orderItemId - b.orderItemId),
    );
    expect(lines.some((line) => line.orderItemId === never.items[0]!.id)).toBe(false);
    const [note] = await getDb().select().from(t.creditNotes).where(eq(t.creditNotes.id, february!.creditNote!.id));
    expect(note).toMatchObject({ refundsMinor: -refunded.sellerShareMinor, totalMinor: february!.amount });

    // Below the minimum: carried over, nothing settled, no credit note.
    const [secondFebruary] = await payoutsOf(second);
    expect(secondFebruary).toMatchObject({
      period: '2024-02',
      status: 'carried_over',
      amount: small.items[0]!.sellerShareMinor,
      creditNote: null,
    });
    // Held in January, paid now: the same line, settled once.
    const [third] = await getDb()
      .select()
      .from(t.payouts)
      .where(and(eq(t.payouts.runId, run.id), eq(t.payouts.sellerId, thirdId)));
    expect(third).toMatchObject({ status: 'paid', iban: 'DE02120300000000202051' });
    expect((await linesOf(third!.id)).map((line) => line.kind)).toEqual(['sale']);

    const xml = await fileOf(admin, run.id);
    expect(transfersIn(xml).map((transfer) => transfer.iban)).toEqual([
      'DE44500105175407324931',
      'DE02120300000000202051',
    ]);
    numbers.push(february!.creditNote!.number);
    const [{ number: thirdNumber }] = (await getDb()
      .select({ number: t.creditNotes.number })
      .from(t.creditNotes)
      .where(eq(t.creditNotes.id, third!.creditNoteId!))) as [{ number: string }];
    numbers.push(thirdNumber);
  });

  it('pays a carried balance with the next month’s sales, exactly', async () => {
    const [material] = await materialsOf(second.userId, 1, 4999);
    const march = await buyAt(buyer.userId, [material!], '2024-03-03T00:00:00Z');
    const [february] = await payoutsOf(second);
    await runPayouts('2024-03');
    const [paid] = await payoutsOf(second);
    expect(paid).toMatchObject({
      period: '2024-03',
      status: 'paid',
      amount: february!.amount + march.items[0]!.sellerShareMinor,
    });
    expect((await linesOf(paid!.id)).map((line) => line.kind)).toEqual(['sale', 'sale']);
    // Nothing for the demo seller in March.
    expect((await payoutsOf(seller)).map((payout) => payout.period)).toEqual(['2024-02', '2024-01']);
    numbers.push(paid!.creditNote!.number);
  });

  it('numbers credit notes without gaps in their own series, apart from the invoices', async () => {
    const year = new Date().getUTCFullYear();
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((n) => `GS-${year}-${String(n).padStart(6, '0')}`));
    const counters = await getDb().select().from(t.documentCounters).where(eq(t.documentCounters.year, year));
    expect(counters.find((counter) => counter.series === 'GS')?.lastSequence).toBe(5);
    // The checkouts above issued invoices all the while, in their own series.
    const invoices = await getDb()
      .select({ number: t.invoices.number })
      .from(t.invoices)
      .where(and(eq(t.invoices.year, year), eq(t.invoices.series, 'RE')));
    expect(invoices.length).toBeGreaterThan(5);
    expect(counters.find((counter) => counter.series === 'RE')?.lastSequence).toBe(invoices.length);
    expect(invoices.every((invoice) => invoice.number.startsWith(`RE-${year}-`))).toBe(true);
  });

  it('makes one run of a month asked for twice at once', async () => {
    const [material] = await materialsOf(second.userId, 1, 4999);
    await buyAt(buyer.userId, [material!], '2024-04-20T00:00:00Z');
    const [a, b] = await Promise.all([runPayouts('2024-04'), runPayouts('2024-04')]);
    expect(a.run.id).toBe(b.run.id);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    const [april] = await payoutsOf(second);
    expect(april).toMatchObject({ period: '2024-04', status: 'paid' });
    expect(await linesOf(april!.id)).toHaveLength(1);
  });

  it('refuses months that have not ended, months before an existing run, and malformed ones', async () => {
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const ask = (period: unknown) => post(runRoute, '/api/v3/admin/payout-runs?world=de', admin, { period });
    const notEnded = await ask(current);
    expect(notEnded.status).toBe(409);
    expect(await notEnded.json()).toMatchObject({ error: { details: { reason: 'period_not_ended' } } });
    const older = await ask('2023-12');
    expect(older.status).toBe(409);
    expect(await older.json()).toMatchObject({ error: { details: { reason: 'later_run_exists' } } });
    expect((await ask('2024-13')).status).toBe(400);
    expect((await ask(202401)).status).toBe(400);
    // Sellers and buyers are not admins.
    expect((await post(runRoute, '/api/v3/admin/payout-runs?world=de', seller, { period: '2024-05' })).status).toBe(
      403,
    );
    const list = await get(runsRoute, '/api/v3/admin/payout-runs?world=de', admin);
    const { runs } = (await list.json()) as { runs: { period: string }[] };
    expect(runs.map((run) => run.period)).toEqual(['2024-04', '2024-03', '2024-02', '2024-01']);
  });

  it('gives a seller their own credit note as a stored PDF, and nobody else', async () => {
    const [, january] = await payoutsOf(seller);
    const id = String(january!.creditNote!.id);
    const path = `/api/v3/seller/credit-notes/${id}/pdf?world=de`;
    const response = await get(creditNotePdfRoute, path, seller, { id });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${january!.creditNote!.number}.pdf"; filename*=UTF-8''${january!.creditNote!.number}.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Gutschrift ${january!.creditNote!.number}`);
    const [{ storagePath }] = (await getDb()
      .select({ storagePath: t.creditNotes.storagePath })
      .from(t.creditNotes)
      .where(eq(t.creditNotes.id, Number(id)))) as [{ storagePath: string }];
    expect(storagePath).toMatch(new RegExp(`^credit-notes/${id}-[0-9a-f]+\\.pdf$`));
    expect((await getStorage().read(storagePath))!.equals(bytes)).toBe(true);
    // The second download serves the stored file.
    expect(Buffer.from(await (await get(creditNotePdfRoute, path, seller, { id })).arrayBuffer()).equals(bytes)).toBe(
      true,
    );
    // Another seller, a buyer who does not sell: 404 and 403, the note's existence unconfirmed.
    const foreign = await get(creditNotePdfRoute, path, second, { id });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: { details: { reason: 'credit_note_not_found' } } });
    expect((await get(creditNotePdfRoute, path, buyer, { id })).status).toBe(403);
    expect(
      (await get(creditNotePdfRoute, '/api/v3/seller/credit-notes/999999/pdf?world=de', seller, { id: '999999' }))
        .status,
    ).toBe(404);
  });

  it('shows the seller their payouts and credit notes on the fees page', async () => {
    const props = (userId: number | null) => ({
      world: getWorld('de'),
      route: getRoute('cabinet-fees'),
      params: {},
      query: {},
      userId,
    });
    const page = await renderHtml(await FeesPage.render(props(second.userId)));
    expect(page.match(/<tr data-status=/g)).toHaveLength(4);
    expect(page).toContain(german.fees.status.carried_over.replace('{minimum}', eur(1000)));
    expect(page).toContain('data-status="carried_over"');
    expect(page).toContain('April 2024');
    const notes = [...page.matchAll(/href="\/api\/v3\/seller\/credit-notes\/(\d+)\/pdf\?world=de"/g)];
    expect(notes).toHaveLength(3);

    // Without bank details: held, with the way to add them.
    await getDb().delete(t.bankDetails).where(eq(t.bankDetails.userId, second.userId));
    const [material] = await materialsOf(second.userId, 1, 4999);
    await buyAt(buyer.userId, [material!], '2024-05-02T00:00:00Z');
    await runPayouts('2024-05');
    const held = await renderHtml(await FeesPage.render(props(second.userId)));
    expect(held).toContain(german.fees.status.held_no_bank_details);
    expect(held).toContain(`href="${pathFor('de', 'cabinet-bank-details')}"`);

    const notSeller = await renderHtml(await FeesPage.render(props(buyer.userId)));
    expect(notSeller).toContain(german.fees.notSeller);
  });

  it('runs the month before today from the daily job, once', async () => {
    const expected = previousPeriod(new Date());
    expect(payoutRunJob.everySeconds).toBe(24 * 60 * 60);
    await enqueue(payoutRunJob, {});
    expect(await drainJobs()).toBeGreaterThanOrEqual(1);
    const runs = await getDb().select().from(t.payoutRuns).where(eq(t.payoutRuns.period, expected));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('completed');
    // The next day's check finds the run and adds nothing.
    await enqueue(payoutRunJob, {});
    await drainJobs();
    expect(await getDb().select().from(t.payoutRuns).where(eq(t.payoutRuns.period, expected))).toHaveLength(1);
  });
});
