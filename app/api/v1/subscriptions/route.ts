import { defineRoute } from '@/lib/api/handler';
import { subscriptionListSchema } from '@/lib/subscriptions/schemas';
import { listSubscriptions } from '@/lib/subscriptions/subscriptions';

// GET /api/v1/subscriptions?type=material|author&limit=&page= — the signed-in user's favourites or follows.
export const GET = defineRoute(
  {
    summary: 'The signed-in user’s favourites (type material) or followed authors (type author), newest first',
    description: 'Only materials that are published and authors who sell are listed and counted.',
    auth: 'user',
    query: subscriptionListSchema,
  },
  async ({ session, query }) => listSubscriptions({ userId: session.userId }, query.type, query),
);
