import type { ReactNode } from 'react';
import { AreaFrame } from '@/components/areas/area-frame';

/** Account entry (login, registration, recovery, consent): the area's frame, around its error and not-found states. */
export default function Layout({ children }: { children: ReactNode }) {
  return <AreaFrame area="account">{children}</AreaFrame>;
}
