import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { syncSchema } from '@/lib/folders/schemas';
import { syncMaterialFolders } from '@/lib/folders/placements';

// POST /api/v3/folders/materials/{id}/sync — exactly these folders of a kind hold the material.
export const POST = defineRoute(
  {
    summary: 'Set which folders of a kind hold a material',
    description:
      'folder_type and folder_ids (the caller’s folders of that kind; empty: out of every folder). 404 material_not_held when the material is not one the kind holds for the caller (not bought, not their own, not a shown favourite), 404 folder_not_found for a folder that is not theirs, 409 folder_type_mismatch for a folder of another kind.',
    auth: 'user',
    params: z.object({ id: idTextSchema }),
    body: syncSchema,
    example: { material_id: 41, folder_type: 'favorite', folder_ids: [12, 14] },
  },
  async ({ session, params, body }) => syncMaterialFolders(session.userId, params.id, body),
);
