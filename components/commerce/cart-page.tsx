import Link from 'next/link';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { viewCart, type CartItemView } from '@/lib/commerce/cart';
import { readCartFormOutcome } from '@/lib/commerce/cart-form';
import { cartTokenFromCookies } from '@/lib/commerce/cart-request';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import styles from './commerce.module.css';
import { cartFormAction } from './cart-form-action';
import { CartForms } from './cart-forms';
import { PriceSplit } from './price-split';

/**
 * The cart (route `cart`): its lines priced on the server, the voucher and credit, the price split
 * and the way to the payment page. Rendered per request from the signed-in account's cart or the
 * cart of the `c_t` cookie; every action is a form post answered with this page again, which the
 * page's script takes over once it runs (CartForms: the same page, shown in place).
 */
/** Removes one line from the cart: a plain form post, so it works before and without scripts. */
function RemoveLineForm({ action, materialId, label }: { action: string; materialId: number; label: string }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="action" value="remove" />
      <input type="hidden" name="material_id" value={materialId} />
      <button type="submit" className={styles.linkButton}>
        {label}
      </button>
    </form>
  );
}

export const CartPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, userId, query }) {
    const t = await getTranslations('cart');
    const cartToken = cartTokenFromCookies(await cookies());
    const cart = await viewCart({ world: world.code, userId, cartToken });
    const outcome = readCartFormOutcome(query.notice, query.error, query.order);
    const orderPath = (orderId: number) => pathFor(world.code, 'order-confirmation', { orderId: String(orderId) });
    const money = (minor: number) => formatPrice(minor, cart.currency, world.locale);
    const action = cartFormAction(world.code);
    const licenceLabel = (item: CartItemView) => t(`licences.${item.licence}`);

    return (
      <CartForms formAction={action}>
        <section className={styles.page} data-route="cart">
          <h1>{t('title')}</h1>
          {outcome.notice ? (
            <p className={styles.notice} role="status">
              {t(`notices.${outcome.notice}`)}
            </p>
          ) : null}
          {outcome.error ? (
            <p className={styles.error} role="alert" data-testid="cart-error">
              {t(`errors.${outcome.error}`)}
              {outcome.orderId !== null ? (
                <>
                  {' '}
                  <Link prefetch={false} href={orderPath(outcome.orderId)} data-testid="pending-order-link">
                    {t('blocked.orderLink')}
                  </Link>
                </>
              ) : outcome.error === 'already_owned' && userId !== null ? (
                <>
                  {' '}
                  <Link prefetch={false} href={pathFor(world.code, 'cabinet-bought')} data-testid="owned-link">
                    {t('blocked.ownedLink')}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          {cart.blockedItems.length > 0 ? (
            // Lines the buyer cannot order now (owned, or on an order waiting for payment), with why.
            <ul className={styles.lines} data-testid="cart-blocked">
              {cart.blockedItems.map((item) => (
                <li key={item.material.id} className={styles.line} data-material-id={item.material.id}>
                  <div>
                    <Link
                      prefetch={false}
                      href={pathFor(world.code, 'material', { id: String(item.material.id), slug: item.material.slug })}
                    >
                      {item.material.title}
                    </Link>
                    <span className={styles.licence}>
                      {t(`errors.${item.reason}`)}{' '}
                      {item.orderId !== null ? (
                        <Link prefetch={false} href={orderPath(item.orderId)} data-testid="pending-order-link">
                          {t('blocked.orderLink')}
                        </Link>
                      ) : (
                        <Link prefetch={false} href={pathFor(world.code, 'cabinet-bought')} data-testid="owned-link">
                          {t('blocked.ownedLink')}
                        </Link>
                      )}
                    </span>
                  </div>
                  <RemoveLineForm action={action} materialId={item.material.id} label={t('remove')} />
                </li>
              ))}
            </ul>
          ) : null}
          {cart.cartItems.length === 0 ? (
            <p data-testid="cart-empty">
              {t('empty')}{' '}
              <Link prefetch={false} href={pathFor(world.code, 'search')}>
                {t('browse')}
              </Link>
            </p>
          ) : (
            <>
              <ul className={styles.lines} data-testid="cart-lines">
                {cart.cartItems.map((item) => (
                  <li key={item.material.id} className={styles.line} data-material-id={item.material.id}>
                    <div>
                      <Link
                        prefetch={false}
                        href={pathFor(world.code, 'material', {
                          id: String(item.material.id),
                          slug: item.material.slug,
                        })}
                      >
                        {item.material.title}
                      </Link>
                      <span className={styles.licence}>
                        {licenceLabel(item)}
                        {item.material.isBundle ? ` · ${t('bundle')}` : ''}
                      </span>
                      {item.inBundle ? <span className={styles.licence}>{t('inBundle')}</span> : null}
                    </div>
                    <div className={styles.linePrice}>
                      {item.finalPrice !== item.originalPrice ? <del>{money(item.originalPrice)}</del> : null}{' '}
                      <strong>{money(item.finalPrice)}</strong>
                    </div>
                    <RemoveLineForm action={action} materialId={item.material.id} label={t('remove')} />
                  </li>
                ))}
              </ul>

              <form method="post" action={action} className={styles.inline}>
                <input type="hidden" name="action" value="voucher" />
                <label>
                  {t('voucher.label')}{' '}
                  <input
                    name="code"
                    maxLength={60}
                    defaultValue={cart.voucher?.code ?? ''}
                    autoComplete="off"
                    data-testid="voucher-code"
                  />
                </label>{' '}
                <button type="submit">{t('voucher.apply')}</button>
              </form>
              {cart.voucherError ? (
                <p className={styles.error} role="alert" data-testid="voucher-error">
                  {cart.voucherError.message}
                </p>
              ) : null}
              {cart.voucher ? (
                <form method="post" action={action}>
                  <input type="hidden" name="action" value="remove-voucher" />
                  <button type="submit" className={styles.linkButton}>
                    {t('voucher.remove', { code: cart.voucher.code })}
                  </button>
                </form>
              ) : null}

              {userId !== null && cart.availableCredits > 0 ? (
                <form method="post" action={action} className={styles.inline}>
                  <input type="hidden" name="action" value={cart.usedCredits > 0 ? 'drop-credits' : 'use-credits'} />
                  <span>{t('credits.available', { amount: money(cart.availableCredits) })}</span>{' '}
                  <button type="submit" data-testid="credits-toggle">
                    {cart.usedCredits > 0 ? t('credits.drop') : t('credits.use')}
                  </button>
                </form>
              ) : null}

              <PriceSplit
                world={world}
                currency={cart.currency}
                originalPrice={cart.originalPrice}
                voucherDiscount={cart.totalVoucherDiscount}
                usedCredits={cart.usedCredits}
                vat={cart.vat}
                finalPrice={cart.finalPrice}
                signedIn={userId !== null}
              />
              <p>
                <Link
                  prefetch={false}
                  className={styles.primary}
                  href={pathFor(world.code, 'payment')}
                  data-testid="to-checkout"
                >
                  {t('toCheckout')}
                </Link>
              </p>
            </>
          )}
        </section>
      </CartForms>
    );
  },
};
