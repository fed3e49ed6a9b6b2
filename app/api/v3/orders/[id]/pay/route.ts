import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { payCardOrder } from '@/lib/commerce/checkout';

// POST /api/v3/orders/{id}/pay — "pay now" for the buyer's own card order that waits: where to
// send them (Stripe's page, made once per order; the order's page when it was paid already).
export const POST = defineRoute(
  {
    summary: 'Pay my waiting card order',
    description:
      'Answers { url }: Stripe’s payment page of the order (the same page on every call while it is open; it expires when the order can no longer be paid, a day after ordering), or the order’s own page when the page was paid already and its payment is being delivered. 404 order_not_found (also another account’s order); 409 order_not_payable with status (paid, cancelled, refunded, or not a card order); 409 payment_expired once the order can no longer be paid (cancel it, then order again); 503 payment_provider_unavailable when Stripe cannot be reached (nothing changes; try again); 403 impersonation for an admin acting as the buyer.',
    auth: 'user',
    // Paying is the buyer's own act, as checkout is.
    impersonation: false,
    params: z.object({ id: idTextSchema }),
  },
  async ({ session, params }) => ({ url: await payCardOrder(session.userId, params.id) }),
);
