/**
 * The live connection as the website opens it, loaded by the bell only for a signed-in browser
 * (its own chunk: anonymous visitors never download it). The ticket comes from a
 * cookie-authenticated call, since the session cookie is out of the page's reach.
 */
import { createLiveConnection, notificationsUrl, type LiveConnection } from '@/lib/notifications/live-connection';
import type { NotificationView } from '@/lib/notifications/render';

export interface LiveHandlers {
  world: string;
  onUnread: (count: number) => void;
  onNotification: (notification: NotificationView) => void;
}

/** Opens the connection; `stop()` on the answer closes it for good. */
export function startLive({ world, onUnread, onNotification }: LiveHandlers): LiveConnection {
  const connection = createLiveConnection({
    url: notificationsUrl(window.location),
    world,
    async getTicket() {
      const answer = await fetch(`/api/v1/notifications/ticket?world=${encodeURIComponent(world)}`, {
        method: 'POST',
        credentials: 'same-origin',
      });
      // Signed out meanwhile (the browser's flag was stale): nothing to connect for.
      if (answer.status === 401) return null;
      if (!answer.ok) throw new Error(`ticket ${answer.status}`);
      return ((await answer.json()) as { ticket: string }).ticket;
    },
    createSocket: (url) => new WebSocket(url),
    onNotification: (notification) => onNotification(notification as NotificationView),
    onUnread,
  });
  connection.start();
  return connection;
}
