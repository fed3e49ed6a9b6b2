import { defineRoute } from '@/lib/api/handler';
import { changeSubscription } from '@/lib/subscriptions/change';
import { subscriptionSchema } from '@/lib/subscriptions/schemas';

// POST /api/v3/subscriptions/subscribe — the signed-in user favourites a material or follows an author.
export const POST = defineRoute(
  {
    summary: 'The signed-in user favourites a material or follows an author',
    description:
      'subjectType material (a favourite) or author (a follow). Adding twice changes nothing. 404 for a material that is not published or an author who does not sell; 400 for following oneself; 409 favourites_full / follows_full at 5,000. Answers the list’s new total.',
    auth: 'user',
    body: subscriptionSchema,
    example: { subscribed: true, total: 3 },
  },
  async ({ request, session, body }) => changeSubscription(request, session, body, 'subscribe'),
);
