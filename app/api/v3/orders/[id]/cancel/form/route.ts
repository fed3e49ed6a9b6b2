import { NextResponse } from 'next/server';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { cancelOrder } from '@/lib/commerce/order-cancel';
import { pathFor } from '@/lib/routing/localized-routes';

// POST /api/v3/orders/{id}/cancel/form — the order page's cancel button as a plain form post
// (the page works without scripts): 303 back to the order, which then shows it cancelled, or
// with ?error=order_not_cancellable when it was paid meanwhile.
export const POST = defineRoute(
  {
    summary: 'Cancel my unpaid order from its page’s form',
    description:
      'application/x-www-form-urlencoded, no fields. 303 to the order page (?error=order_not_cancellable when the order can no longer be cancelled, ?error=cancel_unavailable when a card order’s Stripe page could not be closed just now). 404 order_not_found (also another account’s order).',
    auth: 'user',
    // Cancelling gives credit back and issues a cancellation invoice: the buyer's own act, as checkout is.
    impersonation: false,
    bodyType: 'form',
    params: z.object({ id: idTextSchema }),
    body: z.object({}),
    successStatus: 303,
  },
  async ({ session, world, params }) => {
    const page = pathFor(world.code, 'order-confirmation', { orderId: String(params.id) });
    try {
      await cancelOrder(session.userId, params.id);
    } catch (error) {
      const refused = error instanceof AppError && error.reason === 'order_not_cancellable';
      if (!refused && !(error instanceof AppError && error.code === 'unavailable')) throw error;
      // Refused (paid meanwhile), or Stripe could not close a card order's page: nothing changed.
      const reason = refused ? 'order_not_cancellable' : 'cancel_unavailable';
      return new NextResponse(null, { status: 303, headers: { Location: `${page}?error=${reason}` } });
    }
    return new NextResponse(null, { status: 303, headers: { Location: page } });
  },
);
