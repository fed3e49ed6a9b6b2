import { defineRoute } from '@/lib/api/handler';
import { deleteFolders } from '@/lib/folders/folders';
import { folderIdsQuerySchema } from '@/lib/folders/schemas';

// POST /api/v3/folders/public/delete-by-query — deletes folders and everything under them; never a material.
export const POST = defineRoute(
  {
    summary: 'Delete folders with their subfolders (the materials stay)',
    description:
      'filter.ids: the caller’s folders (404 folder_not_found for any other, and nothing is deleted). Subfolders go too; the materials stay bought, own or favourites. Answers how many folders were deleted.',
    auth: 'user',
    body: folderIdsQuerySchema,
    example: { deleted: 3 },
  },
  async ({ session, body }) => deleteFolders(session.userId, body.filter.ids),
);
