import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { orderSearchTextSchema, searchOrders } from '@/lib/commerce/admin-orders';
import { getDb } from '@/lib/db/client';

const querySchema = z.object({
  q: orderSearchTextSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// GET /api/v3/admin/orders?q= — orders by reference, buyer e-mail or id, newest first (admins).
export const GET = defineRoute(
  { summary: 'Search orders (admin)', auth: 'admin', query: querySchema },
  async ({ query }) => ({ orders: await searchOrders(getDb(), query.q, query.limit) }),
);
