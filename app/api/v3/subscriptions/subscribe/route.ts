import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import { followAuthor } from '@/lib/follows/follows';
import { subscriptionSchema } from '@/lib/follows/schemas';

// POST /api/v3/subscriptions/subscribe — the signed-in user follows an author (SPEC §4, §7).
export const POST = apiHandler({ body: subscriptionSchema }, async ({ request, body }) => {
  const session = await requireUser(request, { mutation: true });
  await followAuthor(session.userId, body.subjectId);
  refreshPublicPages(body.subjectId, { catalogue: false });
  return Response.json({ following: true }, { headers: { 'Cache-Control': 'no-store' } });
});
