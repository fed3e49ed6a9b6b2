import { isOnSale } from '@/lib/catalog/labels';

/** What a cart line buys: a personal licence, a school licence, or the step from one to the other. */
export const CART_LICENCES = ['single', 'school', 'school-upgrade'] as const;
export type CartLicence = (typeof CART_LICENCES)[number];

/** The school-licence price when the seller set none: three times the single price. */
export const DEFAULT_SCHOOL_PRICE_FACTOR = 3;

export interface PricedMaterial {
  priceCents: number;
  salePriceCents: number | null;
  saleEndsAt: Date | string | null;
  schoolPriceCents: number | null;
}

/** The single-licence price the material shows now: the sale price while a sale runs. */
export function singlePrice(material: PricedMaterial, now: Date = new Date()): number {
  return isOnSale(material, now) && material.salePriceCents !== null ? material.salePriceCents : material.priceCents;
}

/** The school-licence price now: the seller's own, or three times the single price. */
export function schoolPrice(material: PricedMaterial, now: Date = new Date()): number {
  return material.schoolPriceCents ?? singlePrice(material, now) * DEFAULT_SCHOOL_PRICE_FACTOR;
}

/**
 * The gross price of a cart line. An upgrade costs the difference between the two licences at
 * the time of upgrade (never below zero: a seller may set a school price under three singles).
 */
export function licencePrice(material: PricedMaterial, licence: CartLicence, now: Date = new Date()): number {
  if (licence === 'single') return singlePrice(material, now);
  if (licence === 'school') return schoolPrice(material, now);
  return Math.max(0, schoolPrice(material, now) - singlePrice(material, now));
}
