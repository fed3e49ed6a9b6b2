'use client';

import { AreaError } from '@/components/areas/area-start';

/** The translated error state of the area. */
export default function ErrorState({ reset }: { error: Error; reset: () => void }) {
  return <AreaError reset={reset} />;
}
