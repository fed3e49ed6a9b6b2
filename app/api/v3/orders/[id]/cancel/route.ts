import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { cancelOrder } from '@/lib/commerce/order-cancel';
import { toOrderView } from '@/lib/commerce/order-view';
import { getDb } from '@/lib/db/client';

// POST /api/v3/orders/{id}/cancel — the buyer cancels their own order that waits for its payment
// (an invoice purchase, or a card order not paid on Stripe's page), so its materials can be
// bought again; asking twice changes nothing.
export const POST = defineRoute(
  {
    summary: 'Cancel my unpaid order',
    description:
      'An invoice order awaiting its transfer, or a card order not paid yet (its Stripe page is expired first, so it can no longer be paid). cancelled: false when it was cancelled already. The credit it used and its voucher come back, its invoice (if any) gets a cancellation invoice. A transfer that still arrives goes to the buyer’s credit, a card payment back to the card. 404 order_not_found (also another account’s order); 409 order_not_cancellable with status (paid, refunded, or a card page that was paid already: its payment is being delivered); 503 payment_provider_unavailable when Stripe cannot be reached (nothing changes); 403 impersonation for an admin acting as the buyer.',
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
