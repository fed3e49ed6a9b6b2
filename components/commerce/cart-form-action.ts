import type { WorldCode } from '@/lib/worlds/worlds';

/** The form action of every cart change: a plain post that works before (or without) scripts. */
export function cartFormAction(world: WorldCode): string {
  return `/api/v1/cart/form?world=${world}`;
}
