import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { getCardTexts } from '@/components/catalog/material-card';
import { searchHeading, searchResultsHtml } from '@/components/search/search-results-html';
import { listHomeMaterials } from '@/lib/catalog/materials';
import { pathFor } from '@/lib/routing/localized-routes';
import { readSearchParams } from '@/lib/search/params';
import { searchMaterials } from '@/lib/search/search';
import {
  isSearchShellRequest,
  SEARCH_SHELL_HEADER,
  SHELL_RESULTS_MARKER,
  SHELL_TITLE_MARKER,
} from '@/lib/search/shell';
import { buildPageMetadata } from '@/lib/seo/page-metadata';
import type { PageProps } from './types';

type SearchPageProps = PageProps & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Whether the front door asks for the page's shell (lib/http/search-shell.ts). Outside a request
 * of Next's (a test rendering the page in-process) there are no headers, and no shell is asked.
 */
async function isShell(): Promise<boolean> {
  let asked: string | null;
  try {
    asked = (await headers()).get(SEARCH_SHELL_HEADER);
  } catch {
    return false;
  }
  return isSearchShellRequest(asked);
}

/**
 * Search results: full-text search, filters with counts, sorting, pagination. The part that
 * depends on the query is one block of markup (components/search/search-results-html.ts), which
 * the front door also builds itself into this page's shell for anonymous visitors.
 */
export const SearchPage = {
  async metadata(props: SearchPageProps) {
    const t = await getTranslations('search');
    const { params } = readSearchParams(await props.searchParams);
    return buildPageMetadata({
      // The heading names the corrected query; the title what was typed (no search runs here).
      title: (await isShell()) ? SHELL_TITLE_MARKER : searchHeading(params, null, t),
      description: t('description'),
      robots: props.route.robots,
      world: props.world.code,
      pathInWorld: (world) => pathFor(world, 'search'),
    });
  },
  async render(props: SearchPageProps) {
    const { world } = props;
    if (await isShell())
      return <div className="search-page" dangerouslySetInnerHTML={{ __html: SHELL_RESULTS_MARKER }} />;
    const [search, folders, common, cards] = await Promise.all([
      getTranslations('search'),
      getTranslations('favorites.folders'),
      getTranslations('common'),
      getCardTexts(),
    ]);
    const { params, invalid } = readSearchParams(await props.searchParams);
    const result = await searchMaterials(world.code, params);
    const popular = result.total === 0 ? await listHomeMaterials(world.code, 'bestsellers', 8) : [];
    const html = searchResultsHtml({
      world,
      params,
      invalid,
      result,
      popular,
      texts: { search: search as never, folders: folders as never, common: common as never, cards },
    });
    return <div className="search-page" dangerouslySetInnerHTML={{ __html: html }} />;
  },
};
