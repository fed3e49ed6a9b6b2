import { defineRoute } from '@/lib/api/handler';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import { followAuthor } from '@/lib/follows/follows';
import { subscriptionSchema } from '@/lib/follows/schemas';

// POST /api/v3/subscriptions/subscribe — the signed-in user follows an author.
export const POST = defineRoute(
  { summary: 'The signed-in user follows an author', auth: 'user', body: subscriptionSchema },
  async ({ session, body }) => {
    await followAuthor(session.userId, body.subjectId);
    refreshPublicPages(body.subjectId, { catalogue: false });
    return { following: true };
  },
);
