import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { noQueryParams, removeProfileBackground } from '@/lib/accounts/user-details';

// POST /api/v3/user-details/remove-background?world= — removes the signed-in user's profile
// background and its files; answers the now empty background fields.
export const POST = apiHandler({ query: noQueryParams }, async ({ request }) => {
  const { userId } = await requireUser(request, { mutation: true });
  return Response.json(await removeProfileBackground(userId), { headers: { 'Cache-Control': 'no-store' } });
});
