import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import type { RouteParams } from '@/lib/routing/localized-routes';
import type { Route } from '@/lib/routing/routes';
import type { World } from '@/lib/worlds/worlds';

export interface PageProps {
  world: World;
  route: Route;
  params: RouteParams;
}

/**
 * What a route renders: its view and its metadata. `render` may return a redirect target
 * (e.g. a wrong slug) instead of a view.
 */
export interface PageView<P extends PageProps = PageProps> {
  render(props: P): Promise<ReactNode>;
  metadata(props: PageProps): Promise<Metadata>;
}
