import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { readWorldParam } from '@/lib/i18n/world-param';
import { pathFor } from '@/lib/routing/localized-routes';
import { getWorldOrDefault } from '@/lib/worlds/worlds';

/** The translated not-found state of a world. */
export default async function NotFound() {
  const world = getWorldOrDefault(await readWorldParam());
  const t = await getTranslations('common');
  return (
    <section className="state-page" data-state="not-found">
      {/* A title of its own: the not-found state is rendered in the browser (docs/decisions.md,
         "Not-found states render on the client after a 404"), and a copy served from the page
         store then got none; React puts this one into the head. */}
      <title>{t('notFound.title')}</title>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link href={pathFor(world.code, 'home')} prefetch={false}>
          {t('notFound.home')}
        </Link>{' '}
        ·{' '}
        <Link href={pathFor(world.code, 'search')} prefetch={false}>
          {t('notFound.search')}
        </Link>
      </p>
    </section>
  );
}
