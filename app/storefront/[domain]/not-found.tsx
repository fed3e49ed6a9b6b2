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
