import type { ReactNode } from 'react';
import { AreaFrame } from '@/components/areas/area-frame';

/** School accounts: the area's frame, around its error and not-found states. */
export default function Layout({ children }: { children: ReactNode }) {
  return <AreaFrame area="school">{children}</AreaFrame>;
}
