import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { publishMaterial } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/materials/{id}/publish — publishes a draft or an unpublished material.
export const POST = defineRoute(
  {
    summary: 'Publish my material',
    description:
      'Refused (400) with every problem while something is missing (file, previews, title, description, subject, grade, type, price). Searchable at once on every process. Publishing a published material changes nothing.',
    auth: 'seller',
    params: z.object({ materialId: idTextSchema }),
  },
  async ({ session, params }) => publishMaterial(session.userId, params.materialId),
);
