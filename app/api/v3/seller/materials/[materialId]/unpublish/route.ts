import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { unpublishMaterial } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/materials/{id}/unpublish — takes a published material off the catalogue.
export const POST = defineRoute(
  {
    summary: 'Unpublish my material',
    description: 'Off the catalogue and search; buyers keep their downloads. 409 when it is not published.',
    auth: 'seller',
    params: z.object({ materialId: idTextSchema }),
  },
  async ({ session, params }) => unpublishMaterial(session.userId, params.materialId),
);
