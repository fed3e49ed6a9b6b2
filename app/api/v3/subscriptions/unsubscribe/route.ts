import { defineRoute } from '@/lib/api/handler';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import { unfollowAuthor } from '@/lib/follows/follows';
import { subscriptionSchema } from '@/lib/follows/schemas';

// POST /api/v3/subscriptions/unsubscribe — the signed-in user stops following an author.
export const POST = defineRoute(
  { summary: 'The signed-in user stops following an author', auth: 'user', body: subscriptionSchema },
  async ({ session, body }) => {
    await unfollowAuthor(session.userId, body.subjectId);
    refreshPublicPages(body.subjectId, { catalogue: false });
    return { following: false };
  },
);
