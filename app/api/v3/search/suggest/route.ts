import { z } from 'zod';
import { apiHandler } from '@/lib/api/handler';
import { suggest } from '@/lib/search/suggest';

const query = z.object({ q: z.string().trim().min(2, 'At least two characters').max(100) });

// GET /api/v3/search/suggest?world=&q= — materials, authors and subjects for the search box.
export const GET = apiHandler({ query }, async ({ world, query }) => {
  const suggestions = await suggest(world.code, query.q);
  return Response.json(suggestions, { headers: { 'Cache-Control': 'public, max-age=60, s-maxage=300' } });
});
