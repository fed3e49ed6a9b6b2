import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { searchParamsSchema, searchParamsToObject } from '@/lib/search/params';
import { searchMaterials } from '@/lib/search/search';

/** The search page's own URL rules: repeated keys are lists, an empty field means "not set". */
const query = z.preprocess((raw) => searchParamsToObject(raw as Record<string, string | string[]>), searchParamsSchema);

// GET /api/v3/search?world=&q=&subject=&class_grade=&…&sort=&page= — one page of search results
// with facet counts; `tookMs` is the time spent in the database.
export const GET = defineRoute(
  { summary: 'One page of search results with facet counts', auth: 'anonymous', query },
  async ({ world, query }) => searchMaterials(world.code, query),
);
