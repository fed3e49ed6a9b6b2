import type { PageProps, PageView } from '@/components/pages/types';
import type { RouteId } from '@/lib/routing/routes';
import type { AreaPage } from './resolve-area';

/** What an area view renders from: its route, who is asking (null: anonymous) and the query. */
export interface AreaPageProps extends AreaPage {
  query: Record<string, string | string[] | undefined>;
}

/**
 * A view loaded when its route is asked for: each page's server code (and the client components
 * it renders) stays out of every other page's route.
 */
export type LazyView<P extends PageProps = PageProps> = () => Promise<PageView<P>>;

/** The finished views of a set of routes; a route without one renders the translated shell. */
export type ViewRegistry<P extends PageProps = PageProps> = Partial<Record<RouteId, LazyView<P>>>;
