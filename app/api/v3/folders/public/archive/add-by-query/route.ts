import { defineRoute } from '@/lib/api/handler';
import { archiveFolders } from '@/lib/folders/folders';
import { folderIdsQuerySchema } from '@/lib/folders/schemas';

// POST /api/v3/folders/public/archive/add-by-query — archives folders with everything under them.
export const POST = defineRoute(
  {
    summary: 'Archive folders',
    description: 'filter.ids: the caller’s folders (404 folder_not_found otherwise). Their subfolders are archived with them.',
    auth: 'user',
    body: folderIdsQuerySchema,
  },
  async ({ session, body }) => archiveFolders(session.userId, body.filter.ids, true),
);
