import { defineRoute } from '@/lib/api/handler';
import { archiveFolders } from '@/lib/folders/folders';
import { folderIdsQuerySchema } from '@/lib/folders/schemas';

// POST /api/v3/folders/public/archive/delete-by-query — restores archived folders.
export const POST = defineRoute(
  {
    summary: 'Restore archived folders',
    description:
      'filter.ids: the caller’s folders (404 folder_not_found otherwise). Their subfolders and the folders above them are restored too, so a folder comes back where it was.',
    auth: 'user',
    body: folderIdsQuerySchema,
  },
  async ({ session, body }) => archiveFolders(session.userId, body.filter.ids, false),
);
