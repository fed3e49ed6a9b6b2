import 'server-only';
import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { textSchema } from '@/lib/input/schemas';
import type { Database } from '@/lib/db/client';
import { containsPattern } from '@/lib/db/like-pattern';
import * as t from '@/lib/db/schema';
import { toOrderView, type OrderView } from './order-view';

/** The longest search text the order list takes (the schema's bound, for the input's `maxLength`). */
export const ORDER_SEARCH_MAX_LENGTH = 120;

/**
 * The search text of the admin's order list (`?q=` of the API and of the orders page): one
 * definition, so the page refuses exactly what the API refuses.
 */
export const orderSearchTextSchema = textSchema(ORDER_SEARCH_MAX_LENGTH);

/** A document issued for an order: its invoice and any cancellation invoices of refunds. */
export interface OrderDocument {
  id: number;
  kind: 'invoice' | 'cancellation';
  number: string;
  issuedAt: string;
  /** Minor units of the order's currency; negative for a cancellation. */
  total: number;
}

/** An order as an admin sees it: the buyer's view plus who bought it and the seller's side. */
export interface AdminOrderView extends OrderView {
  buyer: { id: number; email: string; publicName: string };
  billingAddress: unknown;
  sellerLines: {
    itemId: number;
    materialId: number;
    sellerId: number;
    sellerName: string;
    title: string;
    licence: string;
    chargedGross: number;
    /** What the buyer paid for the line after voucher and credit. */
    payableGross: number;
    vat: number;
    net: number;
    sellerShareBasisPoints: number;
    /** The seller's active paid materials at the sale: what chose the commission tier. */
    sellerActivePaidMaterials: number;
    sellerShare: number;
    platformShare: number;
    refundedAt: string | null;
  }[];
  documents: OrderDocument[];
}

/**
 * One order with everything the back office needs to answer a question about it: the buyer's
 * view, the buyer's account, the billing address copied at checkout, each line's seller side
 * (share, tier, VAT) and the documents issued; null for an unknown id.
 */
export async function adminOrderView(db: Database, orderId: number): Promise<AdminOrderView | null> {
  const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
  if (!order) return null;
  const [buyer] = await db
    .select({ id: t.users.id, email: t.users.email, publicName: t.users.publicName })
    .from(t.users)
    .where(eq(t.users.id, order.userId));
  const items = await db.select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id)).orderBy(t.orderItems.id);
  const sellerIds = [...new Set(items.map((item) => item.sellerId))];
  const [sellers, documents] = await Promise.all([
    sellerIds.length
      ? db
          .select({ id: t.users.id, publicName: t.users.publicName })
          .from(t.users)
          .where(inArray(t.users.id, sellerIds))
      : [],
    db
      .select({
        id: t.invoices.id,
        kind: t.invoices.kind,
        number: t.invoices.number,
        issuedAt: t.invoices.issuedAt,
        total: t.invoices.totalMinor,
      })
      .from(t.invoices)
      .where(eq(t.invoices.orderId, order.id))
      .orderBy(t.invoices.issuedAt, t.invoices.id),
  ]);
  const sellerNames = new Map(sellers.map((seller) => [seller.id, seller.publicName]));
  return {
    ...(await toOrderView(db, order)),
    buyer: buyer!,
    billingAddress: order.billingAddress,
    sellerLines: items.map((item) => ({
      itemId: item.id,
      materialId: item.materialId,
      sellerId: item.sellerId,
      sellerName: sellerNames.get(item.sellerId) ?? '',
      title: item.title,
      licence: item.licence,
      chargedGross: item.chargedGrossMinor,
      payableGross: item.payableGrossMinor,
      vat: item.vatMinor,
      net: item.netMinor,
      sellerShareBasisPoints: item.sellerShareBasisPoints,
      sellerActivePaidMaterials: item.sellerActivePaidMaterials,
      sellerShare: item.sellerShareMinor,
      platformShare: item.platformShareMinor,
      refundedAt: item.refundedAt?.toISOString() ?? null,
    })),
    documents: documents.map((document) => ({
      id: document.id,
      kind: document.kind === 'cancellation' ? 'cancellation' : 'invoice',
      number: document.number,
      issuedAt: document.issuedAt.toISOString(),
      total: document.total,
    })),
  };
}

/**
 * Orders for the admin list, newest first: all, or those whose reference, buyer e-mail or id
 * matches `query` (a bound ILIKE pattern, its wildcards taken literally).
 */
export async function searchOrders(db: Database, query: string | undefined, limit: number) {
  const text = query?.trim();
  const pattern = text ? containsPattern(text) : null;
  const asId = text && /^\d{1,9}$/.test(text) ? Number(text) : null;
  const rows = await db
    .select({
      id: t.orders.id,
      reference: t.orders.reference,
      status: t.orders.status,
      provider: t.orders.provider,
      world: t.orders.world,
      currency: t.orders.currency,
      total: t.orders.totalMinor,
      paymentReturned: t.orders.paymentReturnedMinor,
      createdAt: t.orders.createdAt,
      buyerEmail: t.users.email,
    })
    .from(t.orders)
    .innerJoin(t.users, eq(t.users.id, t.orders.userId))
    .where(
      pattern
        ? or(
            ilike(t.orders.reference, pattern),
            ilike(t.users.email, pattern),
            asId !== null ? eq(t.orders.id, asId) : sql`false`,
          )
        : undefined,
    )
    .orderBy(desc(t.orders.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
