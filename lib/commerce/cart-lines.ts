import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import { licencePrice, type CartLicence, type PricedMaterial } from './licence-price';
import type { CartLineInput } from './pricing';

/**
 * What pricing needs of a cart line's material, for the select of every query that prices a
 * cart (the cart itself, and the cart an abandoned-cart reminder restores).
 */
export const CART_LINE_MATERIAL_COLUMNS = {
  title: t.materials.title,
  slug: t.materials.slug,
  authorId: t.materials.authorId,
  priceCents: t.materials.priceCents,
  salePriceCents: t.materials.salePriceCents,
  saleEndsAt: t.materials.saleEndsAt,
  schoolPriceCents: t.materials.schoolPriceCents,
  hasFixedPrice: t.materials.hasFixedPrice,
  isBundle: t.materials.isBundle,
};

/**
 * A material a cart of `world` still offers: active, not deleted, of that world and with a price
 * (one withdrawn, deleted or made free since it was added simply drops out of the cart).
 */
export function offeredInCart(world: WorldCode): SQL {
  return and(
    eq(t.materials.isActive, true),
    isNull(t.materials.deletedAt),
    eq(t.materials.world, world),
    sql`${t.materials.priceCents} > 0`,
  )!;
}

/**
 * The licence a cart line must have given what the buyer owns of the material, or null when they
 * cannot add it: an owned single licence turns a school licence into an upgrade; an owned school
 * licence (or the same single licence again) leaves nothing to buy.
 */
export function licenceToBuy(requested: 'single' | 'school', owned: string | null | undefined): CartLicence | null {
  if (owned === 'school' || (owned === 'single' && requested === 'single')) return null;
  return owned === 'single' ? 'school-upgrade' : requested;
}

/** A cart line as read with CART_LINE_MATERIAL_COLUMNS, with the licence it buys. */
export interface CartLineForPricing extends PricedMaterial {
  materialId: number;
  authorId: number;
  isBundle: boolean;
  hasFixedPrice: boolean;
  licence: CartLicence;
}

/**
 * The lines as pricing takes them: each line's gross price for its licence now, and for a bundle
 * the materials inside it (read in one query), so a material also in a bundle of the cart is not
 * charged twice.
 */
export async function pricingLines(
  db: Database,
  rows: readonly CartLineForPricing[],
  now: Date,
): Promise<CartLineInput[]> {
  const bundleIds = rows.filter((row) => row.isBundle).map((row) => row.materialId);
  const contents = bundleIds.length
    ? await db
        .select({ bundleId: t.bundleItems.bundleId, materialId: t.bundleItems.materialId })
        .from(t.bundleItems)
        .where(inArray(t.bundleItems.bundleId, bundleIds))
    : [];
  return rows.map((row) => ({
    materialId: row.materialId,
    sellerId: row.authorId,
    kind: row.isBundle ? 'bundle' : 'material',
    licence: row.licence === 'single' ? 'single' : 'school',
    unitGross: licencePrice(row, row.licence, now),
    hasFixedPrice: row.hasFixedPrice,
    bundleMaterialIds: contents.filter((c) => c.bundleId === row.materialId).map((c) => c.materialId),
  }));
}
