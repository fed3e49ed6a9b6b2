import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { MAX_PREVIEW_PAGES } from '@/lib/selling/previews';
import { choosePreviewPages } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/materials/{id}/previews — which rendered pages buyers see.
export const POST = defineRoute(
  {
    summary: 'Choose the preview pages buyers see',
    description: '`pages`: page numbers among the rendered ones (at least one). 400 for a page without a preview.',
    auth: 'seller',
    params: z.object({ materialId: idTextSchema }),
    body: z.strictObject({ pages: z.array(z.number().int().min(1).max(MAX_PREVIEW_PAGES)).max(MAX_PREVIEW_PAGES) }),
  },
  async ({ session, params, body }) => choosePreviewPages(session.userId, params.materialId, [...new Set(body.pages)]),
);
