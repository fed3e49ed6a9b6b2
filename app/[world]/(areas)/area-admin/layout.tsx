import type { ReactNode } from 'react';
import { AreaFrame } from '@/components/areas/area-frame';

/** The back office: the area's frame, around its error and not-found states. */
export default function Layout({ children }: { children: ReactNode }) {
  return <AreaFrame area="admin">{children}</AreaFrame>;
}
