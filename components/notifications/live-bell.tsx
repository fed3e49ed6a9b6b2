'use client';

import { useEffect, useRef, useState } from 'react';
import type { NotificationView } from '@/lib/notifications/render';
import styles from './bell.module.css';
import { startLive } from './live-runtime';
import { LIVE_NOTIFICATION_EVENT } from './live-event';

export interface BellProps {
  world: string;
  /** The notifications page: the bell is a plain link to it. */
  href: string;
  texts: { label: string; unread: string; close: string };
}

/** How long a toast stays. */
const TOAST_MS = 8000;

/**
 * The bell of a signed-in browser (loaded by NotificationBell only then): a link to the
 * notifications page with the unread count, and a short toast for each notification that
 * arrives while the page is open, from the live connection it opens.
 */
export default function LiveBell({ world, href, texts }: BellProps) {
  const [unread, setUnread] = useState<number | null>(null);
  const [toast, setToast] = useState<NotificationView | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const connection = startLive({
      world,
      onUnread: setUnread,
      onNotification(notification) {
        // The notifications page, when open, adds it to its list (LiveItems).
        window.dispatchEvent(new CustomEvent(LIVE_NOTIFICATION_EVENT, { detail: notification }));
        setToast(notification);
        if (hideTimer.current) clearTimeout(hideTimer.current);
        hideTimer.current = setTimeout(() => setToast(null), TOAST_MS);
      },
    });
    return () => {
      connection.stop();
      if (hideTimer.current) clearTimeout(hideTimer.current);
    };
  }, [world]);

  const label = unread ? texts.unread.replace('{count}', String(unread)) : texts.label;
  return (
    <>
      <a href={href} className={styles.bell} aria-label={label} title={label} data-testid="bell">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {unread ? (
          <span className={styles.count} data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </a>
      {toast ? (
        <div className={styles.toast} role="status" data-testid="toast">
          <a href={toast.href}>{toast.text}</a>
          <button type="button" className={styles.close} onClick={() => setToast(null)} aria-label={texts.close}>
            ×
          </button>
        </div>
      ) : null}
    </>
  );
}
