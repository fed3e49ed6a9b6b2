import { NextResponse } from 'next/server';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { payCardOrder } from '@/lib/commerce/checkout';
import { pathFor } from '@/lib/routing/localized-routes';

/** The refusals the order page explains (`?error=`). */
const PAGE_ERRORS = new Set(['order_not_payable', 'payment_expired', 'payment_provider_unavailable']);

// POST /api/v3/orders/{id}/pay/form — the order page's "pay now" button as a plain form post
// (the page works without scripts): 303 to Stripe's page, or back to the order with ?error=.
export const POST = defineRoute(
  {
    summary: 'Pay my waiting card order from its page’s form',
    description:
      'application/x-www-form-urlencoded, no fields. 303 to Stripe’s payment page (its address comes from Stripe, never from the request), or to the order page with ?error=order_not_payable, payment_expired or payment_provider_unavailable. 404 order_not_found (also another account’s order).',
    auth: 'user',
    // Paying is the buyer's own act, as checkout is.
    impersonation: false,
    bodyType: 'form',
    params: z.object({ id: idTextSchema }),
    body: z.object({}),
    successStatus: 303,
  },
  async ({ session, world, params }) => {
    const page = pathFor(world.code, 'order-confirmation', { orderId: String(params.id) });
    let target: string;
    try {
      target = await payCardOrder(session.userId, params.id);
    } catch (error) {
      const reason = error instanceof AppError ? error.reason : undefined;
      if (!reason || !PAGE_ERRORS.has(reason)) throw error;
      target = `${page}?error=${reason}`;
    }
    return new NextResponse(null, { status: 303, headers: { Location: target } });
  },
);
