import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { findBuyerOrder, toOrderView } from '@/lib/commerce/order-view';
import { getDb } from '@/lib/db/client';

// GET /api/v3/orders/{id} — one of the buyer's orders; another buyer's is a 404 like a missing one.
export const GET = defineRoute(
  { summary: 'One of my orders', auth: 'user', params: z.object({ id: idTextSchema }) },
  async ({ session, params }) => {
    const order = await findBuyerOrder(getDb(), session.userId, params.id);
    if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
    return { order: await toOrderView(getDb(), order) };
  },
);
