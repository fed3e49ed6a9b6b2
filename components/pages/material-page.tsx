import Link from 'next/link';
import { preload } from 'react-dom';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Labels } from '@/components/catalog/labels';
import { MaterialShelf } from '@/components/catalog/material-card';
import { Price } from '@/components/catalog/price';
import { VisitorPrice } from '@/components/catalog/visitor-price';
import { AddToCart } from '@/components/commerce/add-to-cart';
import { FollowAuthorButton, KeepMaterialButton } from '@/components/subscriptions/keep-controls';
import { cartFormAction } from '@/components/commerce/cart-form-action';
import { getAuthorProfile } from '@/lib/catalog/authors';
import { isOnSale } from '@/lib/catalog/labels';
import { listRelatedMaterials } from '@/lib/catalog/landings';
import { getPublicOrigin } from '@/lib/seo/origin';
import { capPreviewSize, getMaterialLabels, isStandaloneInteractive } from '@/lib/catalog/labels';
import { getMaterialDetail, type MaterialDetail } from '@/lib/catalog/materials';
import { pathFor } from '@/lib/routing/localized-routes';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { mediaUrl } from '@/lib/routing/media-url';
import { formatFileSize } from '@/lib/text/file-size';
import { htmlToText, sanitizeAuthorHtml } from '@/lib/text/sanitize';
import { isWorldCode, type World } from '@/lib/worlds/worlds';

/** Descriptions longer than this use the long-material layout (collapsed after the start). */
const LONG_DESCRIPTION_CHARS = 1200;
import { requireId } from './params';
import type { PageProps, PageView } from './types';
import { jsonForScript } from '@/lib/text/script-json';

async function load(props: PageProps): Promise<MaterialDetail> {
  const id = requireId(props.params.id);
  const material = await getMaterialDetail(id);
  if (!material || !isWorldCode(material.world)) notFound();
  return material;
}

function canonicalPath(material: MaterialDetail) {
  return pathFor(material.world, 'material', { id: String(material.id), slug: material.slug });
}

/** schema.org Product with Offer, AggregateRating and a BreadcrumbList, for crawlers. */
function structuredData(material: MaterialDetail, world: World, homeName: string) {
  const origin = getPublicOrigin();
  const url = origin + canonicalPath(material);
  const price = isOnSale(material) && material.salePriceCents !== null ? material.salePriceCents : material.priceCents;
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: material.title,
    description: htmlToText(material.description, 500),
    sku: String(material.id),
    url,
    image: material.coverPath ? [origin + mediaUrl(material.coverPath)] : undefined,
    brand: { '@type': 'Brand', name: material.author.publicName },
    category: material.subjects[0]?.title,
    offers: {
      '@type': 'Offer',
      url,
      price: (price / 100).toFixed(2),
      priceCurrency: material.currency,
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  if (material.ratingCount > 0 && material.ratingAverage !== null) {
    product.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: material.ratingAverage,
      ratingCount: material.ratingCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  const crumbs = [
    { name: homeName, item: origin + pathFor(world.code, 'home') },
    ...(material.subjects[0]
      ? [
          {
            name: material.subjects[0].title,
            item: `${origin}${pathFor(world.code, 'search')}?subject=${material.subjects[0].id}`,
          },
        ]
      : []),
    { name: material.title, item: url },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.item })),
  };
  // `<` is escaped so author text can never close the script element.
  return jsonForScript([product, breadcrumbs]);
}

/** The material page: previews, price, labels, description, files, classification. */
export const MaterialPage: PageView = {
  async metadata(props) {
    const material = await load(props);
    return buildPageMetadata({
      title: material.title,
      description: htmlToText(material.description),
      robots: props.route.robots,
      world: material.world,
      worlds: [material.world],
      pathInWorld: () => canonicalPath(material),
      image: material.coverPath ? mediaUrl(material.coverPath) : undefined,
    });
  },
  async render(props) {
    const material = await load(props);
    // A material lives in one world; a wrong world or slug goes to its canonical address.
    if (material.world !== props.world.code || props.params.slug !== material.slug)
      permanentRedirect(canonicalPath(material));
    const { world } = props;
    const t = await getTranslations('material-page');
    const common = await getTranslations('common');
    const cart = await getTranslations('cart');
    const [firstPreview, ...otherPreviews] = material.previews;
    // The first preview is the largest paint: let the browser fetch it from the <head>.
    if (firstPreview) preload(mediaUrl(firstPreview.storagePath), { as: 'image', fetchPriority: 'high' });
    const fileTypes = material.files.map((f) => f.type);
    const standalone = isStandaloneInteractive({ ...material, fileTypes });
    const downloadable = material.files.filter((f) => f.type !== 'cover');
    const author = await getAuthorProfile(material.author.id);
    const related = await listRelatedMaterials(material.id, material.author.id);
    const long = htmlToText(material.description, 100_000).length > LONG_DESCRIPTION_CHARS;
    const description = (
      <div
        className="material-description"
        dangerouslySetInnerHTML={{ __html: sanitizeAuthorHtml(material.description) }}
      />
    );
    // `data-scripts="at-once"`: the runtime starts after the first paint, not at the first tap
    // (lib/http/defer-scripts.ts): the price in the visitor's currency and the buying controls are
    // what this page is for.
    return (
      <article
        className="material"
        data-scripts="at-once"
        data-material-id={material.id}
        data-layout={long ? 'long' : 'standard'}
      >
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: structuredData(material, world, common('siteName')) }}
        />
        <div className="material-main">
          {/* The gallery scrolls sideways on phones: focusable and named, so a keyboard can scroll it. */}
          <div className="material-gallery" role="region" aria-label={t('galleryLabel')} tabIndex={0}>
            {firstPreview ? (
              <img
                src={mediaUrl(firstPreview.storagePath)}
                alt={t('previewAlt', { number: 1, title: material.title })}
                {...capPreviewSize(firstPreview.width, firstPreview.height)}
                fetchPriority="high"
                className="preview preview-first"
              />
            ) : null}
            {otherPreviews.map((preview, index) => (
              <img
                key={index}
                src={mediaUrl(preview.storagePath)}
                alt={t('previewAlt', { number: index + 2, title: material.title })}
                {...capPreviewSize(preview.width, preview.height)}
                loading="lazy"
                decoding="async"
                className="preview"
              />
            ))}
          </div>
          <div className="material-summary">
            <div className="material-title">
              <h1>{material.title}</h1>
              <KeepMaterialButton materialId={material.id} label={common('keep.material')} />
            </div>
            <p className="material-author">
              {t('by')}{' '}
              <Link
                href={pathFor(world.code, 'author', { id: String(material.author.id), slug: material.author.slug })}
                prefetch={false}
              >
                {material.author.publicName}
              </Link>
            </p>
            <Labels
              labels={getMaterialLabels(material)}
              texts={{
                bestseller: common('labels.bestseller'),
                new: common('labels.new'),
                sale: common('labels.sale'),
              }}
            />
            <p className="material-price">
              <Price
                {...material}
                world={world}
                freeLabel={common('price.free')}
                previousPriceLabel={common('price.previous')}
              />
              {material.priceCents > 0 ? (
                <VisitorPrice
                  cents={
                    isOnSale(material) && material.salePriceCents !== null
                      ? material.salePriceCents
                      : material.priceCents
                  }
                  currency={material.currency}
                  locale={world.locale}
                />
              ) : null}
            </p>
            {material.priceCents > 0 ? (
              <AddToCart
                formAction={cartFormAction(world.code)}
                cartPath={pathFor(world.code, 'cart')}
                boughtPath={pathFor(world.code, 'cabinet-bought')}
                orderPath={pathFor(world.code, 'order-confirmation')}
                materialId={material.id}
                texts={{
                  add: cart('addToCart.add'),
                  addSchool: cart('addToCart.addSchool'),
                  upgrade: cart('licences.school-upgrade'),
                  adding: cart('addToCart.adding'),
                  added: cart('addToCart.added'),
                  goToCart: cart('addToCart.goToCart'),
                  failed: cart('addToCart.failed'),
                  owned: cart('addToCart.owned'),
                  download: cart('addToCart.download'),
                  boughtLink: cart('blocked.ownedLink'),
                  pendingTransfer: cart('addToCart.pendingTransfer'),
                  pendingPayment: cart('addToCart.pendingPayment'),
                  orderLink: cart('blocked.orderLink'),
                  ownMaterial: cart('addToCart.ownMaterial'),
                  containsOwned: cart('errors.bundle_contains_owned'),
                }}
              />
            ) : (
              <form method="post" action={`/api/v3/orders/free/form?world=${world.code}`} className="add-to-cart">
                <input type="hidden" name="material_id" value={material.id} />
                <button type="submit" data-testid="free-download">
                  {cart('freeDownload')}
                </button>
              </form>
            )}
            {material.ratingAverage !== null ? (
              <p className="material-rating">
                {t('rating', { average: material.ratingAverage, count: material.ratingCount })}
              </p>
            ) : null}
            <ul className="material-facts">
              <li>{t('pages', { count: material.pages })}</li>
              {material.isBundle ? <li>{t('bundle')}</li> : null}
              {standalone ? (
                <li data-testid="standalone-interactive">{t('standaloneInteractive')}</li>
              ) : material.interactiveId !== null ? (
                <li>{t('withInteractive')}</li>
              ) : null}
            </ul>
            {author ? (
              <aside className="author-card" aria-label={t('aboutAuthor')}>
                <p className="author-card-name">
                  <Link
                    href={pathFor(world.code, 'author', { id: String(author.id), slug: author.slug })}
                    prefetch={false}
                  >
                    {author.details.publicName}
                  </Link>
                </p>
                {author.details.subtitle ? <p className="author-subtitle">{author.details.subtitle}</p> : null}
                <p className="post-meta">
                  {t('authorStats', { followers: author.followersNumber, materials: author.details.totalMaterials })}
                </p>
                <FollowAuthorButton
                  authorId={author.id}
                  texts={{
                    follow: t('follow', { name: author.details.publicName }),
                    following: t('followingAuthor', { name: author.details.publicName }),
                  }}
                />
              </aside>
            ) : null}
          </div>
        </div>
        <section aria-labelledby="material-description">
          <h2 id="material-description">{t('description')}</h2>
          {long ? (
            <details className="long-description">
              <summary>{t('readMore')}</summary>
              {description}
            </details>
          ) : (
            description
          )}
        </section>
        {downloadable.length > 0 ? (
          <section aria-labelledby="material-files">
            <h2 id="material-files">{t('files')}</h2>
            <ul>
              {downloadable.map((file) => (
                <li key={file.name}>
                  {t(`fileTypes.${file.type === 'sources' ? 'sources' : 'material_file'}`)}: {file.name} (
                  {formatFileSize(file.sizeBytes, world.locale)})
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="material-classification">
          <h2 id="material-classification">{t('details')}</h2>
          <dl className="material-classification">
            {material.subjects.length ? (
              <>
                <dt>{t('subjects')}</dt>
                <dd>{material.subjects.map((s) => s.title).join(', ')}</dd>
              </>
            ) : null}
            {material.grades.length ? (
              <>
                <dt>{t('grades')}</dt>
                <dd>{material.grades.map((g) => g.title).join(', ')}</dd>
              </>
            ) : null}
            {material.schoolTypes.length ? (
              <>
                <dt>{t('schoolTypes')}</dt>
                <dd>{material.schoolTypes.map((s) => common(`schoolTypes.${s}`)).join(', ')}</dd>
              </>
            ) : null}
            {material.learningYears.length ? (
              <>
                <dt>{t('learningYears')}</dt>
                <dd>{material.learningYears.map((s) => s.title).join(', ')}</dd>
              </>
            ) : null}
            {material.materialTypes.length ? (
              <>
                <dt>{t('materialTypes')}</dt>
                <dd>{material.materialTypes.map((s) => s.title).join(', ')}</dd>
              </>
            ) : null}
            {material.keywords.length ? (
              <>
                <dt>{t('keywords')}</dt>
                <dd>
                  {material.keywords.map((k, i) => (
                    <span key={k.id}>
                      {i > 0 ? ', ' : ''}
                      <Link
                        href={pathFor(world.code, 'keyword-landing', { id: String(k.id), slug: [k.slug] })}
                        prefetch={false}
                      >
                        {k.title}
                      </Link>
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <MaterialShelf
          world={world}
          id="bundle-contents"
          title={t('bundleContents')}
          materials={material.bundleItems}
        />
        <MaterialShelf world={world} id="in-bundles" title={t('inBundles')} materials={material.inBundles} />
        <MaterialShelf world={world} id="related" title={t('related')} materials={related} />
      </article>
    );
  },
};
