import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/api/schemas';
import { cancelOrder } from '@/lib/commerce/order-cancel';
import { toOrderView } from '@/lib/commerce/order-view';
import { getDb } from '@/lib/db/client';

// POST /api/v3/orders/{id}/cancel — the buyer cancels their own invoice purchase that waits for
// its transfer, so its materials can be bought again; asking twice changes nothing.
export const POST = defineRoute(
  {
    summary: 'Cancel my unpaid invoice order',
    description:
      'Only an invoice order awaiting its transfer. cancelled: false when it was cancelled already. The credit it used comes back, its invoice gets a cancellation invoice. A transfer that still arrives goes to the buyer’s credit. 404 order_not_found (also another account’s order); 409 order_not_cancellable with status (paid, refunded, or a card order); 403 impersonation for an admin acting as the buyer.',
    auth: 'user',
    // Cancelling gives credit back and issues a cancellation invoice: the buyer's own act, as checkout is.
    impersonation: false,
    params: z.object({ id: idTextSchema }),
  },
  async ({ session, params }) => {
    const { order, cancelled } = await cancelOrder(session.userId, params.id);
    return { order: await toOrderView(getDb(), order), cancelled };
  },
);
