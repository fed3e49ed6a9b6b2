import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idSchema, idTextSchema } from '@/lib/input/schemas';
import { BUNDLE_MAX_ITEMS } from '@/lib/selling/material-rules';
import { setBundleItems } from '@/lib/selling/seller-materials';

// PUT /api/v3/seller/materials/{id}/bundle-items — the materials a bundle of mine holds.
export const PUT = defineRoute(
  {
    summary: 'Choose the materials of my bundle',
    description:
      '`materialIds`: my own published materials of the bundle’s world, no bundles, at most 30 (a published bundle keeps at least 2). 409 not_a_bundle for a material that is not a bundle; 400 for anything else not allowed.',
    auth: 'seller',
    params: z.object({ materialId: idTextSchema }),
    body: z.strictObject({ materialIds: z.array(idSchema).max(BUNDLE_MAX_ITEMS) }),
  },
  async ({ session, params, body }) => setBundleItems(session.userId, params.materialId, body.materialIds),
);
