import Link from 'next/link';
import { domain } from 'next/root-params';
import { getTranslations } from 'next-intl/server';
import { getStorefront } from '@/lib/storefront/storefront';

/** Not-found state of an author's storefront, in the storefront's language. */
export default async function StorefrontNotFound() {
  const host = await domain();
  const storefront = host ? await getStorefront(host) : null;
  const t = await getTranslations({ locale: storefront?.world ?? 'de', namespace: 'common' });
  return (
    <section className="state-page" data-state="not-found">
      {/* A title of its own: the not-found state is rendered in the browser (docs/decisions.md,
         "Not-found states render on the client after a 404"), and a copy served from the page
         store then got none; React puts this one into the head. */}
      <title>{t('notFound.title')}</title>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link href="/" prefetch={false}>
          {t('notFound.home')}
        </Link>
      </p>
    </section>
  );
}
