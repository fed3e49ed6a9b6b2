import { defineRoute } from '@/lib/api/handler';
import { changeSubscription } from '@/lib/subscriptions/change';
import { subscriptionSchema } from '@/lib/subscriptions/schemas';

// POST /api/v3/subscriptions/unsubscribe — the signed-in user removes a favourite or unfollows.
export const POST = defineRoute(
  {
    summary: 'The signed-in user removes a favourite or stops following an author',
    description: 'Removing what is not there is not an error. Answers the list’s new total.',
    auth: 'user',
    body: subscriptionSchema,
    example: { subscribed: false, total: 2 },
  },
  async ({ request, session, body }) => changeSubscription(request, session, body, 'unsubscribe'),
);
