import 'server-only';
import type { WorldCode } from '@/lib/worlds/worlds';
import { renderNotifications, type NotificationView } from './render';
import { listNotifications } from './store';

export interface NotificationList {
  items: NotificationView[];
  total: number;
  unread: number;
  page: number;
  limit: number;
}

/** One page of a user's notifications as their reader in `world` sees them (the API and the page). */
export async function notificationList(
  userId: number,
  world: WorldCode,
  query: { page: number; limit: number },
): Promise<NotificationList> {
  const { rows, total, unread } = await listNotifications(userId, query.page, query.limit);
  return { items: renderNotifications(rows, world), total, unread, page: query.page, limit: query.limit };
}
