import 'server-only';
import { eq } from 'drizzle-orm';
import { invalidateTags } from '@/lib/cache/invalidate';
import { TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

/**
 * The seller's cabinet figures (their materials list, sales, downloads and evaluation) are cached
 * under one tag per seller (`seller:<id>`), so 20 requests of a seller with 50,000 sales do not
 * each add them up again. What changes them expires the tag on every process: the seller's own
 * changes (lib/selling/seller-materials.ts) and, here, an order that became paid or refunded.
 * Call after the change has committed.
 */
export async function expireSellerCabinet(sellerIds: readonly number[]): Promise<void> {
  await invalidateTags([...new Set(sellerIds)].map((id) => TAGS.seller(id)));
}

/** The cabinets of every seller with a line in `orderId`. */
export async function expireSellerCabinetsOfOrder(orderId: number): Promise<void> {
  const rows = await getDb()
    .selectDistinct({ sellerId: t.orderItems.sellerId })
    .from(t.orderItems)
    .where(eq(t.orderItems.orderId, orderId));
  await expireSellerCabinet(rows.map((row) => row.sellerId));
}
