import { defineRoute } from '@/lib/api/handler';
import { folderMaterialsQuerySchema } from '@/lib/folders/schemas';
import { queryFolderMaterials } from '@/lib/folders/placements';

// POST /api/v3/folders/public/materials/query — the materials of one folder, or of a kind.
export const POST = defineRoute(
  {
    summary: 'The materials in a folder, or every material of a kind, with their folders',
    description:
      'filter.folder_type (purchased: bought with an active licence, also when deleted since; own: the caller’s materials not deleted; favorite: favourites while published), filter.folder_id (the caller’s folder of that kind; 404 folder_not_found otherwise). Without folder_id: every material of the kind. Each item names folder_ids, the caller’s folders of the kind that hold it. By title; limit ≤ 200.',
    auth: 'user',
    body: folderMaterialsQuerySchema,
  },
  async ({ session, body }) => queryFolderMaterials(session.userId, body),
);
