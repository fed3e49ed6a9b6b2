import { getTranslations } from 'next-intl/server';
import type { MaterialCard as Card } from '@/lib/catalog/materials';
import { markup } from '@/lib/text/html';
import type { World } from '@/lib/worlds/worlds';
import { cardTextsFrom, materialCardHtml, type CardTexts } from './material-card-html';

export { materialCardHtml, type CardTexts };

export async function getCardTexts(): Promise<CardTexts> {
  const t = await getTranslations('common');
  return cardTextsFrom((key) => t(key as never));
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
