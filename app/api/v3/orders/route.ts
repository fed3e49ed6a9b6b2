import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { listBuyerOrders } from '@/lib/commerce/order-view';
import { getDb } from '@/lib/db/client';

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: idTextSchema.optional(),
});

// GET /api/v3/orders — the signed-in buyer's orders, newest first.
export const GET = defineRoute(
  { summary: 'My orders', auth: 'user', query: querySchema },
  async ({ session, query }) => ({
    orders: await listBuyerOrders(getDb(), session.userId, { limit: query.limit, before: query.before }),
  }),
);
