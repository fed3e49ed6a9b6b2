import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { listOwnedMaterials, listOwnedWorlds, ownedMaterialFilterSchema } from '@/lib/downloads/downloads';
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
  async render({ world, route, userId, query }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('cabinet-materials');
    const folders = await getTranslations('favorites.folders');
    const filter = ownedMaterialFilterSchema.parse(query);
    const filtered = Boolean(filter.q || filter.licence || filter.world);
    const [owned, worlds] =
      userId === null ? [[], []] : await Promise.all([listOwnedMaterials(userId, filter), listOwnedWorlds(userId)]);
    const now = Date.now();
    const here = pathFor(world.code, route.id);
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('bought.intro')}</p>
        {owned.length > 0 ? (
          <p>
            <Link href={`${pathFor(world.code, 'cabinet-folders')}?type=purchased`} data-testid="to-folders">
              {folders('toFolders')}
            </Link>
          </p>
        ) : null}
        {worlds.length > 0 ? (
          <form method="get" action={here} className={styles.inline} role="search" data-testid="bought-filter">
            <label>
              {t('bought.filter.q')} <input type="search" name="q" defaultValue={filter.q ?? ''} maxLength={100} />
            </label>{' '}
            <label>
              {t('bought.filter.licence')}{' '}
              <select name="licence" defaultValue={filter.licence ?? ''}>
                <option value="">{t('bought.filter.all')}</option>
                <option value="single">{t('bought.licences.single')}</option>
                <option value="school">{t('bought.licences.school')}</option>
              </select>
            </label>{' '}
            {worlds.length > 1 ? (
              <>
                <label>
                  {t('bought.filter.world')}{' '}
                  <select name="world" defaultValue={filter.world ?? ''}>
                    <option value="">{t('bought.filter.all')}</option>
                    {worlds.map((code) => (
                      <option key={code} value={code}>
                        {code.toUpperCase()}
                      </option>
                    ))}
                  </select>
                </label>{' '}
              </>
            ) : null}
            <button type="submit">{t('bought.filter.apply')}</button>
            {filtered ? (
              <>
                {' '}
                <Link href={here}>{t('bought.filter.reset')}</Link>
              </>
            ) : null}
          </form>
        ) : null}
        {owned.length === 0 && filtered ? (
          <p data-testid="bought-none-match">{t('bought.filter.none')}</p>
        ) : owned.length === 0 ? (
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
