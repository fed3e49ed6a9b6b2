import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Labels } from '@/components/catalog/labels';
import { Price } from '@/components/catalog/price';
import { getAuthorProfile, listAuthorBlogPosts } from '@/lib/catalog/authors';
import { getMaterialLabels } from '@/lib/catalog/labels';
import { getMaterialDetail, listAuthorMaterials, type MaterialCard } from '@/lib/catalog/materials';
import { decodePathSegments } from '@/lib/routing/decode-path';
import { pathFor } from '@/lib/routing/localized-routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { mediaUrl } from '@/lib/routing/media-url';
import { getStorefront, resolveStorefrontPath } from '@/lib/storefront/storefront';
import { htmlToText, sanitizeAuthorHtml } from '@/lib/text/sanitize';
import { getWorld, type World } from '@/lib/worlds/worlds';

interface Props {
  params: Promise<{ domain: string; path?: string[] }>;
}

export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

async function load({ params }: Props) {
  const { domain, path = [] } = await params;
  const storefront = await getStorefront(domain);
  if (!storefront) notFound();
  const segments = decodePathSegments(path);
  if (!segments) notFound();
  const page = resolveStorefrontPath(segments);
  if (page.kind === 'not-found') notFound();
  const author = await getAuthorProfile(storefront.authorId);
  if (!author) notFound();
  const material = page.kind === 'material' ? await getMaterialDetail(page.id) : null;
  if (page.kind === 'material' && (!material || material.author.id !== author.id)) notFound();
  return { storefront, page, author, material, world: getWorld(storefront.world) };
}

/** Canonical links point to the main site's pages, so search engines see one copy. */
export async function generateMetadata(props: Props): Promise<Metadata> {
  const { page, author, material, world } = await load(props);
  const origin = getPublicOrigin();
  if (material) {
    return {
      title: material.title,
      description: htmlToText(material.description),
      alternates: {
        canonical: origin + pathFor(world.code, 'material', { id: String(material.id), slug: material.slug }),
      },
    };
  }
  const tab = page.kind === 'blog' ? 'blog' : undefined;
  return {
    description: author.details.description ? htmlToText(author.details.description) : undefined,
    alternates: {
      canonical: origin + pathFor(world.code, 'author', { id: String(author.id), slug: author.slug, tab }),
    },
  };
}

function StorefrontCard({
  material,
  world,
  texts,
}: {
  material: MaterialCard;
  world: World;
  texts: Record<'free' | 'previous' | 'bestseller' | 'new' | 'sale' | 'keep', string>;
}) {
  return (
    <article className="card">
      <KeepOnKreide world={world} materialId={material.id} slug={material.slug} label={texts.keep} />
      <Link href={`/material/${material.id}/${material.slug}`} className="card-link" prefetch={false}>
        {material.coverPath ? (
          <img
            src={mediaUrl(material.coverPath)}
            alt=""
            width={150}
            height={200}
            loading="lazy"
            className="card-cover"
          />
        ) : null}
        <h3 className="card-title">{material.title}</h3>
      </Link>
      <Labels labels={getMaterialLabels(material)} texts={texts} />
      <Price {...material} world={world} freeLabel={texts.free} previousPriceLabel={texts.previous} />
    </article>
  );
}

/**
 * The heart of a storefront: author domains have no API and cookies of their own, so it is a link
 * to the material on the main site, where the visitor's favourites are.
 */
function KeepOnKreide({
  world,
  materialId,
  slug,
  label,
}: {
  world: World;
  materialId: number;
  slug: string;
  label: string;
}) {
  return (
    <a
      className="keep-heart keep-link"
      href={getPublicOrigin() + pathFor(world.code, 'material', { id: String(materialId), slug })}
      aria-label={label}
      title={label}
    />
  );
}

/** An author's storefront on their own domain: home, materials, blog and material pages. */
export default async function StorefrontPage(props: Props) {
  const { page, author, material, world } = await load(props);
  const t = await getTranslations({ locale: world.code, namespace: 'author-page' });
  const common = await getTranslations({ locale: world.code, namespace: 'common' });
  const texts = {
    free: common('price.free'),
    previous: common('price.previous'),
    bestseller: common('labels.bestseller'),
    new: common('labels.new'),
    sale: common('labels.sale'),
    keep: common('keep.material'),
  };
  if (material) {
    return (
      <article className="material">
        <div className="material-title">
          <h1>{material.title}</h1>
          <KeepOnKreide world={world} materialId={material.id} slug={material.slug} label={texts.keep} />
        </div>
        {material.previews[0] ? (
          <img
            src={mediaUrl(material.previews[0].storagePath)}
            alt=""
            width={375}
            height={500}
            fetchPriority="high"
            className="preview preview-first"
          />
        ) : null}
        <p className="material-price">
          <Price {...material} world={world} freeLabel={texts.free} previousPriceLabel={texts.previous} />
        </p>
        <div
          className="material-description"
          dangerouslySetInnerHTML={{ __html: sanitizeAuthorHtml(material.description) }}
        />
        <p>
          <a
            href={getPublicOrigin() + pathFor(world.code, 'material', { id: String(material.id), slug: material.slug })}
          >
            {t('storefront.buyOnKreide')}
          </a>
        </p>
      </article>
    );
  }
  if (page.kind === 'blog') {
    const posts = await listAuthorBlogPosts(author.id);
    return (
      <section>
        <h1>{t('tabs.blog')}</h1>
        {posts.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <ul className="post-list">
            {posts.map((p) => (
              <li key={p.id}>
                <h2>{p.title}</h2>
                <p>{p.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  const materials = await listAuthorMaterials(author.id, page.kind === 'home' ? 8 : 48);
  return (
    <section data-storefront-author={author.id}>
      <h1>{page.kind === 'home' ? author.details.publicName : t('tabs.materials')}</h1>
      <a
        className="button follow-entry"
        href={getPublicOrigin() + pathFor(world.code, 'author', { id: String(author.id), slug: author.slug })}
      >
        {common('keep.follow', { name: author.details.publicName })}
      </a>
      {page.kind === 'home' && author.details.description ? (
        <div
          className="author-description"
          dangerouslySetInnerHTML={{ __html: sanitizeAuthorHtml(author.details.description) }}
        />
      ) : null}
      {page.kind === 'home' ? <h2>{t('storefront.latest')}</h2> : null}
      <div className="shelf-items">
        {materials.map((m) => (
          <StorefrontCard key={m.id} material={m} world={world} texts={texts} />
        ))}
      </div>
      {page.kind === 'home' ? (
        <p>
          <Link href="/materials">{t('storefront.allMaterials')}</Link>
        </p>
      ) : null}
    </section>
  );
}
