import { getTranslations } from 'next-intl/server';
import styles from '@/components/admin/admin-commerce.module.css';
import type { AdminTexts } from '@/components/admin/texts';
import { VoucherForm, type VoucherWorld } from '@/components/admin/voucher-form';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { listAdminVouchers } from '@/lib/commerce/admin-pages';
import { getMessages } from '@/lib/i18n/messages';
import { BASIS_POINTS } from '@/lib/money/money';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { getWorld, WORLD_CODES } from '@/lib/worlds/worlds';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/** The newest vouchers the page lists (the API's largest page is 500). */
const VOUCHER_LIST_LIMIT = 200;

/**
 * Vouchers (route `admin-vouchers`): the form for a new voucher (a client component posting to
 * `v3/admin/vouchers`, then refreshing this page) above the newest vouchers with their value,
 * minimum order, validity, limits and redemptions, read on the server.
 */
export const AdminVouchersPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('admin');
    const admin = getMessages(world.language).admin as unknown as AdminTexts;
    const vouchers = await listAdminVouchers(VOUCHER_LIST_LIMIT);
    const when = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    const percent = new Intl.NumberFormat(world.locale, { style: 'percent', maximumFractionDigits: 2 });
    const worlds: VoucherWorld[] = WORLD_CODES.map((code) => {
      const { nativeName, currency } = getWorld(code);
      return { code, name: nativeName, currency };
    });
    return (
      <section className={styles.page} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <VoucherForm
          texts={{ vouchers: admin.vouchers, errors: admin.errors }}
          worlds={worlds}
          defaultWorld={world.code}
          locale={world.locale}
          loginPath={pathFor(world.code, 'login')}
        />
        <h2>{t('vouchers.existing')}</h2>
        {vouchers.length === 0 ? (
          <p className={styles.notice}>{t('vouchers.empty')}</p>
        ) : (
          <>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="vouchers">
                <thead>
                  <tr>
                    <th scope="col">{t('vouchers.columns.code')}</th>
                    <th scope="col">{t('vouchers.columns.world')}</th>
                    <th scope="col">{t('vouchers.columns.value')}</th>
                    <th scope="col">{t('vouchers.columns.minimum')}</th>
                    <th scope="col">{t('vouchers.columns.validity')}</th>
                    <th scope="col">{t('vouchers.columns.limits')}</th>
                    <th scope="col">{t('vouchers.columns.redemptions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {vouchers.map((voucher) => (
                    <tr key={voucher.id} data-testid="voucher-row">
                      <td>
                        <code>{voucher.code}</code>
                      </td>
                      <td>{voucher.world}</td>
                      <td>
                        {voucher.kind === 'percent'
                          ? t('vouchers.percentOff', {
                              value: percent.format((voucher.percentBasisPoints ?? 0) / BASIS_POINTS),
                            })
                          : t('vouchers.amountOff', {
                              value: formatPrice(voucher.amountMinor ?? 0, voucher.currency, world.locale),
                            })}
                      </td>
                      <td>
                        {voucher.minimumOrderMinor > 0
                          ? formatPrice(voucher.minimumOrderMinor, voucher.currency, world.locale)
                          : t('vouchers.noMinimum')}
                      </td>
                      <td>
                        {voucher.validTo
                          ? t('vouchers.validFromTo', {
                              from: when.format(voucher.validFrom),
                              to: when.format(voucher.validTo),
                            })
                          : t('vouchers.validFrom', { from: when.format(voucher.validFrom) })}
                      </td>
                      <td>
                        {voucher.maxRedemptions === null
                          ? t('vouchers.unlimited')
                          : t('vouchers.total', { count: voucher.maxRedemptions })}
                        <br />
                        {t('vouchers.perUser', { count: voucher.maxRedemptionsPerUser })}
                      </td>
                      <td>
                        {voucher.maxRedemptions === null
                          ? voucher.redemptions
                          : t('vouchers.redeemedOf', { count: voucher.redemptions, max: voucher.maxRedemptions })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {vouchers.length === VOUCHER_LIST_LIMIT ? (
              <p className={styles.muted}>{t('vouchers.limitNote', { limit: VOUCHER_LIST_LIMIT })}</p>
            ) : null}
          </>
        )}
      </section>
    );
  },
};
