import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import type { CartLicence } from './licence-price';

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
