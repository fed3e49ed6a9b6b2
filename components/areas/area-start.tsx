'use client';

import Link from 'next/link';
import { createContext, useContext, type ReactNode } from 'react';
import { useErrorTexts } from '@/components/layout/error-texts';

/** Where an area starts (its first page) and that page's title, for its error state. */
export interface AreaStart {
  href: string;
  label: string;
}

const Context = createContext<AreaStart | null>(null);

/** Gives the area's error boundary its way back, in the world's language. */
export function AreaStartProvider({ start, children }: { start: AreaStart; children: ReactNode }) {
  return <Context.Provider value={start}>{children}</Context.Provider>;
}

/**
 * The translated error state of an area: what happened, a retry, and a link to the area's first
 * page (the cabinet's settings, the cart …) rather than out of the area.
 */
export function AreaError({ reset }: { reset: () => void }) {
  const t = useErrorTexts();
  const start = useContext(Context);
  return (
    <section className="state-page" data-state="error" role="alert">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <p>
        <button type="button" onClick={reset}>
          {t.retry}
        </button>
        {start ? (
          <>
            {' · '}
            <Link href={start.href}>{start.label}</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
