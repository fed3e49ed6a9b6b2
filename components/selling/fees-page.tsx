import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import styles from '@/components/commerce/commerce.module.css';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { isSellerAccount } from '@/lib/accounts/accounts';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { minimumPayoutMinor, periodBounds } from '@/lib/selling/payout-plan';
import { listPayoutsOf } from '@/lib/selling/payouts';
import { TableRegion } from '@/components/cabinet/table-region';

/**
 * Payouts and credit notes (route `cabinet-fees`): the seller's monthly payouts, newest first,
 * each with its amount and state — paid with its self-billing credit note to download, carried
 * over below the minimum, or held until bank details are added (with the way there) or until
 * its currency can be paid. A teacher who does not sell is told where this fills up.
 */
export const FeesPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('cabinet-settings');
    const seller = await isSellerAccount(userId);
    const payouts = seller ? await listPayoutsOf(userId!) : [];
    const money = (minor: number, currency: string) => formatPrice(minor, currency, world.locale);
    const month = new Intl.DateTimeFormat(world.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const periodName = (period: string) => {
      const bounds = periodBounds(period);
      return bounds ? month.format(bounds.start) : period;
    };
    const date = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const bankDetails = pathFor(world.code, 'cabinet-bank-details');
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('fees.intro')}</p>
        <p className={styles.hint}>
          {t('fees.rules', { minimum: money(minimumPayoutMinor(world.currency), world.currency) })}
        </p>
        {!seller ? (
          <p data-testid="fees-not-seller">{t('fees.notSeller')}</p>
        ) : payouts.length === 0 ? (
          <p data-testid="fees-empty">{t('fees.empty')}</p>
        ) : (
          <TableRegion label={meta(`routes.${route.id}.title`)}>
            <table className={styles.table} data-testid="payouts">
              <thead>
                <tr>
                  <th scope="col">{t('fees.columns.period')}</th>
                  <th scope="col">{t('fees.columns.amount')}</th>
                  <th scope="col">{t('fees.columns.status')}</th>
                  <th scope="col">{t('fees.columns.creditNote')}</th>
                </tr>
              </thead>
              <tbody>
                {payouts.map((payout) => (
                  <tr key={payout.id} data-status={payout.status}>
                    <td>{periodName(payout.period)}</td>
                    <td className={styles.amount}>{money(payout.amount, payout.currency)}</td>
                    <td>
                      {payout.status === 'paid' ? (
                        t('fees.status.paid')
                      ) : payout.status === 'carried_over' ? (
                        t('fees.status.carried_over', {
                          minimum: money(minimumPayoutMinor(payout.currency), payout.currency),
                        })
                      ) : payout.status === 'held_no_bank_details' ? (
                        <>
                          {t('fees.status.held_no_bank_details')}{' '}
                          <Link href={bankDetails} data-testid="fees-bank-details">
                            {t('fees.bankDetailsLink')}
                          </Link>
                        </>
                      ) : (
                        t('fees.status.held_unsupported_currency', { currency: payout.currency })
                      )}
                    </td>
                    <td>
                      {payout.creditNote ? (
                        <>
                          {t('fees.creditNote', { number: payout.creditNote.number })}
                          {' · '}
                          {date.format(new Date(payout.creditNote.issuedAt))}{' '}
                          <a
                            href={`/api/v3/seller/credit-notes/${payout.creditNote.id}/pdf?world=${world.code}`}
                            download
                            data-testid="credit-note-pdf"
                          >
                            {t('fees.download')}
                          </a>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
    );
  },
};
