import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { parseId } from '@/lib/input/schemas';
import { getBuyerOrderWithStep } from '@/lib/commerce/checkout';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import styles from './commerce.module.css';
import { PriceSplit } from './price-split';

/**
 * The order confirmation (route `order-confirmation/:orderId`): the order's reference, status,
 * lines and price split, and what happens next (downloads unlocked, or the bank transfer to make
 * for an invoice purchase). Only the buyer sees an order; for anyone else it does not exist.
 * An invoice purchase still waiting for its transfer can be cancelled here (a plain form post,
 * so it works without scripts); money that came for what the buyer held already, or after the
 * order was cancelled, is said to have gone back.
 */
export const OrderConfirmationPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render(props) {
    const orderId = parseId(props.params.orderId);
    const here =
      orderId === null
        ? pathFor(props.world.code, 'order-confirmation')
        : pathFor(props.world.code, 'order-confirmation', { orderId: String(orderId) });
    return renderOrder(props, orderId, here, 'order');
  },
};

/**
 * The page after an invoice purchase (route `invoice-purchase-success`, `?order=<id>`): the same
 * order view, headed as a thank-you for ordering on invoice, with the transfer to make and the
 * invoice to download.
 */
export const InvoicePurchaseSuccessPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render(props) {
    const value = props.query.order;
    const orderId = parseId(typeof value === 'string' ? value : undefined);
    const base = pathFor(props.world.code, 'invoice-purchase-success');
    return renderOrder(props, orderId, orderId === null ? base : `${base}?order=${orderId}`, 'invoice');
  },
};

/** The "pay now" refusals the page explains (`?error=` from the pay form's route). */
const PAY_ERROR_LIST = ['order_not_payable', 'payment_expired', 'payment_provider_unavailable'] as const;
type PayError = (typeof PAY_ERROR_LIST)[number];
const PAY_ERRORS: ReadonlySet<string> = new Set(PAY_ERROR_LIST);

async function renderOrder(
  { world, userId, query }: AreaPageProps,
  orderId: number | null,
  here: string,
  variant: 'order' | 'invoice',
) {
  if (userId === null) redirect(`${pathFor(world.code, 'login')}?next=${encodeURIComponent(here)}`);
  if (orderId === null) redirect(pathFor(world.code, 'cart'));
  const found = await getBuyerOrderWithStep(userId, orderId);
  if (!found) notFound();
  const { order, step } = found;
  const t = await getTranslations('thank-you-page');
  const money = (minor: number) => formatPrice(minor, order.currency, world.locale);
  // Back from Stripe's page after paying: its webhook may still be on the way, so the page offers
  // neither paying again nor cancelling (a reload without the parameter offers both again).
  const confirming = query.payment === 'done' && order.provider === 'card' && order.status === 'pending';

  return (
    <section className={styles.page} data-route="order-confirmation" data-order-status={order.status}>
      <h1>
        {variant === 'invoice' && order.status === 'pending'
          ? t('invoiceTitle')
          : order.status === 'paid'
            ? t('title')
            : t('pendingTitle')}
      </h1>
      {order.isTestPayment ? <p className={styles.testPayment}>{t('testPayment')}</p> : null}
      <p data-testid="order-reference">{t('reference', { reference: order.reference })}</p>
      <p data-testid="order-status">{t(`status.${order.status}`)}</p>
      {query.error === 'order_not_cancellable' && order.status !== 'cancelled' ? (
        <p role="alert">{t('cancel.error')}</p>
      ) : null}
      {query.error === 'cancel_unavailable' && order.status === 'pending' ? (
        <p role="alert">{t('cancel.unavailable')}</p>
      ) : null}
      {typeof query.error === 'string' && PAY_ERRORS.has(query.error) && order.status === 'pending' ? (
        <p role="alert">{t(`card.errors.${query.error as PayError}`)}</p>
      ) : null}
      {order.paymentReturned !== null ? (
        <p data-testid="order-payment-returned">
          {t(
            order.status === 'cancelled'
              ? order.provider === 'card'
                ? 'returned.cancelledCard'
                : 'returned.cancelled'
              : order.provider === 'card'
                ? 'returned.card'
                : 'returned.credit',
            { amount: money(order.paymentReturned) },
          )}
        </p>
      ) : null}

      {step.kind === 'bank-transfer' ? (
        <div className={styles.fieldset} data-testid="bank-transfer">
          <h2>{t('transfer.title')}</h2>
          <p>{t('transfer.intro', { amount: money(step.amount) })}</p>
          <dl className={styles.split}>
            <dt>{t('transfer.holder')}</dt>
            <dd>{step.accountHolder}</dd>
            <dt>IBAN</dt>
            <dd>{step.iban}</dd>
            <dt>BIC</dt>
            <dd>{step.bic}</dd>
            <dt>{t('transfer.reference')}</dt>
            <dd>{step.reference}</dd>
          </dl>
        </div>
      ) : null}

      {step.kind === 'card' && confirming ? (
        <p data-testid="card-confirming" role="status">
          {t('card.confirming')}
        </p>
      ) : null}
      {step.kind === 'card' && !confirming ? (
        <form
          method="post"
          action={`/api/v3/orders/${order.id}/pay/form?world=${world.code}`}
          className={styles.fieldset}
          data-testid="card-payment"
        >
          <h2>{t('card.title')}</h2>
          <p>
            {t('card.intro', {
              // dateStyle cannot be combined with timeZoneName, which says the time is UTC.
              until: new Intl.DateTimeFormat(world.locale, {
                year: 'numeric',
                month: 'short',
                day: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
                timeZone: 'UTC',
                timeZoneName: 'short',
              }).format(new Date(step.payableUntil)),
            })}
          </p>
          <button type="submit">{t('card.button', { amount: money(order.finalPrice) })}</button>
        </form>
      ) : null}
      {step.kind === 'expired' ? <p data-testid="card-expired">{t('card.expired')}</p> : null}

      <ul className={styles.lines} data-testid="order-lines">
        {order.items.map((item) => (
          <li key={item.materialId} className={styles.line}>
            <span>
              {item.title}
              <span className={styles.licence}>{t(`licences.${item.licence}`)}</span>
            </span>
            <span className={styles.linePrice}>{money(item.finalPrice)}</span>
            <span>{item.refunded ? t('refunded') : ''}</span>
          </li>
        ))}
      </ul>
      <PriceSplit
        world={world}
        currency={order.currency}
        originalPrice={order.originalPrice}
        voucherDiscount={order.totalVoucherDiscount}
        usedCredits={order.usedCredits}
        vat={order.vat}
        finalPrice={order.finalPrice}
        signedIn
      />
      {order.status === 'paid' ? <p>{t('downloadsNext')}</p> : null}
      {order.invoice ? (
        <p>
          <a href={`/api/v3/invoices/${order.invoice.id}/pdf?world=${world.code}`} download data-testid="order-invoice">
            {t('invoicePdf', { number: order.invoice.number })}
          </a>
        </p>
      ) : null}
      {order.status === 'pending' && (order.provider === 'invoice' || (order.provider === 'card' && !confirming)) ? (
        <form
          method="post"
          action={`/api/v3/orders/${order.id}/cancel/form?world=${world.code}`}
          className={styles.fieldset}
          data-testid="order-cancel"
        >
          <h2>{t('cancel.title')}</h2>
          <p>{t(order.provider === 'card' ? 'cancel.introCard' : 'cancel.intro')}</p>
          <button type="submit">{t('cancel.button')}</button>
        </form>
      ) : null}
      <p>
        <Link href={pathFor(world.code, 'home')}>{t('continue')}</Link>
      </p>
    </section>
  );
}
