import { defineRoute } from '@/lib/api/handler';
import { updateFolders } from '@/lib/folders/folders';
import { folderUpdateSchema } from '@/lib/folders/schemas';

// POST /api/v3/folders/public/update-by-query — rename and/or move the caller's folders.
export const POST = defineRoute(
  {
    summary: 'Rename or move folders',
    description:
      'filter.ids (the caller’s folders; 404 folder_not_found for any other), update.title and/or update.parent_id (null: to the top). A folder never goes inside itself or a folder under it (409 folder_cycle), nor into a folder of another kind (409 folder_type_mismatch); moved into an archived folder it is archived with everything under it. Moves of one account run one after another.',
    auth: 'user',
    body: folderUpdateSchema,
  },
  async ({ session, body }) => updateFolders(session.userId, body),
);
