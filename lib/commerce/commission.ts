/**
 * The seller's share of a sale, on the net price (gross minus VAT): 50 % below 50 active paid
 * materials, 60 % from 50, 70 % from 200. The tier is taken at the moment of sale and recorded
 * with the sale, so a seller who later grows or shrinks never changes a past statement.
 */
export const COMMISSION_TIERS = [
  { fromActivePaidMaterials: 200, shareBasisPoints: 7000 },
  { fromActivePaidMaterials: 50, shareBasisPoints: 6000 },
  { fromActivePaidMaterials: 0, shareBasisPoints: 5000 },
] as const;

/** The share in basis points for a seller with `activePaidMaterials` materials on sale. */
export function sellerShareBasisPoints(activePaidMaterials: number): number {
  for (const tier of COMMISSION_TIERS)
    if (activePaidMaterials >= tier.fromActivePaidMaterials) return tier.shareBasisPoints;
  return COMMISSION_TIERS[COMMISSION_TIERS.length - 1]!.shareBasisPoints;
}
