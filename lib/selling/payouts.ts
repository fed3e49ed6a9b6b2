/**
 * Monthly payouts to sellers. The platform sells in its own name (deemed supplier) and pays each
 * seller their share by self-billing credit note: a run per month ('YYYY-MM', UTC) adds up, per
 * seller and currency, the shares recorded with each sale and takes back shares of items refunded
 * after they were paid; it records the payouts and numbers their credit notes in one transaction,
 * then hands the paid payouts to the payout provider (a SEPA credit transfer file).
 *
 * The rules (decided in lib/selling/payout-plan.ts):
 * - a sale is due with the share recorded when it was sold (the tier of that moment), once its
 *   order was paid before the period's end, unless it was refunded before it was paid out;
 * - a sale paid out and refunded later is taken back, in full, by the first run whose period
 *   ends after the refund (the run of the month it was refunded);
 * - a sum below MINIMUM_PAYOUT_EUR_MINOR (or not positive) is carried over, and so is a seller's
 *   money without bank details or in a currency no provider pays: nothing of it is settled, so the
 *   next run adds up the same items again;
 * - no sale and no refund is settled twice (a unique index on payout_lines says so too).
 *
 * This module runs in job workers under plain Node: no `server-only`, no `next/*`.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { applyTagsLocally, publishTags } from '@/lib/cache/bus';
import { TAGS } from '@/lib/cache/tags';
import { CREDIT_NOTE_SERIES, documentNumberSql, reserveDocumentNumbersCte } from '@/lib/commerce/document-numbers';
import { PLATFORM } from '@/lib/commerce/platform';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { testPaymentsEnabled } from '@/lib/env';
import { defineJob, SWEEP_JOB_RULES } from '@/lib/jobs/registry';
import { notifyPayouts } from '@/lib/notifications/producers';
import { getStorage } from '@/lib/storage/storage';
import { vatIncluded } from '@/lib/money/money';
import { getWorld, isWorldCode, type WorldCode } from '@/lib/worlds/worlds';
import {
  renderCreditNotePdf,
  type CreditNoteDocument,
  type CreditNoteIssuer,
  type CreditNoteLine,
  type CreditNoteSeller,
} from './credit-note-pdf';
import { electronicIban } from './pain001';
import {
  minimumPayoutMinor,
  PERIOD_PATTERN,
  periodBounds,
  planPayouts,
  previousPeriod,
  type PayoutItem,
  type PayoutStatus,
  type PlannedPayout,
} from './payout-plan';
import { getPayoutProvider, type PayoutProvider, type ProviderPayout } from './payout-providers';

/** A period as the API takes it. */
export const periodSchema = z
  .string()
  .regex(PERIOD_PATTERN, 'Expected a month as YYYY-MM')
  .refine((value) => Number(value.slice(0, 4)) >= 2000, 'Expected a month from 2000 on');

/** A run as admins see it: its state, whether it has a file, and its payouts summed up. */
export interface PayoutRunView {
  id: number;
  period: string;
  status: 'recorded' | 'completed';
  provider: string;
  createdAt: string;
  finishedAt: string | null;
  hasFile: boolean;
  /** Per status and currency: how many payouts and their sum (minor units). */
  totals: { status: PayoutStatus; currency: string; count: number; amount: number }[];
}

/** An order item as the run reads it: what the plan needs and what a credit note prints. */
interface ItemRow extends PayoutItem {
  orderReference: string;
  title: string;
  licence: string;
  netMinor: number;
  shareBasisPoints: number;
}

interface SellerRow {
  id: number;
  publicName: string;
  world: string;
  accountHolder: string | null;
  iban: string | null;
  bic: string | null;
  fullName: string | null;
  company: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  countryCode: string | null;
  vatId: string | null;
}

/**
 * Runs take turns: two at once (the daily job and an admin) would add up the same items. The
 * lock is held by the run's transaction and released with it.
 */
const PAYOUT_RUN_LOCK = 'kreide:payout-run';

/**
 * The order items a run may settle, in one statement (one snapshot): never paid out, of an
 * order paid before `end`, not refunded and with a share; or paid out, refunded before `end`, and
 * not yet taken back. Test payments moved no money and count only where they are offered (the
 * demo and the tests), never in a deployment that has them off.
 */
async function readDueItems(tx: Database, end: Date): Promise<ItemRow[]> {
  const includeTest = testPaymentsEnabled();
  const result = await tx.execute<Record<string, unknown>>(sql`
    SELECT i.id AS order_item_id, i.seller_id, o.currency, o.reference, o.paid_at, i.refunded_at, i.title,
           i.licence, i.charged_gross_minor, o.vat_rate_basis_points, i.seller_share_basis_points, i.seller_share_minor,
           sale.amount_minor AS paid_out_minor
    FROM order_items i
    JOIN orders o ON o.id = i.order_id
    LEFT JOIN payout_lines sale ON sale.order_item_id = i.id AND sale.kind = 'sale'
    WHERE (sale.order_item_id IS NULL AND i.refunded_at IS NULL AND i.seller_share_minor <> 0
           AND o.paid_at IS NOT NULL AND o.paid_at < ${end} AND o.status IN ('paid', 'refunded')
           AND (${includeTest}::boolean OR o.provider <> 'test'))
       OR (sale.order_item_id IS NOT NULL AND i.refunded_at < ${end}
           AND NOT EXISTS (SELECT 1 FROM payout_lines r WHERE r.order_item_id = i.id AND r.kind = 'refund'))
    ORDER BY i.id`);
  return result.rows.map((row) => ({
    orderItemId: Number(row.order_item_id),
    sellerId: Number(row.seller_id),
    currency: String(row.currency),
    shareMinor: Number(row.seller_share_minor),
    paidAt: new Date(row.paid_at as string | Date),
    refundedAt: row.refunded_at === null ? null : new Date(row.refunded_at as string | Date),
    paidOutMinor: row.paid_out_minor === null ? null : Number(row.paid_out_minor),
    refundSettled: false,
    orderReference: String(row.reference),
    title: String(row.title),
    licence: String(row.licence),
    // The share was taken of the net of the undiscounted price (vouchers are the platform's).
    netMinor:
      Number(row.charged_gross_minor) - vatIncluded(Number(row.charged_gross_minor), Number(row.vat_rate_basis_points)),
    shareBasisPoints: Number(row.seller_share_basis_points),
  }));
}

/** The sellers of a run: their world, bank details and billing address as they are now. */
async function readSellers(tx: Database, sellerIds: number[]): Promise<Map<number, SellerRow>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: t.users.id,
      publicName: t.users.publicName,
      world: t.users.world,
      accountHolder: t.bankDetails.accountHolder,
      iban: t.bankDetails.iban,
      bic: t.bankDetails.bic,
      fullName: t.billingAddresses.fullName,
      company: t.billingAddresses.company,
      street: t.billingAddresses.street,
      postalCode: t.billingAddresses.postalCode,
      city: t.billingAddresses.city,
      countryCode: t.billingAddresses.countryCode,
      vatId: t.billingAddresses.vatId,
    })
    .from(t.users)
    .leftJoin(t.bankDetails, eq(t.bankDetails.userId, t.users.id))
    .leftJoin(t.billingAddresses, eq(t.billingAddresses.userId, t.users.id))
    .where(sql`${t.users.id} = ANY(${`{${sellerIds.join(',')}}`}::int[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The seller as a credit note prints them: the billing address when there is one. */
function sellerSnapshot(seller: SellerRow): CreditNoteSeller {
  const iban = electronicIban(seller.iban ?? '');
  return {
    name: seller.fullName ?? seller.accountHolder ?? seller.publicName,
    company: seller.company,
    street: seller.street,
    postalCode: seller.postalCode,
    city: seller.city,
    countryCode: seller.countryCode,
    vatId: seller.vatId,
    accountHolder: seller.accountHolder ?? seller.publicName,
    ibanEnd: iban.slice(-4),
  };
}

const ISSUER: CreditNoteIssuer = {
  name: PLATFORM.name,
  street: PLATFORM.street,
  postalCode: PLATFORM.postalCode,
  city: PLATFORM.city,
  country: PLATFORM.country,
  vatId: PLATFORM.vatId,
};

/** The printed lines of a paid payout, from the items the run read. */
function creditNoteLines(payout: PlannedPayout, items: Map<number, ItemRow>): CreditNoteLine[] {
  return payout.lines.map((line) => {
    const item = items.get(line.orderItemId)!;
    return {
      orderItemId: item.orderItemId,
      kind: line.due,
      orderReference: item.orderReference,
      date: (line.due === 'refund' ? item.refundedAt! : item.paidAt).toISOString(),
      title: item.title,
      licence: item.licence,
      netMinor: item.netMinor,
      shareBasisPoints: item.shareBasisPoints,
      amountMinor: line.amountMinor,
    };
  });
}

/**
 * Issues the credit notes of a run's paid payouts in the run's transaction, in one statement: a
 * block of consecutive numbers of their own series (GS-2026-000001, …) is taken from the counter
 * row and each note gets the next one, in the plan's order (by seller, then currency), with
 * issuer, seller and lines copied in. Returns the note's id per seller and currency.
 */
async function issueCreditNotes(
  tx: Database,
  period: string,
  paid: PlannedPayout[],
  sellers: Map<number, SellerRow>,
  items: Map<number, ItemRow>,
  now: Date,
): Promise<Map<string, number>> {
  if (paid.length === 0) return new Map();
  const year = now.getUTCFullYear();
  const input = paid.map((payout, ord) => {
    const seller = sellers.get(payout.sellerId)!;
    const lines = creditNoteLines(payout, items);
    const sales = lines.filter((line) => line.kind === 'sale').reduce((sum, line) => sum + line.amountMinor, 0);
    return {
      ord,
      seller_id: payout.sellerId,
      currency: payout.currency,
      world: isWorldCode(seller.world) ? seller.world : 'de',
      seller: sellerSnapshot(seller),
      lines,
      sales_minor: sales,
      refunds_minor: payout.amountMinor - sales,
      total_minor: payout.amountMinor,
    };
  });
  const sequence = sql`document_block.first_sequence + x.ord`;
  const result = await tx.execute<{ id: number; seller_id: number; currency: string }>(sql`
    WITH ${reserveDocumentNumbersCte(CREDIT_NOTE_SERIES, year, paid.length)}
    INSERT INTO ${t.creditNotes} (series, year, sequence, number, seller_id, period, currency, world, issuer, seller,
                                  lines, sales_minor, refunds_minor, total_minor, issued_at)
    SELECT ${CREDIT_NOTE_SERIES}, ${year}, ${sequence}, ${documentNumberSql(CREDIT_NOTE_SERIES, year, sequence)},
           x.seller_id, ${period}, x.currency, x.world, ${JSON.stringify(ISSUER)}::jsonb, x.seller, x.lines,
           x.sales_minor, x.refunds_minor, x.total_minor, ${now}
    FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
           AS x(ord int, seller_id int, currency text, world text, seller jsonb, lines jsonb, sales_minor int,
                refunds_minor int, total_minor int)
    CROSS JOIN document_block
    ORDER BY x.ord
    RETURNING id, seller_id, currency`);
  return new Map(result.rows.map((row) => [`${row.seller_id}|${row.currency}`, Number(row.id)]));
}

/**
 * Writes the payouts and their lines in one statement (data-modifying CTE): each payout with its
 * credit note and, when paid, the bank account it is paid to, copied in.
 */
async function recordPayouts(
  tx: Database,
  runId: number,
  planned: PlannedPayout[],
  sellers: Map<number, SellerRow>,
  notes: Map<string, number>,
  now: Date,
): Promise<void> {
  const payoutRows = planned.map((payout) => {
    const seller = sellers.get(payout.sellerId);
    const paid = payout.status === 'paid';
    return {
      seller_id: payout.sellerId,
      currency: payout.currency,
      amount_minor: payout.amountMinor,
      status: payout.status,
      credit_note_id: paid ? (notes.get(`${payout.sellerId}|${payout.currency}`) ?? null) : null,
      account_holder: paid ? seller!.accountHolder : null,
      iban: paid && seller!.iban ? electronicIban(seller!.iban) : null,
      bic: paid ? seller!.bic : null,
    };
  });
  const lineRows = planned.flatMap((payout) =>
    payout.lines.map((line) => ({
      seller_id: payout.sellerId,
      currency: payout.currency,
      order_item_id: line.orderItemId,
      kind: line.kind,
      amount_minor: line.amountMinor,
    })),
  );
  await tx.execute(sql`
    WITH inserted AS (
      INSERT INTO ${t.payouts} (run_id, seller_id, currency, amount_minor, status, credit_note_id, account_holder,
                                iban, bic, created_at)
      SELECT ${runId}, x.seller_id, x.currency, x.amount_minor, x.status, x.credit_note_id, x.account_holder, x.iban,
             x.bic, ${now}
      FROM jsonb_to_recordset(${JSON.stringify(payoutRows)}::jsonb)
             AS x(seller_id int, currency text, amount_minor int, status text, credit_note_id int, account_holder text,
                  iban text, bic text)
      RETURNING id, seller_id, currency
    )
    INSERT INTO ${t.payoutLines} (payout_id, order_item_id, kind, amount_minor)
    SELECT inserted.id, l.order_item_id, l.kind, l.amount_minor
    FROM jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb)
           AS l(seller_id int, currency text, order_item_id int, kind text, amount_minor int)
    JOIN inserted ON inserted.seller_id = l.seller_id AND inserted.currency = l.currency`);
}

/**
 * Hands a recorded run's paid payouts to the provider and stores its file under
 * `payouts/<period>-<random>.xml` (private storage), then marks the run completed. Outside the
 * run's transaction (no I/O inside one); the provider's answer depends only on what the run
 * recorded, so a run whose process died before this point is completed later, by the next call
 * for its period, with the same transfers. Of two processes completing one run, the second's
 * file is removed again.
 */
async function completeRun(runId: number, provider: PayoutProvider, now: Date = new Date()): Promise<void> {
  const db = getDb();
  const [run] = await db.select().from(t.payoutRuns).where(eq(t.payoutRuns.id, runId));
  if (!run || run.status === 'completed') return;
  const rows = await db
    .select({
      id: t.payouts.id,
      sellerId: t.payouts.sellerId,
      currency: t.payouts.currency,
      amountMinor: t.payouts.amountMinor,
      accountHolder: t.payouts.accountHolder,
      iban: t.payouts.iban,
      bic: t.payouts.bic,
      creditNoteNumber: t.creditNotes.number,
    })
    .from(t.payouts)
    .innerJoin(t.creditNotes, eq(t.creditNotes.id, t.payouts.creditNoteId))
    .where(and(eq(t.payouts.runId, runId), eq(t.payouts.status, 'paid')))
    .orderBy(asc(t.payouts.id));
  const payouts: ProviderPayout[] = rows
    .filter((row) => provider.currencies.includes(row.currency))
    .map((row) => ({ ...row, accountHolder: row.accountHolder ?? '', iban: row.iban ?? '' }));
  const handed =
    payouts.length > 0
      ? await provider.submit({ id: run.id, period: run.period, createdAt: run.createdAt }, payouts)
      : {};
  let filePath: string | null = null;
  if (handed.file) {
    filePath = `payouts/${run.period}-${crypto.randomBytes(12).toString('hex')}.xml`;
    await getStorage().put(filePath, handed.file);
  }
  const done = await db
    .update(t.payoutRuns)
    .set({ status: 'completed', filePath, finishedAt: now })
    .where(and(eq(t.payoutRuns.id, runId), eq(t.payoutRuns.status, 'recorded')))
    .returning({ id: t.payoutRuns.id });
  if (done.length === 0 && filePath) await getStorage().remove(filePath);
}

/**
 * The payouts and credit notes a run recorded show on its sellers' cabinets: their cached copies
 * go, here and in the other processes.
 */
async function expireCabinetsOfRun(runId: number): Promise<void> {
  const sellers = await getDb()
    .selectDistinct({ sellerId: t.payouts.sellerId })
    .from(t.payouts)
    .where(eq(t.payouts.runId, runId));
  const tags = sellers.map((row) => TAGS.seller(row.sellerId));
  if (tags.length === 0) return;
  applyTagsLocally(tags);
  await publishTags(tags);
}

/** A run with its payouts summed up per status and currency. */
async function runView(db: Database, run: typeof t.payoutRuns.$inferSelect): Promise<PayoutRunView> {
  const totals = await db
    .select({
      status: t.payouts.status,
      currency: t.payouts.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${t.payouts.amountMinor}), 0)::int`,
    })
    .from(t.payouts)
    .where(eq(t.payouts.runId, run.id))
    .groupBy(t.payouts.status, t.payouts.currency)
    .orderBy(t.payouts.status, t.payouts.currency);
  return {
    id: run.id,
    period: run.period,
    status: run.status,
    provider: run.provider,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    hasFile: run.filePath !== null,
    totals,
  };
}

/**
 * The payout run of `period` ('YYYY-MM'): made now if there is none, otherwise the existing one
 * (completed first if its provider step was interrupted), so calling it twice pays nothing twice.
 * One transaction records the whole run — the run row, every payout, its lines and the credit
 * notes with their numbers — so a failure leaves nothing behind and gives the numbers back, and a
 * run is never half-paid; runs take turns under an advisory lock. Refused (409) for a month that
 * has not ended (`period_not_ended`) and for one older than an existing run (`later_run_exists`):
 * a later run has already settled everything an older one would.
 */
export async function runPayouts(
  period: string,
  options: { now?: Date; provider?: PayoutProvider } = {},
): Promise<{ run: PayoutRunView; created: boolean }> {
  const bounds = periodBounds(period);
  if (!bounds) throw new AppError('validation_failed', undefined, [{ path: 'period', message: 'Expected YYYY-MM' }]);
  const now = options.now ?? new Date();
  if (bounds.end > now) throw new AppError('conflict', undefined, { reason: 'period_not_ended' });
  const provider = options.provider ?? getPayoutProvider();
  const db = getDb();
  const existing = async () => {
    const [run] = await db.select().from(t.payoutRuns).where(eq(t.payoutRuns.period, period));
    return run ?? null;
  };
  let run = await existing();
  let created = false;
  if (!run) {
    const runId = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${PAYOUT_RUN_LOCK}))`);
      const inserted = await tx.execute<{ id: number }>(sql`
        INSERT INTO ${t.payoutRuns} (period, status, provider, created_at)
        SELECT ${period}, 'recorded', ${provider.name}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM payout_runs WHERE period > ${period})
        ON CONFLICT (period) DO NOTHING
        RETURNING id`);
      if (inserted.rows.length === 0) return null;
      const id = Number(inserted.rows[0]!.id);
      const items = await readDueItems(tx, bounds.end);
      const sellers = await readSellers(tx, [...new Set(items.map((item) => item.sellerId))]);
      const planned = planPayouts(items, {
        periodEnd: bounds.end,
        canPay: (currency) => provider.currencies.includes(currency),
        hasBankDetails: (sellerId) => Boolean(sellers.get(sellerId)?.iban),
        minimumMinor: minimumPayoutMinor,
      });
      if (planned.length > 0) {
        const byId = new Map(items.map((item) => [item.orderItemId, item]));
        const paid = planned.filter((payout) => payout.status === 'paid');
        const notes = await issueCreditNotes(tx, period, paid, sellers, byId, now);
        await recordPayouts(tx, id, planned, sellers, notes, now);
        await notifyPayouts(tx, period, paid);
      }
      return id;
    });
    run = await existing();
    if (!run) throw new AppError('conflict', undefined, { reason: 'later_run_exists' });
    created = runId !== null && run.id === runId;
  }
  if (run.status !== 'completed') {
    await completeRun(run.id, provider);
    run = (await existing())!;
    await expireCabinetsOfRun(run.id);
  }
  return { run: await runView(db, run), created };
}

/** Every run, newest period first (admins). */
export async function listPayoutRuns(db: Database, limit = 60): Promise<PayoutRunView[]> {
  const runs = await db.select().from(t.payoutRuns).orderBy(desc(t.payoutRuns.period)).limit(limit);
  return Promise.all(runs.map((run) => runView(db, run)));
}

/** A run's provider file (the pain.001 transfer order) for an admin to download; null when none. */
export async function payoutRunFile(db: Database, runId: number): Promise<{ bytes: Buffer; name: string } | null> {
  const [run] = await db.select().from(t.payoutRuns).where(eq(t.payoutRuns.id, runId));
  if (!run?.filePath) return null;
  const bytes = await getStorage().read(run.filePath);
  return bytes ? { bytes, name: `kreide-payouts-${run.period}-pain.001.xml` } : null;
}

/** One of a seller's payouts as their page and the API show it. */
export interface SellerPayout {
  id: number;
  period: string;
  currency: string;
  /** Minor units; zero or negative when refunds outweighed sales (carried over). */
  amount: number;
  status: PayoutStatus;
  createdAt: string;
  creditNote: { id: number; number: string; issuedAt: string; total: number } | null;
}

/** The seller's payouts with their credit notes, newest period first. */
export async function listSellerPayouts(db: Database, sellerId: number): Promise<SellerPayout[]> {
  const rows = await db
    .select({
      id: t.payouts.id,
      period: t.payoutRuns.period,
      currency: t.payouts.currency,
      amount: t.payouts.amountMinor,
      status: t.payouts.status,
      createdAt: t.payouts.createdAt,
      noteId: t.creditNotes.id,
      noteNumber: t.creditNotes.number,
      noteIssuedAt: t.creditNotes.issuedAt,
      noteTotal: t.creditNotes.totalMinor,
    })
    .from(t.payouts)
    .innerJoin(t.payoutRuns, eq(t.payoutRuns.id, t.payouts.runId))
    .leftJoin(t.creditNotes, eq(t.creditNotes.id, t.payouts.creditNoteId))
    .where(eq(t.payouts.sellerId, sellerId))
    .orderBy(desc(t.payoutRuns.period), asc(t.payouts.currency));
  return rows.map((row) => ({
    id: row.id,
    period: row.period,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    creditNote:
      row.noteId === null
        ? null
        : { id: row.noteId, number: row.noteNumber!, issuedAt: row.noteIssuedAt!.toISOString(), total: row.noteTotal! },
  }));
}

/** The signed-in seller's payouts for the cabinet's fees page. */
export function listPayoutsOf(sellerId: number): Promise<SellerPayout[]> {
  return listSellerPayouts(getDb(), sellerId);
}

/** A credit note row as the document its PDF is drawn from. */
function creditNoteDocument(row: typeof t.creditNotes.$inferSelect): CreditNoteDocument {
  return {
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    period: row.period,
    currency: row.currency,
    issuer: row.issuer as CreditNoteIssuer,
    seller: row.seller as CreditNoteSeller,
    lines: row.lines as CreditNoteLine[],
    totals: { sales: row.salesMinor, refunds: row.refundsMinor, total: row.totalMinor },
  };
}

/**
 * One of the seller's credit notes as a PDF; null for a note that is not theirs (a stranger
 * learns nothing, not even that it exists). Drawn on the first download from the data frozen at
 * issue and stored under `credit-notes/<id>-<random>.pdf`, so every later download gets the same
 * bytes; of two first downloads at once, the second keeps the first one's file.
 */
export async function sellerCreditNotePdf(
  db: Database,
  sellerId: number,
  creditNoteId: number,
): Promise<{ bytes: Buffer; name: string } | null> {
  const [row] = await db
    .select()
    .from(t.creditNotes)
    .where(and(eq(t.creditNotes.id, creditNoteId), eq(t.creditNotes.sellerId, sellerId)));
  if (!row) return null;
  const name = `${row.number}.pdf`;
  const storage = getStorage();
  if (row.storagePath) {
    const stored = await storage.read(row.storagePath);
    if (stored) return { bytes: stored, name };
  }
  const world = getWorld(isWorldCode(row.world) ? row.world : ('de' as WorldCode));
  const bytes = Buffer.from(await renderCreditNotePdf(creditNoteDocument(row), world.language, world.locale));
  const path = `credit-notes/${row.id}-${crypto.randomBytes(12).toString('hex')}.pdf`;
  await storage.put(path, bytes);
  // Only the first file is kept; a path whose file went missing is replaced.
  const kept = await db
    .update(t.creditNotes)
    .set({ storagePath: path })
    .where(
      and(
        eq(t.creditNotes.id, row.id),
        row.storagePath === null
          ? sql`${t.creditNotes.storagePath} IS NULL`
          : eq(t.creditNotes.storagePath, row.storagePath),
      ),
    )
    .returning({ id: t.creditNotes.id });
  if (kept.length === 0) await storage.remove(path);
  return { bytes, name };
}

/** How often the payout job looks for a month to pay out. */
export const PAYOUT_CHECK_SECONDS = 24 * 60 * 60;

/**
 * The monthly run, checked daily by the processes that run workers: it pays out the month before
 * the current one when that month has no run yet (on the 1st, or on the first day a worker runs
 * after it), and completes a run whose provider step was interrupted. Retried with back-off: a
 * failed run rolled back entirely, and a repeated call never pays twice.
 */
export const payoutRunJob = defineJob(
  {
    name: 'payout-run',
    schema: z.object({}).strict(),
    retryLimit: 5,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 3600,
    everySeconds: PAYOUT_CHECK_SECONDS,
    ...SWEEP_JOB_RULES,
  },
  async () => {
    const { run, created } = await runPayouts(previousPeriod(new Date()));
    return { period: run.period, runId: run.id, created };
  },
);
