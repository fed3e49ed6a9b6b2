import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { readCookieSession } from '@/lib/accounts/session';
import { pageNumber, pickWord } from '@/lib/input/query-words';
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/notifications/kinds';
import { notificationList, type NotificationList } from '@/lib/notifications/notifications';
import { pathFor } from '@/lib/routing/localized-routes';
import { LiveItems } from './live-items';
import styles from './notifications.module.css';

const NOTICES = ['read', 'all-read'] as const;
const READ_FORM_ACTION = '/api/v1/notifications/read-form';

/**
 * The cabinet's notifications (route `cabinet-inbox`, `/de/konto/mitteilungen`): newest first,
 * paged, unread ones marked, each with a link to the page it concerns; mark one or all read by
 * plain form posts (no script needed). New ones pushed while the page is open are added by the
 * live client. An admin acting as the user sees the list but cannot mark it read.
 */
export const NotificationsPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, userId, query }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('header.notifications.page');
    const session = await readCookieSession(await cookies());
    const impersonated = Boolean(session?.impersonatorUserId);
    const page = pageNumber(query.page);
    const list: NotificationList =
      userId === null
        ? { items: [], total: 0, unread: 0, page, limit: NOTIFICATIONS_PAGE_SIZE }
        : await notificationList(userId, world.code, { page, limit: NOTIFICATIONS_PAGE_SIZE });
    const pages = Math.max(1, Math.ceil(list.total / NOTIFICATIONS_PAGE_SIZE));
    const here = pathFor(world.code, route.id);
    const pageLink = (n: number) => (n > 1 ? `${here}?page=${n}` : here);
    const notice = pickWord(query.notice, NOTICES);
    const date = new Intl.DateTimeFormat(world.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    return (
      <section className={styles.page} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('intro')}</p>
        {notice ? (
          <p className="form-notice" role="status" data-testid="notifications-notice">
            {t(notice === 'read' ? 'markedRead' : 'allMarkedRead')}
          </p>
        ) : null}
        {impersonated ? <p className={styles.readOnly}>{t('readOnly')}</p> : null}
        <div className={styles.bar}>
          <p data-testid="notifications-summary" data-unread={list.unread} data-total={list.total}>
            {t('summary', { total: list.total, unread: list.unread })}
          </p>
          {list.unread > 0 && !impersonated ? (
            <form method="post" action={`${READ_FORM_ACTION}?world=${world.code}`}>
              <input type="hidden" name="all" value="1" />
              <button type="submit" data-testid="notifications-read-all">
                {t('markAllRead')}
              </button>
            </form>
          ) : null}
        </div>
        {page === 1 ? <LiveItems unreadLabel={t('unread')} /> : null}
        {list.items.length === 0 ? (
          <p data-testid="notifications-empty">{t('empty')}</p>
        ) : (
          <ol className={styles.list} data-testid="notifications-list" data-live-list="">
            {list.items.map((item) => (
              <li
                key={item.id}
                className={item.read ? styles.item : `${styles.item} ${styles.unread}`}
                data-notification-id={item.id}
                data-kind={item.kind}
                data-read={item.read ? 'true' : 'false'}
              >
                <a href={item.href}>{item.text}</a>
                <span className={styles.meta}>
                  <time dateTime={item.createdAt}>{date.format(new Date(item.createdAt))}</time>
                  {item.read ? null : <strong className={styles.badge}>{t('unread')}</strong>}
                </span>
                {item.read || impersonated ? null : (
                  <form method="post" action={`${READ_FORM_ACTION}?world=${world.code}`}>
                    <input type="hidden" name="id" value={item.id} />
                    {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
                    <button type="submit" className={styles.markRead}>
                      {t('markRead')}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ol>
        )}
        {pages > 1 ? (
          <nav className={styles.pager} aria-label={t('pageOf', { page, pages })}>
            {page > 1 ? (
              <a href={pageLink(page - 1)} rel="prev">
                {t('previous')}
              </a>
            ) : null}
            <span>{t('pageOf', { page, pages })}</span>
            {page < pages ? (
              <a href={pageLink(page + 1)} rel="next">
                {t('next')}
              </a>
            ) : null}
          </nav>
        ) : null}
        <p className={styles.settings}>
          <a href={pathFor(world.code, 'cabinet-notifications')}>{t('settings')}</a>
        </p>
      </section>
    );
  },
};
