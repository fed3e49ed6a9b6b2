import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { materialPatchSchema } from '@/lib/selling/material-rules';
import { deleteSellerMaterial, getSellerMaterial, updateSellerMaterial } from '@/lib/selling/seller-materials';

const params = z.object({ materialId: idTextSchema });

// GET /api/v3/seller/materials/{id} — one of the seller's materials as the upload steps show it.
export const GET = defineRoute(
  {
    summary: 'One of my materials, for editing',
    description:
      'Texts, classification, prices, files and versions, preview progress and what still keeps it from being published (`problems`). 404 for anyone else’s.',
    auth: 'seller',
    params,
  },
  async ({ session, params }) => getSellerMaterial(session.userId, params.materialId),
);

// PATCH /api/v3/seller/materials/{id} — saves what a step sent (any subset of the fields).
export const PATCH = defineRoute(
  {
    summary: 'Save details, classification or prices of my material',
    description:
      'Any subset of title, description (sanitised rich text), priceCents, schoolPriceCents, subjectIds, gradeIds, learningYearIds, materialTypeIds, schoolTypes, keywordIds, lessonIds. Ids must belong to the material’s world. A draft keeps half-filled steps; a published material must stay publishable, so a save that breaks it is refused (400, nothing changes).',
    auth: 'seller',
    params,
    body: materialPatchSchema,
  },
  async ({ session, params, body }) => updateSellerMaterial(session.userId, params.materialId, body),
);

// DELETE /api/v3/seller/materials/{id} — deletes it; buyers keep downloading what they bought.
export const DELETE = defineRoute(
  {
    summary: 'Delete my material',
    description:
      'Gone from the catalogue and my list. A material someone bought stays downloadable for them; a draft is removed with its files.',
    auth: 'seller',
    params,
  },
  async ({ session, params }) => {
    await deleteSellerMaterial(session.userId, params.materialId);
    return { deleted: true };
  },
);
