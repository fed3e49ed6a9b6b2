import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MaterialCardList, MaterialShelf } from '@/components/catalog/material-card';
import { listHomeMaterials } from '@/lib/catalog/materials';
import { currencySymbol } from '@/lib/pricing/format-price';
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';
import { pathFor } from '@/lib/routing/localized-routes';
import {
  searchParamsSchema,
  searchParamsToObject,
  searchQueryString,
  SEARCH_SORTS,
  type SearchParams,
} from '@/lib/search/params';
import { searchMaterials, type FacetValue } from '@/lib/search/search';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import type { PageProps } from './types';

type SearchPageProps = PageProps & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Reads the URL; invalid values are dropped rather than failing the page. */
async function readParams(props: SearchPageProps): Promise<{ params: SearchParams; invalid: boolean }> {
  const raw = searchParamsToObject(await props.searchParams);
  const parsed = searchParamsSchema.safeParse(raw);
  if (parsed.success) return { params: parsed.data, invalid: false };
  const q = typeof raw.q === 'string' ? raw.q.slice(0, 200) : '';
  return { params: searchParamsSchema.parse({ q }), invalid: true };
}

function FacetGroup({
  name,
  legend,
  values,
  selected,
  titles,
}: {
  name: string;
  legend: string;
  values: FacetValue[];
  selected: (string | number)[];
  titles?: Record<string, string>;
}) {
  if (values.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      {values.map((value) => {
        const id = `f-${name}-${value.id}`;
        return (
          <div key={value.id} className="facet-value">
            <input
              type="checkbox"
              id={id}
              name={name}
              value={value.id}
              defaultChecked={selected.map(String).includes(String(value.id))}
            />
            <label htmlFor={id}>
              {titles?.[String(value.id)] ?? value.title} <span className="count">({value.count})</span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** Search results: full-text search, filters with counts, sorting, pagination. */
export const SearchPage = {
  async metadata(props: SearchPageProps) {
    const t = await getTranslations('search');
    const { params } = await readParams(props);
    return buildPageMetadata({
      title: params.q ? t('titleFor', { query: params.q }) : t('title'),
      description: t('description'),
      robots: props.route.robots,
      world: props.world.code,
      pathInWorld: (world) => pathFor(world, 'search'),
    });
  },
  async render(props: SearchPageProps) {
    const { world } = props;
    const t = await getTranslations('search');
    const folderTexts = await getTranslations('favorites.folders');
    const common = await getTranslations('common');
    const { params, invalid } = await readParams(props);
    const result = await searchMaterials(world.code, params);
    const action = pathFor(world.code, 'search');
    const schoolTypeTitles = Object.fromEntries(SCHOOL_TYPES.map((s) => [s, common(`schoolTypes.${s}`)]));
    const pageLink = (page: number) => `${action}${searchQueryString({ ...params, page })}`;
    const popular = result.total === 0 ? await listHomeMaterials(world.code, 'bestsellers', 8) : [];
    return (
      <div className="search-page">
        <h1>{params.q ? t('titleFor', { query: result.correctedQuery ?? params.q }) : t('title')}</h1>
        {invalid ? <p role="alert">{t('invalidFilters')}</p> : null}
        {result.correctedQuery ? (
          <p className="search-correction" data-testid="corrected-query">
            {t('corrected', { corrected: result.correctedQuery, typed: params.q })}
          </p>
        ) : null}
        <p className="search-count" role="status" data-testid="result-count" data-total={result.total}>
          {t('count', { count: result.total })}
        </p>
        {result.total > 0 ? (
          <p className="search-to-folder">
            {/* The same link for every visitor (the page is cached whole); the folder page asks who it is. */}
            <Link
              href={`${pathFor(world.code, 'cabinet-folders')}?add=${encodeURIComponent(
                searchQueryString({ ...params, q: result.correctedQuery ?? params.q, page: 1 }).slice(1),
              )}`}
              rel="nofollow"
              prefetch={false}
              data-testid="search-to-folder"
            >
              {folderTexts('searchToFolder')}
            </Link>
          </p>
        ) : null}
        <div className="search-layout">
          <form action={action} method="get" className="search-filters" aria-label={t('filters')}>
            <label htmlFor="search-q" className="visually-hidden">
              {t('placeholder')}
            </label>
            <input id="search-q" type="search" name="q" defaultValue={params.q} placeholder={t('placeholder')} />
            {params.author ? <input type="hidden" name="author" value={params.author} /> : null}
            <label htmlFor="search-sort">{t('sortLabel')}</label>
            <select id="search-sort" name="sort" defaultValue={result.sort}>
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </select>
            <fieldset className="facet">
              <legend>{t('priceLegend')}</legend>
              {(['all', 'free', 'paid'] as const).map((value) => (
                <div key={value} className="facet-value">
                  <input
                    type="radio"
                    id={`f-price-${value}`}
                    name="price"
                    value={value === 'all' ? '' : value}
                    defaultChecked={(params.price ?? 'all') === value}
                  />
                  <label htmlFor={`f-price-${value}`}>
                    {t(`price.${value}`)}
                    {value !== 'all' ? <span className="count"> ({result.facets.price[value]})</span> : null}
                  </label>
                </div>
              ))}
              <div className="price-range">
                <label htmlFor="f-price-min">
                  {t('priceMin', { currency: currencySymbol(world.currency, world.locale) })}
                </label>
                <input
                  id="f-price-min"
                  name="price_min"
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  defaultValue={params.price_min}
                />
                <label htmlFor="f-price-max">
                  {t('priceMax', { currency: currencySymbol(world.currency, world.locale) })}
                </label>
                <input
                  id="f-price-max"
                  name="price_max"
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  defaultValue={params.price_max}
                />
              </div>
            </fieldset>
            <FacetGroup
              name="subject"
              legend={t('facets.subject')}
              values={result.facets.subject}
              selected={params.subject}
            />
            <FacetGroup
              name="class_grade"
              legend={t('facets.class_grade')}
              values={result.facets.class_grade}
              selected={params.class_grade}
            />
            <FacetGroup
              name="school_type"
              legend={t('facets.school_type')}
              values={result.facets.school_type}
              selected={params.school_type}
              titles={schoolTypeTitles}
            />
            <FacetGroup
              name="material_type"
              legend={t('facets.material_type')}
              values={result.facets.material_type}
              selected={params.material_type}
            />
            <FacetGroup
              name="learning_years"
              legend={t('facets.learning_years')}
              values={result.facets.learning_years}
              selected={params.learning_years}
            />
            <button type="submit" className="button">
              {t('apply')}
            </button>
            <Link href={action} className="reset-link" prefetch={false}>
              {t('reset')}
            </Link>
          </form>
          <section className="search-results" aria-label={t('results')}>
            {result.total === 0 ? (
              <div className="search-empty">
                <p>{t('empty', { query: params.q })}</p>
                {result.suggestion ? (
                  <p>
                    {t('didYouMean')}{' '}
                    <Link href={`${action}${searchQueryString({ q: result.suggestion })}`} prefetch={false}>
                      {result.suggestion}
                    </Link>
                  </p>
                ) : null}
                <MaterialShelf world={world} id="search-popular" title={t('popular')} materials={popular} />
              </div>
            ) : (
              <>
                <MaterialCardList world={world} materials={result.items} eagerCovers={4} />
                {result.pages > 1 ? (
                  <nav className="pagination" aria-label={t('pagination')}>
                    {params.page > 1 ? (
                      <Link href={pageLink(params.page - 1)} rel="prev" prefetch={false}>
                        {t('previous')}
                      </Link>
                    ) : null}
                    <span aria-current="page">{t('pageOf', { page: params.page, pages: result.pages })}</span>
                    {params.page < result.pages ? (
                      <Link href={pageLink(params.page + 1)} rel="next" prefetch={false}>
                        {t('next')}
                      </Link>
                    ) : null}
                  </nav>
                ) : null}
              </>
            )}
          </section>
        </div>
      </div>
    );
  },
};
