import { defineRoute } from '@/lib/api/handler';
import { createFolder } from '@/lib/folders/folders';
import { folderCreateSchema } from '@/lib/folders/schemas';

// POST /api/v3/folders/public/create — a new folder, at the top or inside one of the same kind.
export const POST = defineRoute(
  {
    summary: 'Create a folder',
    description:
      'title (1–100 characters), folder_type, parent_id (null: the top level; a folder of the same kind: 409 folder_type_mismatch otherwise; 404 folder_not_found for one that is not the caller’s). Inside an archived folder the new one is archived too. 409 folders_full at 500 folders.',
    auth: 'user',
    body: folderCreateSchema,
    successStatus: 201,
  },
  async ({ session, body }) => Response.json({ folder: await createFolder(session.userId, body) }, { status: 201 }),
);
