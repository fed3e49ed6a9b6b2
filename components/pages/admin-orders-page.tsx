import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/admin/admin-commerce.module.css';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { ORDER_SEARCH_MAX_LENGTH, orderSearchTextSchema } from '@/lib/commerce/admin-orders';
import { listAdminOrders } from '@/lib/commerce/admin-pages';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/** As many orders as the API lists by default: a page of the newest, never the whole table. */
const ORDER_LIST_LIMIT = 50;

/**
 * Orders (route `admin-orders`): a search form (a plain GET of `?q=`, so it works without scripts
 * and a search is a link) and the matching orders, newest first, each linking to its detail. The
 * search text is checked by the API's own schema; a text it refuses is said so and searches
 * nothing. An order whose payment (partly) went back, because it came for what the buyer held by
 * then or after the order was cancelled, says so with the amount beside its status.
 */
export const AdminOrdersPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, query }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('admin');
    const raw = Array.isArray(query.q) ? query.q[0] : query.q;
    const parsed = orderSearchTextSchema.optional().safeParse(raw);
    const q = parsed.success ? parsed.data || undefined : undefined;
    const orders = parsed.success ? await listAdminOrders(q, ORDER_LIST_LIMIT) : [];
    const when = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    const listPath = pathFor(world.code, 'admin-orders');
    return (
      <section className={styles.page} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <form method="get" action={listPath} role="search" className={styles.search}>
          <label>
            {t('orders.searchLabel')}
            {/* The raw text stays in the field, even one the search refused, so it can be fixed. */}
            <input
              type="search"
              name="q"
              defaultValue={raw ?? ''}
              maxLength={ORDER_SEARCH_MAX_LENGTH}
              autoComplete="off"
            />
          </label>
          <button type="submit">{t('orders.search')}</button>
          {raw ? <Link href={listPath}>{t('orders.showAll')}</Link> : null}
        </form>
        {!parsed.success ? (
          <p role="alert" className={styles.error}>
            {t('orders.invalidQuery', { max: ORDER_SEARCH_MAX_LENGTH })}
          </p>
        ) : (
          <>
            <h2>{q ? t('orders.resultsFor', { q }) : t('orders.latest')}</h2>
            {orders.length === 0 ? (
              <p className={styles.notice} data-testid="orders-none">
                {q ? t('orders.none') : t('orders.empty')}
              </p>
            ) : (
              <>
                <div className={styles.tableWrap}>
                  <table className={styles.table} data-testid="orders">
                    <thead>
                      <tr>
                        <th scope="col">{t('orders.columns.reference')}</th>
                        <th scope="col">{t('orders.columns.date')}</th>
                        <th scope="col">{t('orders.columns.buyer')}</th>
                        <th scope="col">{t('orders.columns.world')}</th>
                        <th scope="col">{t('orders.columns.provider')}</th>
                        <th scope="col">{t('orders.columns.status')}</th>
                        <th scope="col" className={styles.amount}>
                          {t('orders.columns.total')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {orders.map((order) => (
                        <tr key={order.id} data-testid="order-row">
                          <td>
                            <Link href={pathFor(world.code, 'admin-order', { id: String(order.id) })}>
                              {order.reference}
                            </Link>
                          </td>
                          <td>{when.format(new Date(order.createdAt))}</td>
                          <td>{order.buyerEmail}</td>
                          <td>{order.world}</td>
                          <td>{t(`providers.${order.provider}`)}</td>
                          <td>
                            {t(`statuses.${order.status}`)}
                            {order.paymentReturned !== null ? (
                              <>
                                <br />
                                <strong data-testid="order-payment-returned">
                                  {t(
                                    order.status === 'cancelled'
                                      ? 'orders.returned.cancelled'
                                      : order.provider === 'card'
                                        ? 'orders.returned.card'
                                        : 'orders.returned.credit',
                                    { amount: formatPrice(order.paymentReturned, order.currency, world.locale) },
                                  )}
                                </strong>
                              </>
                            ) : null}
                          </td>
                          <td className={styles.amount}>{formatPrice(order.total, order.currency, world.locale)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {orders.length === ORDER_LIST_LIMIT ? (
                  <p className={styles.muted}>{t('orders.limitNote', { limit: ORDER_LIST_LIMIT })}</p>
                ) : null}
              </>
            )}
          </>
        )}
      </section>
    );
  },
};
