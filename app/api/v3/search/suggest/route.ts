import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { textSchema } from '@/lib/input/schemas';
import { suggest } from '@/lib/search/suggest';

const query = z.object({ q: textSchema(100).pipe(z.string().min(2, 'At least two characters')) });

// GET /api/v3/search/suggest?world=&q= — materials, authors and subjects for the search box.
export const GET = defineRoute(
  { summary: 'Materials, authors and subjects for the search box', auth: 'anonymous', query },
  async ({ world, query }) => {
    const suggestions = await suggest(world.code, query.q);
    return Response.json(suggestions, { headers: { 'Cache-Control': 'public, max-age=60, s-maxage=300' } });
  },
);
