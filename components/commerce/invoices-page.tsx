import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { listInvoicesOf } from '@/lib/commerce/invoice-list';
import { formatPrice } from '@/lib/pricing/format-price';
import styles from './commerce.module.css';
import { TableRegion } from '@/components/cabinet/table-region';

/**
 * Invoices and tax documents (route `cabinet-invoices`): every invoice and cancellation invoice
 * of the teacher with its number, date, order and amount, each a link to its PDF.
 */
export const InvoicesPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('cabinet-settings');
    const invoices = userId === null ? [] : await listInvoicesOf(userId);
    const date = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return (
      <section className={styles.section} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('invoices.intro')}</p>
        {invoices.length === 0 ? (
          <p data-testid="invoices-empty">{t('invoices.empty')}</p>
        ) : (
          <TableRegion label={meta(`routes.${route.id}.title`)}>
            <table className={styles.table} data-testid="invoices">
              <thead>
                <tr>
                  <th scope="col">{t('invoices.columns.number')}</th>
                  <th scope="col">{t('invoices.columns.date')}</th>
                  <th scope="col">{t('invoices.columns.order')}</th>
                  <th scope="col">{t('invoices.columns.total')}</th>
                  <th scope="col">
                    <span className={styles.visuallyHidden}>PDF</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td>
                      {t(`invoices.kinds.${invoice.kind}`)} {invoice.number}
                    </td>
                    <td>{date.format(new Date(invoice.issuedAt))}</td>
                    <td>{invoice.orderReference}</td>
                    <td className={styles.amount}>{formatPrice(invoice.total, invoice.currency, world.locale)}</td>
                    <td>
                      <a
                        href={`/api/v3/invoices/${invoice.id}/pdf?world=${world.code}`}
                        download
                        data-testid="invoice-pdf"
                      >
                        {t('invoices.download')}
                      </a>
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
