import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { getFreeDownload } from '@/lib/downloads/downloads';
import { downloadUrl } from '@/lib/downloads/links';
import { pathFor } from '@/lib/routing/localized-routes';
import styles from './commerce.module.css';

/**
 * The page of a free material's mail (route `free-download`): for 30 days it gives the teacher
 * the mail was sent to a download link made for this page view (stamped with their licence like
 * every download), with or without signing in. A link that opens nothing (forged, expired, the
 * licence refunded, the material withdrawn) says so and points to the free materials.
 */
export const FreeDownloadPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, params }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('payment');
    const token = typeof params.token === 'string' ? params.token : '';
    const free = await getFreeDownload(token);
    if (!free) {
      return (
        <section className={styles.page} data-route={route.id} data-state="invalid">
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          <p className={styles.error} role="alert">
            {t('freeDownload.invalid')}
          </p>
          <p>
            <Link href={`${pathFor(world.code, 'search')}?price=free`}>{t('freeDownload.search')}</Link>
          </p>
        </section>
      );
    }
    return (
      <section className={styles.page} data-route={route.id} data-state="valid">
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('freeDownload.intro')}</p>
        <p>
          <strong>{free.title}</strong>
        </p>
        <p>
          <a
            href={downloadUrl(free.userId, free.materialId)}
            className={styles.primary}
            data-testid="free-download-file"
            download
          >
            {t('freeDownload.download')}
          </a>
        </p>
        <p className={styles.licence}>{t('freeDownload.hint')}</p>
        <p>
          <Link href={pathFor(free.world, 'material', { id: String(free.materialId), slug: free.slug })}>
            {t('freeDownload.toMaterial')}
          </Link>{' '}
          · <Link href={pathFor(world.code, 'cabinet-bought')}>{t('freeDownload.bought')}</Link>
        </p>
      </section>
    );
  },
};
