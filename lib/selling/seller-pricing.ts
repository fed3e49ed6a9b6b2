import 'server-only';
import { getSellerMaterial } from './seller-materials';
import { findComparables } from './price-comparables';
import { recommendPrice, type PriceRecommendation } from './price-recommender';
import { priceBounds } from './material-rules';

/**
 * The price step's recommendation for one of the seller's materials: its own world, subjects,
 * types and page count against what other sellers' similar materials sell for.
 */
export async function recommendPriceFor(sellerId: number, materialId: number): Promise<PriceRecommendation> {
  const material = await getSellerMaterial(sellerId, materialId);
  const comparables = await findComparables({
    world: material.world,
    subjectIds: material.subjectIds,
    materialTypeIds: material.materialTypeIds,
    pages: material.pages,
    excludeAuthorId: sellerId,
    excludeMaterialId: materialId,
  });
  return recommendPrice({
    currency: material.currency,
    pages: material.pages,
    comparables,
    minimumCents: priceBounds(material.currency).minPaid,
  });
}
