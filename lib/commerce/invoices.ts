import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getWorld, isWorldCode } from '@/lib/worlds/worlds';
import { nextDocumentNumberCtes, type DocumentKind } from './document-numbers';
import type { BillingSnapshot, InvoiceDocument } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { PLATFORM } from './platform';

type OrderRow = typeof t.orders.$inferSelect;

/** The fields of an order line a document prints. */
export type InvoiceItem = Pick<
  typeof t.orderItems.$inferSelect,
  | 'title'
  | 'licence'
  | 'inBundle'
  | 'chargedGrossMinor'
  | 'voucherDiscountMinor'
  | 'vatMinor'
  | 'netMinor'
  | 'creditUsedMinor'
  | 'payableGrossMinor'
> & { id?: number };

/** An issued document: its id and number. */
export interface IssuedDocument {
  id: number;
  number: string;
}

/**
 * Issues the invoice of an order (or, for `cancellation`, the cancellation invoice of some of its
 * lines) inside the caller's transaction: the next gapless number, and a document with the
 * billing address and lines copied in, so that nothing done to the account later changes it.
 * Amounts of a cancellation are negative. `items` are the order's lines when the caller has them.
 */
export async function issueDocument(
  tx: Database,
  order: OrderRow,
  kind: DocumentKind,
  options: { itemIds?: number[]; cancelsInvoiceId?: number; now?: Date; items?: InvoiceItem[] } = {},
): Promise<IssuedDocument> {
  const now = options.now ?? new Date();
  const items: InvoiceItem[] =
    options.items ?? (await tx.select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id)));
  const chosen = options.itemIds ? items.filter((item) => options.itemIds!.includes(item.id!)) : items;
  const sign = kind === 'cancellation' ? -1 : 1;
  const lines = chosen
    .filter((item) => !item.inBundle)
    .map((item) => ({
      title: item.title,
      licence: item.licence,
      gross: sign * (item.chargedGrossMinor - item.voucherDiscountMinor),
      vat: sign * item.vatMinor,
      net: sign * item.netMinor,
    }));
  const sum = (pick: (item: (typeof chosen)[number]) => number) => sign * chosen.reduce((a, item) => a + pick(item), 0);
  const totals = {
    original: sum((item) => item.chargedGrossMinor),
    voucherDiscount: sum((item) => item.voucherDiscountMinor),
    gross: sum((item) => item.chargedGrossMinor - item.voucherDiscountMinor),
    vat: sum((item) => item.vatMinor),
    net: sum((item) => item.netMinor),
    creditsUsed: sum((item) => item.creditUsedMinor),
    due: sum((item) => item.payableGrossMinor),
  };
  let cancels: string | null = null;
  if (options.cancelsInvoiceId) {
    const [original] = await tx
      .select({ number: t.invoices.number })
      .from(t.invoices)
      .where(eq(t.invoices.id, options.cancelsInvoiceId));
    cancels = original?.number ?? null;
  }
  const year = now.getUTCFullYear();
  // Everything but the number, which the database hands out below.
  const document: Omit<InvoiceDocument, 'number'> = {
    kind,
    issuedAt: now.toISOString(),
    cancels,
    issuer: PLATFORM,
    buyer: order.billingAddress as BillingSnapshot,
    orderReference: order.reference,
    provider: order.provider,
    isTestPayment: order.provider === 'test',
    currency: order.currency,
    vat: { kind: order.vatKind, country: order.vatCountry, rateBasisPoints: order.vatRateBasisPoints },
    lines,
    totals,
  };
  // The next number of the series and the document in one statement (one round trip in the
  // transaction): see nextDocumentNumberCtes for why the series stays gapless.
  const result = await tx.execute<{ id: number; number: string }>(sql`
    WITH ${nextDocumentNumberCtes(kind, year)}
    INSERT INTO ${t.invoices} (kind, series, year, sequence, number, order_id, cancels_invoice_id, user_id,
                               language, currency, document, total_minor, issued_at)
    SELECT ${kind}, document_number.series, ${year}, document_number.sequence, document_number.number, ${order.id},
           ${options.cancelsInvoiceId ?? null}::int, ${order.userId}, ${order.language}, ${order.currency},
           ${JSON.stringify(document)}::jsonb || jsonb_build_object('number', document_number.number),
           ${totals.gross}, ${now}
    FROM document_number
    RETURNING id, number`);
  const row = result.rows[0]!;
  return { id: Number(row.id), number: row.number };
}

/** The invoice of an order, if one was issued. */
export async function orderInvoice(db: Database, orderId: number) {
  const [row] = await db
    .select()
    .from(t.invoices)
    .where(and(eq(t.invoices.orderId, orderId), eq(t.invoices.kind, 'invoice')));
  return row ?? null;
}

/** One of the buyer's documents as their list shows it. */
export interface BuyerInvoice {
  id: number;
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  orderReference: string;
  total: number;
  currency: string;
}

/** The buyer's invoices and cancellation invoices, newest first. */
export async function listBuyerInvoices(db: Database, userId: number): Promise<BuyerInvoice[]> {
  const rows = await db
    .select({
      id: t.invoices.id,
      kind: t.invoices.kind,
      number: t.invoices.number,
      issuedAt: t.invoices.issuedAt,
      reference: t.orders.reference,
      total: t.invoices.totalMinor,
      currency: t.invoices.currency,
    })
    .from(t.invoices)
    .innerJoin(t.orders, eq(t.orders.id, t.invoices.orderId))
    .where(eq(t.invoices.userId, userId))
    .orderBy(desc(t.invoices.issuedAt), desc(t.invoices.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === 'cancellation' ? 'cancellation' : 'invoice',
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    orderReference: row.reference,
    total: row.total,
    currency: row.currency,
  }));
}

/**
 * One of the buyer's documents as a PDF in the language it was issued in; null for a document
 * that is not theirs (a stranger learns nothing, not even that it exists).
 */
export async function buyerInvoicePdf(
  db: Database,
  userId: number,
  invoiceId: number,
): Promise<{ bytes: Uint8Array; name: string } | null> {
  const [row] = await db
    .select({ document: t.invoices.document, number: t.invoices.number, world: t.orders.world })
    .from(t.invoices)
    .innerJoin(t.orders, eq(t.orders.id, t.invoices.orderId))
    .where(and(eq(t.invoices.id, invoiceId), eq(t.invoices.userId, userId)));
  if (!row) return null;
  const world = getWorld(isWorldCode(row.world) ? row.world : 'de');
  const bytes = await renderInvoicePdf(row.document as InvoiceDocument, world.language, world.locale);
  return { bytes, name: `${row.number}.pdf` };
}
