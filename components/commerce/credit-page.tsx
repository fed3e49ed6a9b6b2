import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { creditOverviewOf } from '@/lib/commerce/credit-page';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { getWorld } from '@/lib/worlds/worlds';
import styles from './commerce.module.css';

/** The reasons a credit entry can have, as the page names them. */
const REASONS = new Set(['order', 'refund', 'referral', 'admin', 'order-cancelled']);

/**
 * Credit (route `cabinet-credit`): the balance in every world where the teacher has credit (it
 * is spent only there, in that currency), the latest entries with their reason and order, and
 * the invitation link that earns credit when an invited teacher's first paid order completes.
 */
export const CreditPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('cabinet-settings');
    const overview = userId === null ? { balances: [], entries: [], inviteCode: null } : await creditOverviewOf(userId);
    const date = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const inviteLink = overview.inviteCode
      ? `${getPublicOrigin()}${pathFor(world.code, 'invitation', { code: overview.inviteCode })}`
      : null;
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('credit.intro')}</p>
        {overview.balances.length === 0 ? (
          <p data-testid="credit-none">{t('credit.none')}</p>
        ) : (
          <ul className={styles.lines} data-testid="credit-balances">
            {overview.balances.map((balance) => (
              <li key={balance.world} className={styles.line}>
                <span>{getWorld(balance.world).nativeName}</span>
                <strong className={styles.amount}>
                  {formatPrice(balance.balance, balance.currency, world.locale)}
                </strong>
                <span />
              </li>
            ))}
          </ul>
        )}
        {inviteLink ? (
          <div className={styles.fieldset}>
            <h2>{t('credit.invite.title')}</h2>
            <p>{t('credit.invite.text')}</p>
            <p>
              <code className={styles.inviteLink} data-testid="invite-link">
                {inviteLink}
              </code>
            </p>
          </div>
        ) : null}
        {overview.entries.length > 0 ? (
          <>
            <h2>{t('credit.history')}</h2>
            <table className={styles.table} data-testid="credit-history">
              <thead>
                <tr>
                  <th scope="col">{t('credit.columns.date')}</th>
                  <th scope="col">{t('credit.columns.reason')}</th>
                  <th scope="col">{t('credit.columns.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {overview.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{date.format(new Date(entry.createdAt))}</td>
                    <td>
                      {REASONS.has(entry.reason) ? t(`credit.reasons.${entry.reason}`) : entry.reason}
                      {entry.orderReference ? ` · ${entry.orderReference}` : ''}
                    </td>
                    <td className={styles.amount}>{formatPrice(entry.amount, entry.currency, world.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
      </section>
    );
  },
};
