import 'server-only';
import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { toOrderView, type OrderView } from './order-view';

/** An order as an admin sees it: the buyer's view plus who bought it and the seller's side. */
export interface AdminOrderView extends OrderView {
  buyer: { id: number; email: string; publicName: string };
  billingAddress: unknown;
  sellerLines: {
    itemId: number;
    materialId: number;
    sellerId: number;
    title: string;
    chargedGross: number;
    vat: number;
    net: number;
    sellerShareBasisPoints: number;
    sellerShare: number;
    platformShare: number;
    refundedAt: string | null;
  }[];
}

export async function adminOrderView(db: Database, orderId: number): Promise<AdminOrderView | null> {
  const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
  if (!order) return null;
  const [buyer] = await db
    .select({ id: t.users.id, email: t.users.email, publicName: t.users.publicName })
    .from(t.users)
    .where(eq(t.users.id, order.userId));
  const items = await db.select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id)).orderBy(t.orderItems.id);
  return {
    ...(await toOrderView(db, order)),
    buyer: buyer!,
    billingAddress: order.billingAddress,
    sellerLines: items.map((item) => ({
      itemId: item.id,
      materialId: item.materialId,
      sellerId: item.sellerId,
      title: item.title,
      chargedGross: item.chargedGrossMinor,
      vat: item.vatMinor,
      net: item.netMinor,
      sellerShareBasisPoints: item.sellerShareBasisPoints,
      sellerShare: item.sellerShareMinor,
      platformShare: item.platformShareMinor,
      refundedAt: item.refundedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Orders for the admin list, newest first: all, or those whose reference, buyer e-mail or id
 * matches `query` (the text is a bound parameter of ILIKE, its wildcards escaped).
 */
export async function searchOrders(db: Database, query: string | undefined, limit: number) {
  const text = query?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
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
