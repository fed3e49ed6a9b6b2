import 'server-only';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

type OrderRow = typeof t.orders.$inferSelect;

/** An order as its buyer sees it (amounts in minor units of `currency`). */
export interface OrderView {
  id: number;
  reference: string;
  status: string;
  provider: string;
  /** A test payment: no money moved. Shown on every page and receipt that shows the order. */
  isTestPayment: boolean;
  world: string;
  currency: string;
  originalPrice: number;
  totalVoucherDiscount: number;
  usedCredits: number;
  finalPrice: number;
  vat: { kind: string; country: string; rateBasisPoints: number; amount: number; net: number };
  voucher: { code: string } | null;
  items: {
    materialId: number;
    title: string;
    licence: string;
    inBundle: boolean;
    price: number;
    finalPrice: number;
    refunded: boolean;
  }[];
  invoice: { id: number; number: string } | null;
  createdAt: string;
  paidAt: string | null;
  /**
   * What of a payment went straight back because it came for what the buyer held by then, or
   * for the cancelled order (minor units; to the card for a card payment, else as credit).
   */
  paymentReturned: number | null;
}

export async function toOrderView(db: Database, order: OrderRow): Promise<OrderView> {
  const [items, invoices] = await Promise.all([
    db.select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id)).orderBy(t.orderItems.id),
    db
      .select({ id: t.invoices.id, number: t.invoices.number })
      .from(t.invoices)
      .where(and(eq(t.invoices.orderId, order.id), eq(t.invoices.kind, 'invoice'))),
  ]);
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    provider: order.provider,
    isTestPayment: order.provider === 'test',
    world: order.world,
    currency: order.currency,
    originalPrice: order.originalMinor,
    totalVoucherDiscount: order.voucherDiscountMinor,
    usedCredits: order.creditsUsedMinor,
    finalPrice: order.totalMinor,
    vat: {
      kind: order.vatKind,
      country: order.vatCountry,
      rateBasisPoints: order.vatRateBasisPoints,
      amount: order.vatMinor,
      net: order.netMinor,
    },
    voucher: order.voucherCode ? { code: order.voucherCode } : null,
    items: items.map((item) => ({
      materialId: item.materialId,
      title: item.title,
      licence: item.licence,
      inBundle: item.inBundle,
      price: item.chargedGrossMinor,
      finalPrice: item.payableGrossMinor,
      refunded: item.refundedAt !== null,
    })),
    invoice: invoices[0] ?? null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    paymentReturned: order.paymentReturnedMinor,
  };
}

/**
 * One order of this buyer, or null — also for another buyer's order, so an id tells a stranger
 * nothing (not even that it exists).
 */
export async function findBuyerOrder(db: Database, userId: number, orderId: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.id, orderId), eq(t.orders.userId, userId)));
  return row ?? null;
}

/** The buyer's orders, newest first, a page at a time (before an order id, for the next page). */
export async function listBuyerOrders(db: Database, userId: number, options: { limit: number; before?: number }) {
  const rows = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.userId, userId), options.before ? lt(t.orders.id, options.before) : undefined))
    .orderBy(desc(t.orders.id))
    .limit(options.limit);
  return Promise.all(rows.map((row) => toOrderView(db, row)));
}
