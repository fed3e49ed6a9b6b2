import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { hasAcceptedActualTerms } from '@/lib/accounts/terms';

// GET /api/v3/terms/is-actual-agb-accepted — whether the signed-in user accepted the world's
// actual terms.
export const GET = apiHandler({}, async ({ request, world }) => {
  const session = await requireUser(request);
  return Response.json({ accepted: await hasAcceptedActualTerms(session.userId, world.code) }, { headers: { 'Cache-Control': 'no-store' } });
});
