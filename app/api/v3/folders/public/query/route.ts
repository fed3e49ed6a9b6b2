import { defineRoute } from '@/lib/api/handler';
import { queryFolders } from '@/lib/folders/folders';
import { folderQuerySchema } from '@/lib/folders/schemas';

// POST /api/v3/folders/public/query — one page of the signed-in teacher's folders.
export const POST = defineRoute(
  {
    summary: 'One page of the signed-in teacher’s folders, with totals',
    description:
      'filter: folder_type (purchased, own, favorite), is_archive, parent_id (null: the top level), ids. By title; limit ≤ 200 (an account has at most 500 folders: read page 1, then the rest in parallel from total). materials_count counts the materials the folder shows now (a bought material even when deleted, an own material while not deleted, a favourite while it is published).',
    auth: 'user',
    body: folderQuerySchema,
    example: {
      items: [
        {
          id: 12,
          title: 'Klasse 7b',
          parent_id: null,
          is_archive: false,
          folder_type: 'favorite',
          materials_count: 4,
          created_at: '2026-12-01T08:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      limit: 200,
    },
  },
  async ({ session, body }) => queryFolders(session.userId, body),
);
