import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { findRestoreCart, listRestorableLines } from '@/lib/commerce/abandoned-carts';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import styles from './commerce.module.css';

/** The form action of the restore button: a plain post that works without scripts. */
function restoreFormAction(world: string): string {
  return `/api/v1/cart/restore/form?world=${world}`;
}

/**
 * The page of an abandoned-cart reminder's link (route `abandoned-cart`). A link that opens
 * nothing (malformed, unknown, expired, ordered meanwhile, another world's) says so and points
 * to the cart. The buyer it was mailed to, signed in, is sent to their cart: it is theirs
 * already. Anyone else sees the lines priced now, a button that copies them into their own cart
 * (a form post, so it works without scripts) and, when anonymous, a sign-in that comes back here
 * so the lines land in their account's cart.
 */
export const AbandonedCartPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, params, userId }) {
    const t = await getTranslations('cart');
    const texts = await getTranslations('payment');
    const meta = await getTranslations('meta');
    const token = typeof params.token === 'string' ? params.token : '';
    const source = await findRestoreCart(token);
    const cartPath = pathFor(world.code, 'cart');
    if (!source || source.world !== world.code) {
      return (
        <section className={styles.page} data-route={route.id} data-state="invalid">
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          <p className={styles.error} role="alert">
            {texts('restore.invalid')}
          </p>
          <p>
            <Link href={cartPath}>{texts('restore.toCart')}</Link>
          </p>
        </section>
      );
    }
    if (userId === source.userId) redirect(cartPath);

    const cart = await listRestorableLines(source);
    const money = (minor: number) => formatPrice(minor, cart.currency, world.locale);
    const here = pathFor(world.code, 'abandoned-cart', { token });
    return (
      <section className={styles.page} data-route={route.id} data-state={cart.lines.length ? 'valid' : 'empty'}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        {cart.lines.length === 0 ? (
          <p>
            {texts('restore.nothingLeft')} <Link href={cartPath}>{texts('restore.toCart')}</Link>
          </p>
        ) : (
          <>
            <p>{texts('restore.intro')}</p>
            <ul className={styles.lines} data-testid="restore-lines">
              {cart.lines.map((line) => (
                <li key={line.materialId} className={styles.line} data-material-id={line.materialId}>
                  <div>
                    <Link href={pathFor(world.code, 'material', { id: String(line.materialId), slug: line.slug })}>
                      {line.title}
                    </Link>
                    <span className={styles.licence}>
                      {t(`licences.${line.licence}`)}
                      {line.isBundle ? ` · ${t('bundle')}` : ''}
                    </span>
                  </div>
                  <div className={styles.linePrice}>{money(line.chargedGross)}</div>
                  <span />
                </li>
              ))}
            </ul>
            <p className={styles.total}>
              {t('total')}: <span data-testid="restore-total">{money(cart.total)}</span>
            </p>
            <form method="post" action={restoreFormAction(world.code)}>
              <input type="hidden" name="token" value={token} />
              <button type="submit" className={styles.primary} data-testid="restore-cart">
                {texts('restore.button')}
              </button>
            </form>
            {userId === null ? (
              <p>
                {texts('restore.signInHint')}{' '}
                <Link href={`${pathFor(world.code, 'login')}?next=${encodeURIComponent(here)}`}>
                  {texts('restore.signIn')}
                </Link>
              </p>
            ) : null}
          </>
        )}
      </section>
    );
  },
};
