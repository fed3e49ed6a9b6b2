import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { getSaleStatement } from '@/lib/selling/sales';

// GET /api/v3/seller/sales/{orderItemId} — the statement of one of my sales.
export const GET = defineRoute(
  {
    summary: 'The statement of one of my sales',
    description:
      'Material, licence, time, world, price, voucher (borne by Kreide), VAT rate and amount, net, the tier recorded at the sale, the base of the share, both shares and a refund. 404 sale_not_found for an unknown id, an unpaid order or another seller’s sale.',
    auth: 'seller',
    params: z.object({ orderItemId: idTextSchema }),
  },
  async ({ session, params }) => getSaleStatement(session.userId, params.orderItemId),
);
