import { defineRoute } from '@/lib/api/handler';
import { markReadSchema } from '@/lib/notifications/schemas';
import { markRead } from '@/lib/notifications/store';

// POST /api/v1/notifications/read — marks some or all of the user's notifications read.
export const POST = defineRoute(
  {
    summary: 'Mark notifications read: { ids: [...] } or { all: true }; answers the unread count',
    description:
      'Ids of other accounts’ notifications change nothing. Refused (403 impersonation) while an admin acts as the user: what the owner has not read stays unread for them.',
    auth: 'user',
    impersonation: false,
    body: markReadSchema,
  },
  async ({ session, body }) => ({ unread: await markRead(session.userId, 'all' in body ? 'all' : { ids: body.ids }) }),
);
