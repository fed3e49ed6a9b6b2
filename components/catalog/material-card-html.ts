import { getMaterialLabels, type MaterialLabel } from '@/lib/catalog/labels';
import type { MaterialCard as Card } from '@/lib/catalog/materials';
import { keepMaterialHtml } from '@/components/subscriptions/keep-controls';
import { pathFor } from '@/lib/routing/localized-routes';
import { mediaUrl } from '@/lib/routing/media-url';
import { markup, type SafeHtml } from '@/lib/text/html';
import type { World } from '@/lib/worlds/worlds';
import { labelsHtml } from './labels';
import { priceHtml } from './price';

/** The words a card shows besides the material's own. */
export interface CardTexts {
  labels: Record<MaterialLabel, string>;
  free: string;
  previousPrice: string;
  /** The heart's label. */
  keep: string;
}

/** A card's words from the `common` texts (any formatter of them: next-intl's `t`). */
export function cardTextsFrom(t: (key: string) => string): CardTexts {
  return {
    labels: { bestseller: t('labels.bestseller'), new: t('labels.new'), sale: t('labels.sale') },
    free: t('price.free'),
    previousPrice: t('price.previous'),
    keep: t('keep.material'),
  };
}

/**
 * A material in a list, as markup: cover, title, its heart, author, price and labels. `eager` for
 * the first cards of a list at the top of a page, whose covers may be the largest paint on a phone.
 * Pure, so the favourites page's script writes the cards it loads the same way.
 */
export function materialCardHtml(
  world: World,
  material: Card,
  eager: boolean,
  texts: CardTexts,
  /** On the favourites page: the heart shown filled, and the card's own remove form. */
  favourite?: { extra: SafeHtml },
): SafeHtml {
  const href = pathFor(world.code, 'material', { id: String(material.id), slug: material.slug });
  const loading = eager ? 'eager' : 'lazy';
  const cover = material.coverPath
    ? markup`<img src="${mediaUrl(material.coverPath)}" alt="" width="150" height="200" loading="${loading}" decoding="async" class="card-cover"/>`
    : null;
  const labels = labelsHtml(getMaterialLabels(material), texts.labels);
  const price = priceHtml({ ...material, world, freeLabel: texts.free, previousPriceLabel: texts.previousPrice });
  const link = markup`<a href="${href}" class="card-link">${cover}<h3 class="card-title">${material.title}</h3></a>`;
  const heart = keepMaterialHtml(material.id, texts.keep, Boolean(favourite));
  return markup`<article class="card">${link}${heart}<p class="card-author">${material.authorName}</p>${labels}${price}${favourite?.extra ?? null}</article>`;
}
