import { defineRoute } from '@/lib/api/handler';
import { changeSubscription } from '@/lib/subscriptions/change';
import { subscriptionSchema } from '@/lib/subscriptions/schemas';

// POST /api/v3/subscriptions/anonymous/subscribe — kept by the client-credentials identity of the
// session cookie (or an app's bearer token) until sign-in merges it into the account.
export const POST = defineRoute(
  {
    summary: 'An anonymous visitor favourites a material or follows an author',
    description:
      'Without a token, a subscribe first makes an anonymous identity (its session cookie comes with the answer); with a signed-in token it changes the account’s list. Anonymous identities keep at most 500 favourites and 500 follows (409 anonymous_favourites_full / anonymous_follows_full) and their writes are rate-limited per address (429).',
    auth: 'visitor',
    body: subscriptionSchema,
    example: { subscribed: true, total: 1 },
  },
  async ({ request, session, body }) => changeSubscription(request, session, body, 'subscribe'),
);
