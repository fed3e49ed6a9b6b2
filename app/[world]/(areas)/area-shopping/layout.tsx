import type { ReactNode } from 'react';
import { AreaFrame } from '@/components/areas/area-frame';

/** Shopping (cart, payment, order confirmation, e-mail-link landings): the area's frame, around its error and not-found states. */
export default function Layout({ children }: { children: ReactNode }) {
  return <AreaFrame area="shopping">{children}</AreaFrame>;
}
