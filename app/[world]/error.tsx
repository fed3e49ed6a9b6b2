'use client';

import { useErrorTexts } from '@/components/layout/error-texts';

/** The translated error state of a world. */
export default function ErrorState({ reset }: { error: Error; reset: () => void }) {
  const t = useErrorTexts();
  return (
    <section className="state-page" data-state="error" role="alert">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <button type="button" onClick={reset}>
        {t.retry}
      </button>
    </section>
  );
}
