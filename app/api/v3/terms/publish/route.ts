import { z } from 'zod';
import { apiHandler } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/accounts/admin';
import { publishTerms } from '@/lib/accounts/terms';

const bodySchema = z.object({ title: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(200_000) }).strict();

// POST /api/v3/terms/publish — an admin publishes a new version of the world's terms; from then
// on validation answers terms_not_accepted until each user accepts it.
export const POST = apiHandler({ body: bodySchema }, async ({ request, world, body }) => {
  await requireAdmin(request);
  return Response.json(await publishTerms(world.code, body), { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
