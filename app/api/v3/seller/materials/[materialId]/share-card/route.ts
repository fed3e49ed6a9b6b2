import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { shareCardFor } from '@/lib/selling/sharing';

// GET /api/v3/seller/materials/{materialId}/share-card — the image card of one of my published
// materials for social networks: a PNG of 1200 × 630 with title, author, price and cover.
export const GET = defineRoute(
  {
    summary: 'The share image of my published material (PNG, 1200 × 630)',
    description:
      'Drawn on request in the material’s world (its language and price format). 404 material_not_found for an unknown id, another seller’s material, or one that is not published (draft, unpublished, hidden, deleted).',
    auth: 'seller',
    params: z.object({ materialId: idTextSchema }),
  },
  async ({ session, params }) => {
    const card = await shareCardFor(session.userId, params.materialId);
    if (!card) throw new AppError('not_found', undefined, { reason: 'material_not_found' });
    return new Response(new Uint8Array(card.png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `inline; filename="${card.fileName}"`,
        'Content-Length': String(card.png.length),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, max-age=300',
      },
    });
  },
);
