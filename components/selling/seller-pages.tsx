import { notFound } from 'next/navigation';
import { getMessages, getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { isSellerAccount } from '@/lib/accounts/accounts';
import { AppError } from '@/lib/errors/app-error';
import { parseId } from '@/lib/input/schemas';
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';
import { getSchoolTypeNames } from '@/lib/catalog/school-type-names';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { priceBounds } from '@/lib/selling/material-rules';
import {
  bundleCandidates,
  getSellerMaterial,
  listSellerMaterials,
  SELLER_LIST_PAGE_SIZE,
} from '@/lib/selling/seller-materials';
import { UPLOAD_STEPS } from '@/lib/selling/upload-steps';
import { sellerVocabulary } from '@/lib/selling/vocabulary';
import type english from '@/messages/en/seller.json';
import { BecomeSellerButton, CreateBundleButton } from './become-seller';
import { SellerNav } from './seller-nav';
import { UploadWizard } from './upload-wizard';
import styles from './selling.module.css';
import { TableRegion } from '@/components/cabinet/table-region';

type SellerTexts = typeof english;

async function sellerTexts(): Promise<SellerTexts> {
  return (await getMessages()).seller as unknown as SellerTexts;
}

/** What a teacher who does not sell yet sees on the seller pages: what selling is, and the button. */
function BecomeSeller({ texts }: { texts: SellerTexts }) {
  return (
    <div data-testid="become-seller-panel">
      <h2>{texts.become.title}</h2>
      <p>{texts.become.intro}</p>
      <ul className={styles.points}>
        <li>{texts.become.points.share}</li>
        <li>{texts.become.points.previews}</li>
        <li>{texts.become.points.control}</li>
      </ul>
      <BecomeSellerButton texts={texts.become} />
    </div>
  );
}

const STATUSES = ['draft', 'published', 'unpublished'] as const;

/**
 * My materials (route `cabinet-materials`): the seller's materials with their state, drafts
 * first among the newest changes, a filter by state and the way to a new upload. A teacher who
 * does not sell yet is offered to become a seller.
 */
export const SellerMaterialsPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, query }) {
    const meta = await getTranslations('meta');
    const texts = await sellerTexts();
    if (!(await isSellerAccount(userId)))
      return (
        <section className={styles.section} data-route={route.id}>
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          <BecomeSeller texts={texts} />
        </section>
      );
    const status = STATUSES.find((s) => s === query.status);
    const page = Math.min(Math.max(Number.parseInt(String(query.page ?? '1'), 10) || 1, 1), 10_000);
    const { items, total } = await listSellerMaterials(userId!, { status, page });
    const base = pathFor(world.code, 'cabinet-materials');
    const editBase = pathFor(world.code, 'cabinet-first-upload');
    const date = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const t = texts.list;
    const link = (s: string | undefined, p = 1) => {
      const params = new URLSearchParams();
      if (s) params.set('status', s);
      if (p > 1) params.set('page', String(p));
      const q = params.toString();
      return q ? `${base}?${q}` : base;
    };
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <SellerNav world={world.code} current={route.id} />
        <p>
          <a className={styles.primary} href={pathFor(world.code, 'cabinet-upload')} data-testid="new-material">
            {t.new}
          </a>{' '}
          <CreateBundleButton texts={texts.upload.bundle} editBase={editBase} />{' '}
          <a href={`${pathFor(world.code, 'cabinet-folders')}?type=own`} data-testid="to-folders">
            {(await getTranslations('favorites.folders'))('toFolders')}
          </a>
        </p>
        <nav className={styles.filters} aria-label={t.filter.label}>
          <a href={link(undefined)} aria-current={status ? undefined : 'page'}>
            {t.filter.all}
          </a>
          {STATUSES.map((s) => (
            <a key={s} href={link(s)} aria-current={status === s ? 'page' : undefined}>
              {t.status[s]}
            </a>
          ))}
        </nav>
        {items.length === 0 ? (
          <p data-testid="seller-materials-empty">{t.empty}</p>
        ) : (
          <TableRegion label={meta(`routes.${route.id}.title`)}>
            <table className={styles.table} data-testid="seller-materials">
              <thead>
                <tr>
                  <th scope="col">{t.columns.title}</th>
                  <th scope="col">{t.columns.status}</th>
                  <th scope="col">{t.columns.price}</th>
                  <th scope="col">{t.columns.sales}</th>
                  <th scope="col">{t.columns.updated}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-material-id={item.id}>
                    <td>
                      <a href={`${editBase}/${item.id}`}>{item.title || t.untitled}</a>
                    </td>
                    <td>{item.hidden ? t.status.hidden : t.status[item.status]}</td>
                    <td>
                      {item.priceCents === 0 ? t.free : formatPrice(item.priceCents, item.currency, world.locale)}
                    </td>
                    <td>{item.salesCount}</td>
                    <td>{date.format(new Date(item.updatedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
        {total > SELLER_LIST_PAGE_SIZE ? (
          <nav className={styles.filters}>
            {page > 1 ? <a href={link(status, page - 1)}>{t.previous}</a> : null}
            {page * SELLER_LIST_PAGE_SIZE < total ? <a href={link(status, page + 1)}>{t.next}</a> : null}
          </nav>
        ) : null}
      </section>
    );
  },
};

/**
 * The upload steps (routes `cabinet-upload` and `cabinet-first-upload/{materialId?}`): without
 * an id the first step only, whose upload makes the draft; with one, that material's steps
 * (someone else's material is not found).
 */
export const UploadPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, params, query }) {
    const meta = await getTranslations('meta');
    const texts = await sellerTexts();
    const rawId = typeof params.materialId === 'string' ? params.materialId : null;
    if (!(await isSellerAccount(userId))) {
      // An address with an id names one of the seller's own materials: someone who does not sell
      // has none, so it is not found (leading to the bought materials), not an offer to sell.
      if (rawId !== null) notFound();
      return (
        <section className={styles.section} data-route={route.id}>
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          <BecomeSeller texts={texts} />
        </section>
      );
    }
    const materialId = rawId === null ? null : parseId(rawId);
    if (rawId !== null && materialId === null) notFound();
    let material = null;
    if (materialId !== null) {
      try {
        material = await getSellerMaterial(userId!, materialId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') notFound();
        throw error;
      }
    }
    const materialWorld = material?.world ?? world.code;
    const vocabulary = await sellerVocabulary(materialWorld);
    const schoolTypeNames = getSchoolTypeNames(world);
    const currency = material?.currency ?? world.currency;
    const step = UPLOAD_STEPS.find((s) => s === query.step) ?? (material ? 'details' : 'files');
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{material?.title || meta(`routes.${route.id}.title`)}</h1>
        <UploadWizard
          key={material?.id ?? 'new'}
          initial={material}
          vocabulary={vocabulary}
          schoolTypes={SCHOOL_TYPES.filter((s) => s !== 'alle').map((value) => ({
            value,
            title: schoolTypeNames[value] ?? value,
          }))}
          texts={texts.upload}
          locale={world.locale}
          currency={currency}
          basePath={pathFor(world.code, 'cabinet-first-upload')}
          initialStep={step}
          priceBounds={priceBounds(currency)}
          bundleCandidates={material?.isBundle ? await bundleCandidates(userId!, material.world) : []}
        />
        <p>
          <a href={pathFor(world.code, 'cabinet-materials')}>{texts.list.title}</a>
        </p>
      </section>
    );
  },
};
