'use client';

import { useTranslations } from 'next-intl';

/** The translated error state of a world. */
export default function ErrorState({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('common');
  return (
    <section className="state-page" data-state="error" role="alert">
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <button type="button" onClick={reset}>
        {t('error.retry')}
      </button>
    </section>
  );
}
