import { apiHandler } from '@/lib/api/handler';
import { searchParamsSchema, searchParamsToObject } from '@/lib/search/params';
import { searchMaterials } from '@/lib/search/search';
import { AppError } from '@/lib/api/errors';

// GET /api/v3/search?world=&q=&subject=&class_grade=&…&sort=&page= — one page of search results
// with facet counts; `tookMs` is the time spent in the database.
export const GET = apiHandler({}, async ({ request, world }) => {
  const { world: _world, ...raw } = searchParamsToObject(request.nextUrl.searchParams);
  void _world;
  const parsed = searchParamsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('validation_failed', undefined, parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  return searchMaterials(world.code, parsed.data);
});
