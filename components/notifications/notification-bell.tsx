'use client';

import { lazy, Suspense } from 'react';
import { useLoggedInFlag } from '@/components/session/use-logged-in-flag';
import type { BellProps } from './live-bell';

const LiveBell = lazy(() => import('./live-bell'));

/**
 * The header's place for the bell. The server renders nothing (stored pages are the same for
 * every visitor); in a browser whose logged-in flag is set, the bell and its live connection are
 * loaded, as a chunk of their own that anonymous visitors never download.
 */
export function NotificationBell(props: BellProps) {
  if (useLoggedInFlag() !== true) return null;
  return (
    <Suspense fallback={null}>
      <LiveBell {...props} />
    </Suspense>
  );
}
