import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { listOwnedMaterials } from '@/lib/downloads/downloads';
import { downloadUrl } from '@/lib/downloads/links';
import { pathFor } from '@/lib/routing/localized-routes';
import { isWorldCode } from '@/lib/worlds/worlds';
import { cartFormAction } from './cart-form-action';
import styles from './commerce.module.css';

/**
 * Bought materials (route `cabinet-bought`): every material the teacher holds a licence for, with
 * a download link made for this page view (signed, valid for minutes, so the page works without
 * scripts) and the upgrade of a single licence to a school licence for the difference.
 */
export const BoughtMaterialsPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('cabinet-materials');
    const owned = userId === null ? [] : await listOwnedMaterials(userId);
    const now = Date.now();
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('bought.intro')}</p>
        {owned.length === 0 ? (
          <p data-testid="bought-empty">
            {t('bought.empty')} <Link href={pathFor(world.code, 'search')}>{t('bought.browse')}</Link>
          </p>
        ) : (
          <>
            <ul className={styles.lines} data-testid="bought-list">
              {owned.map((item) => (
                <li key={item.materialId} className={styles.line} data-material-id={item.materialId}>
                  <div>
                    {isWorldCode(item.world) ? (
                      <Link href={pathFor(item.world, 'material', { id: String(item.materialId), slug: item.slug })}>
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )}
                    <span className={styles.licence}>
                      {t(`bought.licences.${item.licence}`)}
                      {item.orderReference ? ` · ${t('bought.order', { reference: item.orderReference })}` : ''}
                    </span>
                  </div>
                  <div>
                    {item.hasFile && userId !== null ? (
                      <a href={downloadUrl(userId, item.materialId, now)} data-testid="download" download>
                        {t('bought.download')}
                      </a>
                    ) : (
                      <span className={styles.licence}>{t('bought.noFile')}</span>
                    )}
                  </div>
                  <div>
                    {item.licence === 'single' && item.world === world.code ? (
                      <form method="post" action={cartFormAction(world.code)}>
                        <input type="hidden" name="action" value="add" />
                        <input type="hidden" name="material_id" value={item.materialId} />
                        <input type="hidden" name="licence" value="school" />
                        <button type="submit" className={styles.linkButton} data-testid="upgrade">
                          {t('bought.upgrade')}
                        </button>
                      </form>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            <p className={styles.licence}>{t('bought.linkHint')}</p>
          </>
        )}
      </section>
    );
  },
};
