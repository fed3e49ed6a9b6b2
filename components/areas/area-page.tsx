import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isNotFoundError } from '@/components/pages/not-found-error';
import { ShellPage } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import type { FolderArea } from '@/lib/routing/areas';
import type { AreaPageProps, ViewRegistry } from './lazy-view';
import { resolveAreaPage, resolveAreaRoute, type AreaRouteProps } from './resolve-area';

/**
 * The page and metadata of an area's catch-all folder: the route's view from the area's lazy
 * registry, or the translated shell for routes not built yet (open in docs/spec-coverage.md).
 */
export function areaPage(area: FolderArea, views: ViewRegistry<AreaPageProps>) {
  async function generateMetadata(props: AreaRouteProps): Promise<Metadata> {
    try {
      const page = await resolveAreaRoute(area, props);
      const view = (await views[page.route.id]?.()) ?? ShellPage;
      return await view.metadata(page);
    } catch (error) {
      // Metadata renders outside the area's not-found boundary: the layout calls notFound()
      // itself, so the translated not-found state is what the visitor gets.
      if (!isNotFoundError(error)) throw error;
      const t = await getTranslations('common');
      return { title: t('notFound.title'), robots: { index: false, follow: false } };
    }
  }

  async function AreaRoutePage(props: AreaRouteProps) {
    const page = await resolveAreaPage(area, props);
    const view: PageView<AreaPageProps> = (await views[page.route.id]?.()) ?? ShellPage;
    return view.render({ ...page, query: (await props.searchParams) ?? {} });
  }

  return { generateMetadata, Page: AreaRoutePage };
}
