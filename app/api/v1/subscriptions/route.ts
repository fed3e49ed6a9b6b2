import { defineRoute } from '@/lib/api/handler';
import { listFollowedAuthors } from '@/lib/follows/follows';
import { subscriptionListSchema } from '@/lib/follows/schemas';

// GET /api/v1/subscriptions?type=author&limit=&page= — the authors the signed-in user follows.
export const GET = defineRoute(
  { summary: 'Authors the signed-in user follows', auth: 'user', query: subscriptionListSchema },
  async ({ session, query }) => listFollowedAuthors(session.userId, query),
);
