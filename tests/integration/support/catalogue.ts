import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';

/**
 * Paid single materials of a world at their plain price (no bundle, no fixed price, no sale),
 * lowest id first so sums are stable: what the buying tests put into carts. `withFile` keeps
 * those with a downloadable file version; `notBy` leaves out an author's own materials, and
 * `notOwnedBy` what a buyer could not buy again: what they hold (also through a bundle) or have
 * on an unpaid order (the demo buyer's seeded orders include one waiting for its transfer).
 */
export async function paidMaterials(
  world: WorldCode,
  n: number,
  options: { withFile?: boolean; notBy?: number; notOwnedBy?: number } = {},
) {
  const withFile = options.withFile
    ? sql`EXISTS (SELECT 1 FROM material_file_versions v WHERE v.material_id = ${t.materials.id})`
    : undefined;
  return getDb()
    .select({
      id: t.materials.id,
      price: t.materials.priceCents,
      authorId: t.materials.authorId,
      slug: t.materials.slug,
    })
    .from(t.materials)
    .where(
      and(
        eq(t.materials.world, world),
        gt(t.materials.priceCents, 0),
        eq(t.materials.isBundle, false),
        eq(t.materials.hasFixedPrice, false),
        sql`${t.materials.salePriceCents} IS NULL`,
        options.notBy === undefined ? undefined : ne(t.materials.authorId, options.notBy),
        withFile,
        options.notOwnedBy === undefined
          ? undefined
          : sql`NOT EXISTS (SELECT 1 FROM licences l WHERE l.user_id = ${options.notOwnedBy}
                AND (l.material_id = ${t.materials.id}
                  OR l.material_id IN (SELECT bundle_id FROM bundle_items WHERE material_id = ${t.materials.id})))
              AND NOT EXISTS (SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
                WHERE o.user_id = ${options.notOwnedBy} AND o.status = 'pending'
                  AND (oi.material_id = ${t.materials.id}
                    OR oi.material_id IN (SELECT bundle_id FROM bundle_items WHERE material_id = ${t.materials.id})))`,
      ),
    )
    .orderBy(t.materials.id)
    .limit(n);
}
