import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Labels } from '@/components/catalog/labels';
import { MaterialShelf } from '@/components/catalog/material-card';
import { Price } from '@/components/catalog/price';
import { capPreviewSize, getMaterialLabels, isStandaloneInteractive } from '@/lib/catalog/labels';
import { getMaterialDetail, type MaterialDetail } from '@/lib/catalog/materials';
import { pathFor } from '@/lib/routing/localized-routes';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import { mediaUrl } from '@/lib/storage/media-url';
import { htmlToText, sanitizeAuthorHtml } from '@/lib/text/sanitize';
import { isWorldCode, type World } from '@/lib/worlds/worlds';
import type { PageProps, PageView } from './types';

async function load(props: PageProps): Promise<MaterialDetail> {
  const id = Number(props.params.id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const material = await getMaterialDetail(id);
  if (!material || !isWorldCode(material.world)) notFound();
  return material;
}

function canonicalPath(material: MaterialDetail) {
  return pathFor(material.world as World['code'], 'material', { id: String(material.id), slug: material.slug });
}

function formatBytes(bytes: number, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: bytes > 1e6 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes > 1e6 ? bytes / 1e6 : bytes / 1e3);
}

/** The material page (SPEC §2): previews, price, labels, description, files, classification. */
export const MaterialPage: PageView = {
  async metadata(props) {
    const material = await load(props);
    return buildPageMetadata({
      title: material.title,
      description: htmlToText(material.description),
      robots: props.route.robots,
      world: material.world as World['code'],
      worlds: [material.world as World['code']],
      pathInWorld: () => canonicalPath(material),
      image: material.coverPath ? mediaUrl(material.coverPath) : undefined,
    });
  },
  async render(props) {
    const material = await load(props);
    // A material lives in one world; a wrong world or slug goes to its canonical address.
    if (material.world !== props.world.code || props.params.slug !== material.slug) permanentRedirect(canonicalPath(material));
    const { world } = props;
    const t = await getTranslations('material-page');
    const common = await getTranslations('common');
    const [firstPreview, ...otherPreviews] = material.previews;
    const fileTypes = material.files.map((f) => f.type);
    const standalone = isStandaloneInteractive({ ...material, fileTypes });
    const downloadable = material.files.filter((f) => f.type !== 'cover');
    return (
      <article className="material" data-material-id={material.id}>
        <div className="material-main">
          <div className="material-gallery">
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
            <h1>{material.title}</h1>
            <p className="material-author">
              {t('by')}{' '}
              <Link href={pathFor(world.code, 'author', { id: String(material.author.id), slug: material.author.slug })}>
                {material.author.publicName}
              </Link>
            </p>
            <Labels
              labels={getMaterialLabels(material)}
              texts={{ bestseller: common('labels.bestseller'), new: common('labels.new'), sale: common('labels.sale') }}
            />
            <p className="material-price">
              <Price {...material} world={world} freeLabel={common('price.free')} previousPriceLabel={common('price.previous')} />
            </p>
            {material.ratingAverage !== null ? (
              <p className="material-rating">{t('rating', { average: material.ratingAverage, count: material.ratingCount })}</p>
            ) : null}
            <ul className="material-facts">
              <li>{t('pages', { count: material.pages })}</li>
              {material.isBundle ? <li>{t('bundle')}</li> : null}
              {standalone ? <li data-testid="standalone-interactive">{t('standaloneInteractive')}</li> : material.interactiveId !== null ? <li>{t('withInteractive')}</li> : null}
            </ul>
          </div>
        </div>
        <section aria-labelledby="material-description">
          <h2 id="material-description">{t('description')}</h2>
          <div className="material-description" dangerouslySetInnerHTML={{ __html: sanitizeAuthorHtml(material.description) }} />
        </section>
        {downloadable.length > 0 ? (
          <section aria-labelledby="material-files">
            <h2 id="material-files">{t('files')}</h2>
            <ul>
              {downloadable.map((file) => (
                <li key={file.name}>
                  {t(`fileTypes.${file.type === 'sources' ? 'sources' : 'material_file'}`)}: {file.name} ({formatBytes(file.sizeBytes, world.locale)})
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="material-classification">
          <h2 id="material-classification">{t('details')}</h2>
          <dl className="material-classification">
            {material.subjects.length ? (<><dt>{t('subjects')}</dt><dd>{material.subjects.map((s) => s.title).join(', ')}</dd></>) : null}
            {material.grades.length ? (<><dt>{t('grades')}</dt><dd>{material.grades.map((g) => g.title).join(', ')}</dd></>) : null}
            {material.schoolTypes.length ? (<><dt>{t('schoolTypes')}</dt><dd>{material.schoolTypes.map((s) => common(`schoolTypes.${s}`)).join(', ')}</dd></>) : null}
            {material.learningYears.length ? (<><dt>{t('learningYears')}</dt><dd>{material.learningYears.map((s) => s.title).join(', ')}</dd></>) : null}
            {material.materialTypes.length ? (<><dt>{t('materialTypes')}</dt><dd>{material.materialTypes.map((s) => s.title).join(', ')}</dd></>) : null}
            {material.keywords.length ? (
              <>
                <dt>{t('keywords')}</dt>
                <dd>
                  {material.keywords.map((k, i) => (
                    <span key={k.id}>
                      {i > 0 ? ', ' : ''}
                      <Link href={pathFor(world.code, 'keyword-landing', { id: String(k.id), slug: [k.slug] })} prefetch={false}>{k.title}</Link>
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <MaterialShelf world={world} id="bundle-contents" title={t('bundleContents')} materials={material.bundleItems} />
        <MaterialShelf world={world} id="in-bundles" title={t('inBundles')} materials={material.inBundles} />
      </article>
    );
  },
};
