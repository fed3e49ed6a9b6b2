import { defineRoute } from '@/lib/api/handler';
import { notificationList } from '@/lib/notifications/notifications';
import { notificationListSchema } from '@/lib/notifications/schemas';

// GET /api/v1/notifications?limit=&page= — the signed-in user's notifications, newest first.
export const GET = defineRoute(
  {
    summary: 'The signed-in user’s notifications, newest first, with the total and the unread count',
    description:
      'Each item: id, kind (order_paid, refund, sale, new_follower), text in the language of the call’s world, href (the page it concerns in that world), createdAt, read. limit ≤ 100 (default 20).',
    auth: 'user',
    query: notificationListSchema,
  },
  async ({ session, world, query }) => notificationList(session.userId, world.code, query),
);
