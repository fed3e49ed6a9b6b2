import { getTranslations } from 'next-intl/server';
import { getMaterialLabels, type MaterialLabel } from '@/lib/catalog/labels';
import type { MaterialCard as Card } from '@/lib/catalog/materials';
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
}

async function getCardTexts(): Promise<CardTexts> {
  const t = await getTranslations('common');
  return {
    labels: { bestseller: t('labels.bestseller'), new: t('labels.new'), sale: t('labels.sale') },
    free: t('price.free'),
    previousPrice: t('price.previous'),
  };
}

/**
 * A material in a list, as markup: cover, title, author, price and labels. `eager` for the first
 * cards of a list at the top of a page, whose covers may be the largest paint on a phone.
 */
export function materialCardHtml(world: World, material: Card, eager: boolean, texts: CardTexts): SafeHtml {
  const href = pathFor(world.code, 'material', { id: String(material.id), slug: material.slug });
  const loading = eager ? 'eager' : 'lazy';
  const cover = material.coverPath
    ? markup`<img src="${mediaUrl(material.coverPath)}" alt="" width="150" height="200" loading="${loading}" decoding="async" class="card-cover"/>`
    : null;
  const labels = labelsHtml(getMaterialLabels(material), texts.labels);
  const price = priceHtml({ ...material, world, freeLabel: texts.free, previousPriceLabel: texts.previousPrice });
  const link = markup`<a href="${href}" class="card-link">${cover}<h3 class="card-title">${material.title}</h3></a>`;
  return markup`<article class="card">${link}<p class="card-author">${material.authorName}</p>${labels}${price}</article>`;
}

/**
 * A list of material cards (a grid: `shelf-items`). The cards go to the browser as finished
 * markup rather than as React elements: nothing in a card runs script, and a page lists up to
 * 32 of them, which the browser would otherwise rebuild from the page's payload and hydrate one
 * element at a time (on a phone in Lighthouse's run, the home page's main thread did 14 % less
 * without its shelves' elements). A plain link per card: a full load of a stored page navigates
 * as well as the client router does, without a client component per card.
 * `eagerCovers`: how many covers load at once (the first list of a page reaches into a phone's
 * first screen).
 */
export async function MaterialCardList({
  world,
  materials,
  eagerCovers = 0,
}: {
  world: World;
  materials: Card[];
  eagerCovers?: number;
}) {
  const texts = await getCardTexts();
  const cards = markup`${materials.map((material, i) => materialCardHtml(world, material, i < eagerCovers, texts))}`;
  return <div className="shelf-items" dangerouslySetInnerHTML={{ __html: cards.value }} />;
}

/** A titled shelf of material cards. */
export async function MaterialShelf({
  world,
  title,
  materials,
  id,
  eagerCovers = 0,
}: {
  world: World;
  title: string;
  materials: Card[];
  id: string;
  eagerCovers?: number;
}) {
  if (materials.length === 0) return null;
  return (
    <section className="shelf" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <MaterialCardList world={world} materials={materials} eagerCovers={eagerCovers} />
    </section>
  );
}
