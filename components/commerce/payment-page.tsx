import crypto from 'node:crypto';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { getBillingAddress } from '@/lib/cabinet/billing-address';
import { viewCart } from '@/lib/commerce/cart';
import { availableProviders, type PaymentProvider } from '@/lib/commerce/checkout';
import { readCheckoutFormError } from '@/lib/commerce/checkout-form';
import { pathFor } from '@/lib/routing/localized-routes';
import styles from './commerce.module.css';
import { PriceSplit } from './price-split';

/**
 * The payment page (route `payment`): the billing address, the price split with the VAT of the
 * buyer's country, the payment method, the consent to immediate delivery and the order button.
 * A plain form that works before scripts; the idempotency key is made here, once per page, so a
 * double submit or a resent form orders once. Needs a signed-in buyer: anyone else is sent to
 * the login page and back.
 */
export const PaymentPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, userId, query }) {
    const paymentPath = pathFor(world.code, 'payment');
    if (userId === null) redirect(`${pathFor(world.code, 'login')}?next=${encodeURIComponent(paymentPath)}`);
    const t = await getTranslations('payment');
    const [cart, address] = await Promise.all([
      viewCart({ world: world.code, userId, cartToken: null }),
      getBillingAddress(userId),
    ]);
    const error = readCheckoutFormError(query.error);
    const providers: PaymentProvider[] = cart.finalPrice === 0 ? ['free'] : availableProviders();
    const needsAddress = cart.originalPrice > 0 && address === null;

    return (
      <section className={styles.page} data-route="payment">
        <h1>{t('title')}</h1>
        {providers.includes('test') ? <p className={styles.testPayment}>{t('testPaymentNotice')}</p> : null}
        {error ? (
          <p className={styles.error} role="alert" data-testid="checkout-error">
            {t(`errors.${error}`)}
          </p>
        ) : null}
        {cart.cartItems.length === 0 ? (
          <p>
            {t('emptyCart')} <Link href={pathFor(world.code, 'cart')}>{t('backToCart')}</Link>
          </p>
        ) : (
          <>
            <h2>{t('items', { count: cart.cartItems.length })}</h2>
            <ul className={styles.lines}>
              {cart.cartItems.map((item) => (
                <li key={item.material.id} className={styles.line}>
                  <span>{item.material.title}</span>
                  <span />
                  <span />
                </li>
              ))}
            </ul>
            <p>
              <Link href={pathFor(world.code, 'cart')}>{t('editCart')}</Link>
            </p>

            <h2>{t('billing.title')}</h2>
            {address ? (
              <address className={styles.address} data-testid="billing-address">
                {[
                  address.full_name,
                  address.company,
                  address.street,
                  `${address.postal_code} ${address.city}`,
                  address.country_code,
                  address.vat_id,
                ]
                  .filter(Boolean)
                  .join('\n')}
              </address>
            ) : (
              <p className={needsAddress ? styles.error : undefined}>{t('billing.missing')}</p>
            )}
            <p>
              <Link href={`${pathFor(world.code, 'cabinet-billing-address')}`}>
                {address ? t('billing.change') : t('billing.add')}
              </Link>
            </p>

            <PriceSplit
              world={world}
              currency={cart.currency}
              originalPrice={cart.originalPrice}
              voucherDiscount={cart.totalVoucherDiscount}
              usedCredits={cart.usedCredits}
              vat={cart.vat}
              finalPrice={cart.finalPrice}
              signedIn
            />

            <form method="post" action={`/api/v3/orders/checkout/form?world=${world.code}`}>
              <input type="hidden" name="idempotency_key" value={crypto.randomBytes(24).toString('base64url')} />
              <input type="hidden" name="expected_total" value={cart.finalPrice} />
              <fieldset className={styles.fieldset}>
                <legend>{t('method.title')}</legend>
                {providers.map((provider, index) => (
                  <label key={provider}>
                    <input
                      type="radio"
                      name="provider"
                      value={provider}
                      defaultChecked={index === 0}
                      required
                      data-testid={`provider-${provider}`}
                    />{' '}
                    {t(`method.${provider}`)}
                  </label>
                ))}
              </fieldset>
              <label>
                <input type="checkbox" name="delivery_consent" required data-testid="delivery-consent" /> {t('consent')}
              </label>
              <p>
                <button type="submit" className={styles.primary} disabled={needsAddress} data-testid="place-order">
                  {cart.finalPrice === 0 ? t('orderFree') : t('order')}
                </button>
              </p>
            </form>
          </>
        )}
      </section>
    );
  },
};
