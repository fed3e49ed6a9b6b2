import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getMaterialLabels } from '@/lib/catalog/labels';
import type { MaterialCard as Card } from '@/lib/catalog/materials';
import { pathFor } from '@/lib/routing/localized-routes';
import type { World } from '@/lib/worlds/worlds';
import { mediaUrl } from '@/lib/routing/media-url';
import { Labels } from './labels';
import { Price } from './price';

/**
 * A material in a list: cover, title, author, price and labels. `eager` for the first cards of a
 * list at the top of a page, whose covers may be the largest paint on a phone.
 */
export async function MaterialCard({
  world,
  material,
  eager = false,
}: {
  world: World;
  material: Card;
  eager?: boolean;
}) {
  const t = await getTranslations('common');
  const href = pathFor(world.code, 'material', { id: String(material.id), slug: material.slug });
  return (
    <article className="card">
      <Link href={href} className="card-link" prefetch={false}>
        {material.coverPath ? (
          <img
            src={mediaUrl(material.coverPath)}
            alt=""
            width={150}
            height={200}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="card-cover"
          />
        ) : null}
        <h3 className="card-title">{material.title}</h3>
      </Link>
      <p className="card-author">{material.authorName}</p>
      <Labels
        labels={getMaterialLabels(material)}
        texts={{ bestseller: t('labels.bestseller'), new: t('labels.new'), sale: t('labels.sale') }}
      />
      <Price {...material} world={world} freeLabel={t('price.free')} previousPriceLabel={t('price.previous')} />
    </article>
  );
}

/** A titled shelf of material cards. */
/** `eagerCovers`: how many covers load at once (the first shelf of a page reaches into a phone's first screen). */
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
      <div className="shelf-items">
        {materials.map((m, i) => (
          <MaterialCard key={m.id} world={world} material={m} eager={i < eagerCovers} />
        ))}
      </div>
    </section>
  );
}
