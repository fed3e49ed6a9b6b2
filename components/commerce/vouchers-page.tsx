import Link from 'next/link';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { viewCart } from '@/lib/commerce/cart';
import { cartTokenFromCookies } from '@/lib/commerce/cart-request';
import { pathFor } from '@/lib/routing/localized-routes';
import { cartFormAction } from './cart-form-action';
import styles from './commerce.module.css';

/**
 * Vouchers (route `vouchers`): how vouchers work and a form that puts a code on the cart (the
 * cart page then shows what it takes off, or why it does not apply). Works without scripts.
 */
export const VouchersPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('cart');
    const texts = await getTranslations('payment');
    const cartToken = cartTokenFromCookies(await cookies());
    const cart = await viewCart({ world: world.code, userId, cartToken });
    return (
      <section className={styles.page} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{texts('vouchers.intro')}</p>
        <ul>
          <li>{texts('vouchers.rules.world')}</li>
          <li>{texts('vouchers.rules.fixedPrice')}</li>
          <li>{texts('vouchers.rules.limits')}</li>
        </ul>
        {cart.voucher ? (
          <p className={styles.notice} role="status">
            {texts('vouchers.onCart', { code: cart.voucher.code })}{' '}
            <Link href={pathFor(world.code, 'cart')}>{texts('vouchers.toCart')}</Link>
          </p>
        ) : null}
        <form method="post" action={cartFormAction(world.code)} className={styles.inline}>
          <input type="hidden" name="action" value="voucher" />
          <label>
            {t('voucher.label')} <input name="code" maxLength={60} required autoComplete="off" />
          </label>{' '}
          <button type="submit">{t('voucher.apply')}</button>
        </form>
      </section>
    );
  },
};
