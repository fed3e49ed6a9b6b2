import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import { unfollowAuthor } from '@/lib/follows/follows';
import { subscriptionSchema } from '@/lib/follows/schemas';

// POST /api/v3/subscriptions/unsubscribe — the signed-in user stops following an author.
export const POST = apiHandler({ body: subscriptionSchema }, async ({ request, body }) => {
  const session = await requireUser(request, { mutation: true });
  await unfollowAuthor(session.userId, body.subjectId);
  refreshPublicPages(body.subjectId, { catalogue: false });
  return Response.json({ following: false }, { headers: { 'Cache-Control': 'no-store' } });
});
