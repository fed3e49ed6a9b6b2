import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { OrderActions } from '@/components/admin/order-actions';
import type { AdminTexts } from '@/components/admin/texts';
import styles from '@/components/admin/admin-commerce.module.css';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { getAdminOrder } from '@/lib/commerce/admin-pages';
import type { BillingSnapshot } from '@/lib/commerce/invoice-document';
import { getMessages } from '@/lib/i18n/messages';
import { BASIS_POINTS } from '@/lib/money/money';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { requireId } from './params';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/** The billing address copied into the order, or null when checkout needed none (a free order). */
function billingOf(value: unknown): BillingSnapshot | null {
  const address = value as Partial<BillingSnapshot> | null;
  return address && typeof address.fullName === 'string' ? (address as BillingSnapshot) : null;
}

/**
 * One order for the back office (route `admin-order`): buyer, billing address as copied at
 * checkout, amounts and VAT, each line with the seller's side (share, the tier it came from,
 * what the platform keeps) and the documents issued; below them the actions (record the
 * transfer, refund) as a small client component. An order whose payment came for what the buyer
 * held by then, or after it was cancelled, is flagged with what went back. An id that names no
 * order is not found.
 */
export const AdminOrderPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, params }) {
    const id = requireId(params.id);
    const order = await getAdminOrder(id);
    if (!order) notFound();
    const t = await getTranslations('admin');
    const admin = getMessages(world.language).admin as unknown as AdminTexts;
    const price = (minor: number) => formatPrice(minor, order.currency, world.locale);
    const when = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    const percent = new Intl.NumberFormat(world.locale, { style: 'percent', maximumFractionDigits: 2 });
    const billing = billingOf(order.billingAddress);
    return (
      <section className={styles.page} data-route={route.id}>
        <p>
          <Link href={pathFor(world.code, 'admin-orders')}>{t('order.back')}</Link>
        </p>
        <h1>{t('order.heading', { reference: order.reference })}</h1>
        {order.isTestPayment ? <p className={styles.notice}>{t('order.testPayment')}</p> : null}
        {order.paymentReturned !== null ? (
          <p className={styles.notice} role="note" data-testid="order-payment-returned">
            {t(
              order.status === 'cancelled'
                ? 'order.returned.cancelled'
                : order.provider === 'card'
                  ? 'order.returned.card'
                  : 'order.returned.credit',
              { amount: price(order.paymentReturned) },
            )}
          </p>
        ) : null}

        <div className={styles.columns}>
          <div>
            <h2>{t('order.summary')}</h2>
            <dl className={styles.facts}>
              <dt>{t('order.status')}</dt>
              <dd data-testid="order-status">{t(`statuses.${order.status}`)}</dd>
              <dt>{t('order.reference')}</dt>
              <dd data-testid="order-reference">{order.reference}</dd>
              <dt>{t('order.number')}</dt>
              <dd>{order.id}</dd>
              <dt>{t('order.provider')}</dt>
              <dd>{t(`providers.${order.provider}`)}</dd>
              <dt>{t('order.world')}</dt>
              <dd>{order.world}</dd>
              <dt>{t('order.createdAt')}</dt>
              <dd>{when.format(new Date(order.createdAt))}</dd>
              <dt>{t('order.paidAt')}</dt>
              <dd>{order.paidAt ? when.format(new Date(order.paidAt)) : t('order.notPaid')}</dd>
              <dt>{t('order.voucher')}</dt>
              <dd>{order.voucher?.code ?? t('order.noVoucher')}</dd>
            </dl>
            <h2>{t('order.amounts')}</h2>
            <dl className={styles.facts}>
              <dt>{t('order.original')}</dt>
              <dd>{price(order.originalPrice)}</dd>
              <dt>{t('order.voucherDiscount')}</dt>
              <dd>{price(order.totalVoucherDiscount ? -order.totalVoucherDiscount : 0)}</dd>
              <dt>{t('order.credits')}</dt>
              <dd>{price(order.usedCredits ? -order.usedCredits : 0)}</dd>
              <dt>{t('order.total')}</dt>
              <dd data-testid="order-total">
                <strong>{price(order.finalPrice)}</strong>
              </dd>
              <dt>{t('order.vat')}</dt>
              <dd>
                {t('order.vatLine', {
                  amount: price(order.vat.amount),
                  rate: percent.format(order.vat.rateBasisPoints / BASIS_POINTS),
                  country: order.vat.country,
                  kind: t(`order.vatKinds.${order.vat.kind}`),
                })}
              </dd>
              <dt>{t('order.net')}</dt>
              <dd>{price(order.vat.net)}</dd>
            </dl>
          </div>
          <div>
            <h2>{t('order.buyer')}</h2>
            <dl className={styles.facts}>
              <dt>{order.buyer.publicName}</dt>
              <dd data-testid="order-buyer">
                <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
                <br />
                <span className={styles.muted}>{t('order.account', { id: order.buyer.id })}</span>
              </dd>
            </dl>
            <h2>{t('order.billing')}</h2>
            {billing ? (
              <address data-testid="order-billing">
                {billing.fullName}
                <br />
                {billing.company ? (
                  <>
                    {billing.company}
                    <br />
                  </>
                ) : null}
                {billing.street}
                <br />
                {billing.postalCode} {billing.city}
                <br />
                {billing.countryCode}
                {billing.vatId ? (
                  <>
                    <br />
                    {t('order.vatId', { vatId: billing.vatId })}
                  </>
                ) : null}
              </address>
            ) : (
              <p className={styles.muted}>{t('order.noBilling')}</p>
            )}
          </div>
        </div>

        <h2>{t('order.lines')}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="order-lines">
            <thead>
              <tr>
                <th scope="col">{t('order.columns.material')}</th>
                <th scope="col">{t('order.columns.seller')}</th>
                <th scope="col" className={styles.amount}>
                  {t('order.columns.price')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('order.columns.paid')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('order.columns.vat')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('order.columns.net')}
                </th>
                <th scope="col">{t('order.columns.tier')}</th>
                <th scope="col" className={styles.amount}>
                  {t('order.columns.sellerShare')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('order.columns.platformShare')}
                </th>
                <th scope="col">{t('order.columns.state')}</th>
              </tr>
            </thead>
            <tbody>
              {order.sellerLines.map((line, index) => (
                <tr key={line.itemId} data-testid="order-line">
                  <td>
                    {line.title}
                    <br />
                    <span className={styles.muted}>
                      {t('order.materialNumber', { id: line.materialId })} · {t(`order.licences.${line.licence}`)}
                      {/* Both lists are the order's items in id order. */}
                      {order.items[index]?.inBundle ? ` · ${t('order.inBundle')}` : ''}
                    </span>
                  </td>
                  <td>
                    {line.sellerName}
                    <br />
                    <span className={styles.muted}>{t('order.account', { id: line.sellerId })}</span>
                  </td>
                  <td className={styles.amount}>{price(line.chargedGross)}</td>
                  <td className={styles.amount}>{price(line.payableGross)}</td>
                  <td className={styles.amount}>{price(line.vat)}</td>
                  <td className={styles.amount}>{price(line.net)}</td>
                  <td>
                    {t('order.tier', {
                      share: percent.format(line.sellerShareBasisPoints / BASIS_POINTS),
                      count: line.sellerActivePaidMaterials,
                    })}
                  </td>
                  <td className={styles.amount}>{price(line.sellerShare)}</td>
                  <td className={styles.amount}>{price(line.platformShare)}</td>
                  <td data-testid="order-line-state">
                    {line.refundedAt
                      ? t('order.refundedAt', { date: when.format(new Date(line.refundedAt)) })
                      : order.status === 'paid'
                        ? t('order.active')
                        : t(`statuses.${order.status}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h2>{t('order.documents')}</h2>
        {order.documents.length === 0 ? (
          <p className={styles.muted}>{t('order.noDocuments')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="order-documents">
              <thead>
                <tr>
                  <th scope="col">{t('order.documentColumns.kind')}</th>
                  <th scope="col">{t('order.documentColumns.number')}</th>
                  <th scope="col">{t('order.documentColumns.issuedAt')}</th>
                  <th scope="col" className={styles.amount}>
                    {t('order.documentColumns.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.documents.map((document) => (
                  <tr key={document.id}>
                    <td>{t(`order.documentKinds.${document.kind}`)}</td>
                    <td>{document.number}</td>
                    <td>{when.format(new Date(document.issuedAt))}</td>
                    <td className={styles.amount}>{price(document.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <OrderActions
          texts={{ actions: admin.orderActions, errors: admin.errors }}
          orderId={order.id}
          status={order.status}
          provider={order.provider}
          total={order.finalPrice}
          currency={order.currency}
          locale={world.locale}
          lines={order.sellerLines.map((line) => ({
            itemId: line.itemId,
            title: line.title,
            refunded: line.refundedAt !== null,
          }))}
          paymentReturned={order.paymentReturned}
          loginPath={pathFor(world.code, 'login')}
        />
      </section>
    );
  },
};
