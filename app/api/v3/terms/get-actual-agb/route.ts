import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { getActualTerms } from '@/lib/accounts/terms';

// GET /api/v3/terms/get-actual-agb — the actual terms of the world (public): id, version, title,
// body, publishedAt; 404 while a world has none.
export const GET = defineRoute({ summary: "The world's actual terms", auth: 'anonymous' }, async ({ world }) => {
  const terms = await getActualTerms(world.code);
  if (!terms) throw new AppError('not_found', undefined, { reason: 'no_terms' });
  return Response.json(terms, { headers: { 'Cache-Control': 'no-store' } });
});
