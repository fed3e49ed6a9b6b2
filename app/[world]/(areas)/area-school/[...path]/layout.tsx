import type { ReactNode } from 'react';
import { AreaRouteLayout } from '@/components/areas/area-route-layout';

/** Resolves the page and checks who is asking before the page renders. */
export default function Layout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ world: string; path: string[] }>;
}) {
  return (
    <AreaRouteLayout area="school" params={params}>
      {children}
    </AreaRouteLayout>
  );
}
