'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { materialCardHtml, type CardTexts } from '@/components/catalog/material-card-html';
import type { MaterialCard } from '@/lib/catalog/materials';
import { getApiClient } from '@/lib/browser-session/browser';
import { markup } from '@/lib/text/html';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { removeFavouriteHtml } from './remove-favourite';

interface FavouritesRestProps {
  world: WorldCode;
  /** The signed-in account's list, or the anonymous identity's. */
  signedIn: boolean;
  sort: string;
  pages: number;
  pageSize: number;
  /** Where a card's remove form returns to. */
  returnPath: string;
  texts: { card: CardTexts; remove: string };
  /** The page links, shown until the rest has arrived (and always without script). */
  children: ReactNode;
}

/**
 * The favourites beyond the first page (SPEC §4 paging): with script, pages 2… are read at once,
 * in parallel (their number from the first page's total), and shown below the first; the page
 * links are the way without script, and stay when a page fails to load.
 */
export function FavouritesRest({
  world,
  signedIn,
  sort,
  pages,
  pageSize,
  returnPath,
  texts,
  children,
}: FavouritesRestProps) {
  const [rest, setRest] = useState<MaterialCard[] | null>(null);

  useEffect(() => {
    if (pages < 2) return;
    let live = true;
    const path = signedIn ? 'v3/elastic-indexer/wishlist/query' : 'v3/elastic-indexer/anonymous-wishlist/query';
    const reads = Array.from({ length: pages - 1 }, (_, i) =>
      getApiClient().post<{ items: MaterialCard[] }>(path, { sort, limit: pageSize, page: i + 2 }),
    );
    Promise.all(reads)
      .then((answers) => live && setRest(answers.flatMap((answer) => answer.items)))
      .catch((error: unknown) => {
        // The page links stay: the way to the other pages without the parallel read.
        console.error('Favourites: the further pages did not load', error);
      });
    return () => {
      live = false;
    };
  }, [world, signedIn, sort, pages, pageSize]);

  if (rest === null) return <>{children}</>;
  const worldOf = getWorld(world);
  const cards = markup`${rest.map((material) =>
    materialCardHtml(worldOf, material, false, texts.card, {
      extra: removeFavouriteHtml(world, material.id, returnPath, texts.remove),
    }),
  )}`;
  return <div className="shelf-items favourites-rest" dangerouslySetInnerHTML={{ __html: cards.value }} />;
}
