import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { listFollowedAuthors } from '@/lib/follows/follows';
import { subscriptionListSchema } from '@/lib/follows/schemas';

// GET /api/v1/subscriptions?type=author&limit=&page= — the authors the signed-in user follows.
export const GET = apiHandler({ query: subscriptionListSchema }, async ({ request, query }) => {
  const session = await requireUser(request);
  return Response.json(await listFollowedAuthors(session.userId, query), { headers: { 'Cache-Control': 'no-store' } });
});
