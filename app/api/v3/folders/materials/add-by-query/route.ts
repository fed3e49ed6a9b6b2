import { defineRoute } from '@/lib/api/handler';
import { addByQuerySchema } from '@/lib/folders/schemas';
import { addMaterialsByQuery } from '@/lib/folders/placements';

// POST /api/v3/folders/materials/add-by-query — materials by id, or a whole search, into folders.
export const POST = defineRoute(
  {
    summary: 'Put materials, or all materials of a search, into folders',
    description:
      'folder_ids: 1–20 of the caller’s folders (404 folder_not_found otherwise). queryFilter: {material_ids: [...]} or {search: {q, subject, class_grade, learning_years, material_type, school_type, author, price, price_min, price_max, sort}} as the search page’s address has them, searched in the call’s world (its first 1,000 results). A purchased folder takes the bought materials, an own folder the caller’s own; a favourites folder takes every published material and makes it a favourite (409 favourites_full past 5,000). 409 folder_placements_full past 20,000 placements. Answers matched, added, skipped (could not go into a folder of its kind) and favourited.',
    auth: 'user',
    body: addByQuerySchema,
    example: { matched: 24, added: 24, skipped: 0, favourited: 20 },
  },
  async ({ session, world, body }) => addMaterialsByQuery(session.userId, world.code, body),
);
