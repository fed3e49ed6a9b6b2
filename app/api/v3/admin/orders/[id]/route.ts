import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { adminOrderView } from '@/lib/commerce/admin-orders';
import { getDb } from '@/lib/db/client';

// GET /api/v3/admin/orders/{id} — an order with its buyer, billing address and the seller's side.
export const GET = defineRoute(
  { summary: 'One order (admin)', auth: 'admin', params: z.object({ id: idTextSchema }) },
  async ({ params }) => {
    const order = await adminOrderView(getDb(), params.id);
    if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
    return { order };
  },
);
