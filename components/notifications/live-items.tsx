'use client';

import { useEffect, useState } from 'react';
import type { NotificationView } from '@/lib/notifications/render';
import { LIVE_NOTIFICATION_EVENT } from './live-event';
import styles from './notifications.module.css';

/**
 * On the notifications page: what arrives while it is open, above the list the server rendered
 * (the bell's connection delivers it; a reload shows it in the list with the rest).
 */
export function LiveItems({ unreadLabel }: { unreadLabel: string }) {
  const [items, setItems] = useState<NotificationView[]>([]);
  useEffect(() => {
    const add = (event: Event) => {
      const notification = (event as CustomEvent<NotificationView>).detail;
      setItems((current) =>
        current.some((item) => item.id === notification.id) ? current : [notification, ...current],
      );
    };
    window.addEventListener(LIVE_NOTIFICATION_EVENT, add);
    return () => window.removeEventListener(LIVE_NOTIFICATION_EVENT, add);
  }, []);
  useEffect(() => {
    // "No notifications yet" is no longer true once one has come.
    if (items.length > 0) document.querySelector('[data-testid="notifications-empty"]')?.setAttribute('hidden', '');
  }, [items.length]);
  if (items.length === 0) return null;
  return (
    <ol className={styles.list} data-testid="notifications-live" aria-live="polite">
      {items.map((item) => (
        <li
          key={item.id}
          className={`${styles.item} ${styles.unread}`}
          data-notification-id={item.id}
          data-kind={item.kind}
          data-read="false"
        >
          <a href={item.href}>{item.text}</a>
          <span className={styles.meta}>
            <strong className={styles.badge}>{unreadLabel}</strong>
          </span>
        </li>
      ))}
    </ol>
  );
}
