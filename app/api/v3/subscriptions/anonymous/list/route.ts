import { defineRoute } from '@/lib/api/handler';
import { anonymousListSchema } from '@/lib/subscriptions/schemas';
import { listSubscriptions, ownerOfSession } from '@/lib/subscriptions/subscriptions';

// POST /api/v3/subscriptions/anonymous/list — the caller's favourites or follows, newest first.
export const POST = defineRoute(
  {
    summary: 'The anonymous visitor’s favourites or follows, newest first',
    description: 'Only materials that are published and authors who sell are listed and counted.',
    auth: 'client',
    body: anonymousListSchema,
    example: { items: [{ subjectId: 12, subjectType: 'material', createdAt: '2026-12-01T08:00:00.000Z' }], total: 1 },
  },
  async ({ session, body }) => listSubscriptions(ownerOfSession(session), body.subjectType, body),
);
