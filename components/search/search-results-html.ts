import { materialCardHtml, type CardTexts } from '@/components/catalog/material-card-html';
import type { MaterialCard } from '@/lib/catalog/materials';
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';
import { currencySymbol } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { searchQueryString, SEARCH_SORTS, type SearchParams } from '@/lib/search/params';
import type { FacetValue, SearchResult } from '@/lib/search/results';
import { markup, type SafeHtml } from '@/lib/text/html';
import type { World } from '@/lib/worlds/worlds';

/** A message of a text group, formatted (next-intl's `t`, on the server or from createTranslator). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The words the results region shows. */
export interface SearchResultTexts {
  search: Translate;
  folders: Translate;
  common: Translate;
  cards: CardTexts;
}

export interface SearchResultsInput {
  world: World;
  params: SearchParams;
  /** The URL held values that were dropped. */
  invalid: boolean;
  result: SearchResult;
  /** Shown when nothing was found. */
  popular: MaterialCard[];
  texts: SearchResultTexts;
}

/** The heading of a search (and its page title): the query searched for, or the plain title. */
export function searchHeading(params: SearchParams, correctedQuery: string | null, t: Translate): string {
  return params.q ? t('titleFor', { query: correctedQuery ?? params.q }) : t('title');
}

function facetGroup(
  name: string,
  legend: string,
  values: FacetValue[],
  selected: (string | number)[],
  titles?: Record<string, string>,
): SafeHtml | null {
  if (values.length === 0) return null;
  const chosen = new Set(selected.map(String));
  return markup`<fieldset class="facet"><legend>${legend}</legend>${values.map((value) => {
    const id = `f-${name}-${value.id}`;
    return markup`<div class="facet-value"><input type="checkbox" id="${id}" name="${name}" value="${value.id}"${
      chosen.has(String(value.id)) ? markup` checked=""` : null
    }/><label for="${id}">${titles?.[String(value.id)] ?? value.title} <span class="count">(${value.count})</span></label></div>`;
  })}</fieldset>`;
}

/**
 * The part of a search page that depends on the query — heading, notices, count, the filter form
 * with its counts, the results and the page links — as markup. The page hands it to the browser
 * as finished markup (nothing in it runs script: the form is a plain GET form), so the same
 * function serves the page Next renders and the answers the front door builds from the page's
 * shell without Next (lib/http/search-shell.ts).
 */
export function searchResultsHtml({ world, params, invalid, result, popular, texts }: SearchResultsInput): string {
  const t = texts.search;
  const action = pathFor(world.code, 'search');
  const schoolTypeTitles = Object.fromEntries(SCHOOL_TYPES.map((s) => [s, texts.common(`schoolTypes.${s}`)]));
  const pageLink = (page: number) => `${action}${searchQueryString({ ...params, page })}`;
  const currency = currencySymbol(world.currency, world.locale);
  const toFolder = `${pathFor(world.code, 'cabinet-folders')}?add=${encodeURIComponent(
    searchQueryString({ ...params, q: result.correctedQuery ?? params.q, page: 1 }).slice(1),
  )}`;
  const cards = (materials: MaterialCard[], eager: number) =>
    markup`<div class="shelf-items">${materials.map((material, i) =>
      materialCardHtml(world, material, i < eager, texts.cards),
    )}</div>`;
  const priceValue = (value: 'all' | 'free' | 'paid') =>
    markup`<div class="facet-value"><input type="radio" id="f-price-${value}" name="price" value="${
      value === 'all' ? '' : value
    }"${(params.price ?? 'all') === value ? markup` checked=""` : null}/><label for="f-price-${value}">${t(`price.${value}`)}${
      value !== 'all' ? markup`<span class="count"> (${result.facets.price[value]})</span>` : null
    }</label></div>`;

  const empty = markup`<div class="search-empty"><p>${t('empty', { query: params.q })}</p>${
    result.suggestion
      ? markup`<p>${t('didYouMean')} <a href="${`${action}${searchQueryString({ q: result.suggestion })}`}">${result.suggestion}</a></p>`
      : null
  }${
    popular.length > 0
      ? markup`<section class="shelf" aria-labelledby="search-popular"><h2 id="search-popular">${t('popular')}</h2>${cards(popular, 0)}</section>`
      : null
  }</div>`;
  const found = markup`${cards(result.items, 4)}${
    result.pages > 1
      ? markup`<nav class="pagination" aria-label="${t('pagination')}">${
          params.page > 1 ? markup`<a rel="prev" href="${pageLink(params.page - 1)}">${t('previous')}</a>` : null
        }<span aria-current="page">${t('pageOf', { page: params.page, pages: result.pages })}</span>${
          params.page < result.pages ? markup`<a rel="next" href="${pageLink(params.page + 1)}">${t('next')}</a>` : null
        }</nav>`
      : null
  }`;

  return markup`<h1>${searchHeading(params, result.correctedQuery, t)}</h1>${
    invalid ? markup`<p role="alert">${t('invalidFilters')}</p>` : null
  }${
    result.correctedQuery
      ? markup`<p class="search-correction" data-testid="corrected-query">${t('corrected', {
          corrected: result.correctedQuery,
          typed: params.q,
        })}</p>`
      : null
  }<p class="search-count" role="status" data-testid="result-count" data-total="${result.total}">${t('count', {
    count: result.total,
  })}</p>${
    result.total > 0
      ? markup`<p class="search-to-folder"><a href="${toFolder}" rel="nofollow" data-testid="search-to-folder">${texts.folders('searchToFolder')}</a></p>`
      : null
  }<div class="search-layout"><form action="${action}" method="get" class="search-filters" aria-label="${t(
    'filters',
  )}"><label for="search-q" class="visually-hidden">${t('placeholder')}</label><input id="search-q" type="search" name="q" value="${
    params.q
  }" placeholder="${t('placeholder')}"/>${
    params.author ? markup`<input type="hidden" name="author" value="${params.author}"/>` : null
  }<label for="search-sort">${t('sortLabel')}</label><select id="search-sort" name="sort">${SEARCH_SORTS.map(
    (sort) =>
      markup`<option value="${sort}"${sort === result.sort ? markup` selected=""` : null}>${t(`sort.${sort}`)}</option>`,
  )}</select><fieldset class="facet"><legend>${t('priceLegend')}</legend>${(['all', 'free', 'paid'] as const).map(
    priceValue,
  )}<div class="price-range"><label for="f-price-min">${t('priceMin', {
    currency,
  })}</label><input id="f-price-min" name="price_min" type="number" min="0" step="0.01" inputmode="decimal"${
    params.price_min !== undefined ? markup` value="${params.price_min}"` : null
  }/><label for="f-price-max">${t('priceMax', {
    currency,
  })}</label><input id="f-price-max" name="price_max" type="number" min="0" step="0.01" inputmode="decimal"${
    params.price_max !== undefined ? markup` value="${params.price_max}"` : null
  }/></div></fieldset>${facetGroup('subject', t('facets.subject'), result.facets.subject, params.subject)}${facetGroup(
    'class_grade',
    t('facets.class_grade'),
    result.facets.class_grade,
    params.class_grade,
  )}${facetGroup(
    'school_type',
    t('facets.school_type'),
    result.facets.school_type,
    params.school_type,
    schoolTypeTitles,
  )}${facetGroup('material_type', t('facets.material_type'), result.facets.material_type, params.material_type)}${facetGroup(
    'learning_years',
    t('facets.learning_years'),
    result.facets.learning_years,
    params.learning_years,
  )}<button type="submit" class="button">${t('apply')}</button><a href="${action}" class="reset-link">${t(
    'reset',
  )}</a></form><section class="search-results" aria-label="${t('results')}">${
    result.total === 0 ? empty : found
  }</section></div>`.value;
}
