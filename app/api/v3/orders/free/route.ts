import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idSchema } from '@/lib/input/schemas';
import { claimFreeMaterial } from '@/lib/commerce/checkout';
import { toOrderView } from '@/lib/commerce/order-view';
import { getDb } from '@/lib/db/client';

// POST /api/v3/orders/free — takes a free material in one click (an order at 0 with a licence);
// a second click answers the first order.
export const POST = defineRoute(
  {
    summary: 'Take a free material',
    description:
      '404 material_not_found for an unknown, withdrawn or other world’s material; 409 not_free for a paid one.',
    auth: 'user',
    body: z.object({ material_id: idSchema }),
    successStatus: 201,
  },
  async ({ session, world, body }) => {
    const { order, created } = await claimFreeMaterial(session.userId, world.code, body.material_id);
    return Response.json({ order: await toOrderView(getDb(), order) }, { status: created ? 201 : 200 });
  },
);
