import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { recommendPriceFor } from '@/lib/selling/seller-pricing';

// GET /api/v3/seller/materials/{id}/price-recommendation — what similar materials sell for.
export const GET = defineRoute(
  {
    summary: 'Price recommendation for my material',
    description:
      'From published paid materials of the same world sharing a subject or type, with a similar page count (other sellers only): a range, a suggestion and its reasons as codes with values. With fewer than 3 comparables there is no range and no suggestion.',
    auth: 'seller',
    params: z.object({ materialId: idTextSchema }),
  },
  async ({ session, params }) => recommendPriceFor(session.userId, params.materialId),
);
