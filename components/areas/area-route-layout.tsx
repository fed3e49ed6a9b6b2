import type { ReactNode } from 'react';
import type { FolderArea } from '@/lib/routing/areas';
import { CabinetLayout } from './cabinet-layout';
import { resolveAreaPage, type AreaRouteProps } from './resolve-area';

/**
 * The layout of an area's pages. It resolves the route and checks who is asking before anything
 * of the page renders, so a missing page answers 404 and an anonymous visitor of a signed-in
 * area a 307 to login: a loading state below this layout can never turn either into a 200.
 */
export async function AreaRouteLayout({
  area,
  params,
  children,
}: AreaRouteProps & { area: FolderArea; children: ReactNode }) {
  const page = await resolveAreaPage(area, { params });
  if (area === 'cabinet') return <CabinetLayout page={page}>{children}</CabinetLayout>;
  return <>{children}</>;
}
