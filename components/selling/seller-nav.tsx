import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import styles from './selling.module.css';

/** The seller's pages, in the order a seller goes through them. */
const SELLER_PAGES: readonly RouteId[] = [
  'cabinet-materials',
  'cabinet-upload',
  'cabinet-sales',
  'cabinet-evaluation',
  'cabinet-fees',
  'cabinet-author-page',
  'cabinet-post-editor',
  'cabinet-material-sharing',
  'cabinet-share',
  'cabinet-fonts-tools',
];

/** Navigation between the seller's pages (titles from the routes' own page titles). */
export async function SellerNav({ world, current }: { world: WorldCode; current: RouteId }) {
  const meta = await getTranslations('meta');
  return (
    <nav aria-label={meta('routes.cabinet-materials.title')} className={styles.filters} data-testid="seller-nav">
      {SELLER_PAGES.map((route) => (
        <Link
          key={route}
          href={pathFor(world, route)}
          prefetch={false}
          aria-current={route === current ? 'page' : undefined}
        >
          {meta(`routes.${route}.title`)}
        </Link>
      ))}
    </nav>
  );
}
