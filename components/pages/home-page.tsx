import { getTranslations } from 'next-intl/server';
import { MaterialShelf } from '@/components/catalog/material-card';
import { JsonLd } from '@/components/seo/json-ld';
import { listPopularAuthors, listSubjectsWithCounts } from '@/lib/catalog/landings';
import { listHomeMaterials } from '@/lib/catalog/materials';
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';
import { IMPRINT } from '@/lib/legal/imprint';
import { pathFor } from '@/lib/routing/localized-routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { buildOrganization, buildWebSite } from '@/components/seo/structured-data';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/**
 * The home page of a world: search, subject and school-type sliders, shelves of bestsellers,
 * new, free and discounted materials, and popular authors — all from the world's data.
 */
export const HomePage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('home');
    const common = await getTranslations('common');
    const searchPath = pathFor(world.code, 'search');
    // Sequential: PGlite answers one query at a time, and each list is cached anyway.
    const subjects = await listSubjectsWithCounts(world.code);
    const bestsellers = await listHomeMaterials(world.code, 'bestsellers');
    const fresh = await listHomeMaterials(world.code, 'new');
    const free = await listHomeMaterials(world.code, 'free');
    const sale = await listHomeMaterials(world.code, 'sale');
    const authors = await listPopularAuthors(world.code);
    const origin = getPublicOrigin();
    return (
      <>
        <JsonLd
          data={[
            buildWebSite({ origin, world: world.code, name: common('siteName') }),
            buildOrganization({ origin, world: world.code, imprint: IMPRINT }),
          ]}
        />
        <section className="hero">
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
          <form action={searchPath} method="get" role="search" className="hero-search" aria-label={t('searchLabel')}>
            <label htmlFor="hero-q" className="visually-hidden">
              {t('searchLabel')}
            </label>
            <input id="hero-q" name="q" type="search" placeholder={t('searchPlaceholder')} />
            <button type="submit">{t('searchButton')}</button>
          </form>
        </section>
        {subjects.some((s) => s.count > 0) ? (
          <section aria-labelledby="slider-subjects">
            <h2 id="slider-subjects">{t('subjects')}</h2>
            <ul className="slider">
              {subjects
                .filter((s) => s.count > 0)
                .map((s) => (
                  <li key={s.id}>
                    <a href={`${searchPath}?subject=${s.id}`} className="chip">
                      {s.title} <span className="count">{s.count}</span>
                    </a>
                  </li>
                ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="slider-schools">
          <h2 id="slider-schools">{t('schoolTypes')}</h2>
          <ul className="slider">
            {SCHOOL_TYPES.filter((s) => s !== 'alle').map((s) => (
              <li key={s}>
                <a href={`${searchPath}?school_type=${s}`} className="chip">
                  {common(`schoolTypes.${s}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <MaterialShelf
          world={world}
          id="shelf-bestsellers"
          title={t('bestsellers')}
          materials={bestsellers}
          eagerCovers={4}
        />
        <MaterialShelf world={world} id="shelf-new" title={t('new')} materials={fresh} />
        <MaterialShelf world={world} id="shelf-free" title={t('free')} materials={free} />
        <MaterialShelf world={world} id="shelf-sale" title={t('sale')} materials={sale} />
        {authors.length ? (
          <section aria-labelledby="popular-authors">
            <h2 id="popular-authors">{t('popularAuthors')}</h2>
            <ul className="author-list">
              {authors.map((a) => (
                <li key={a.id} className="card">
                  <a href={pathFor(world.code, 'author', { id: String(a.id), slug: a.slug })}>{a.publicName}</a>
                  {a.subtitle ? <span className="post-meta">{a.subtitle}</span> : null}
                  <span className="post-meta">{t('followers', { count: a.followersNumber })}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </>
    );
  },
};
