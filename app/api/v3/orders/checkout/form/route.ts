import { NextResponse } from 'next/server';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { checkout, IDEMPOTENCY_KEY_PATTERN, PAYMENT_PROVIDERS, paymentStep } from '@/lib/commerce/checkout';
import { rememberCartCount } from '@/lib/commerce/cart-request';
import { checkoutFormErrorOf, type CheckoutFormError } from '@/lib/commerce/checkout-form';
import { MAX_AMOUNT_MINOR } from '@/lib/money/money';
import { pathFor } from '@/lib/routing/localized-routes';

const bodySchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  idempotency_key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  expected_total: z.coerce.number().int().min(0).max(MAX_AMOUNT_MINOR),
  // An unticked checkbox sends nothing: the page then explains that the consent is needed.
  delivery_consent: z.literal('on').optional(),
});

// POST /api/v3/orders/checkout/form — the payment page's order button as a plain form post, so a
// buyer can pay before (or without) the page's scripts. The same checkout as the JSON call, once
// per idempotency key (the key is written into the page, so a double submit orders once). Answers
// 303: to the order confirmation, to the invoice-purchase page with the transfer to make, to
// Stripe's payment page for a card, or back to the payment page with an error word it translates.
export const POST = defineRoute(
  {
    summary: 'Order the cart from the payment page’s form',
    description:
      'application/x-www-form-urlencoded: provider, idempotency_key, expected_total (minor units), delivery_consent=on. 303 to the order confirmation page (the invoice-purchase page for an invoice order, Stripe’s page for a card order; the card order’s own page with ?error=payment_provider_unavailable when the order was made but Stripe could not be reached, where “pay now” tries again); 303 back to the payment page with ?error= consent_required, cart_empty, voucher_invalid, price_changed, payment_required, payment_method_unavailable, billing_address_required, credits_changed, cart_changed, already_owned, bundle_contains_owned, order_pending, payment_provider_unavailable (nothing ordered) or invalid.',
    auth: 'user',
    impersonation: false,
    bodyType: 'form',
    body: bodySchema,
    successStatus: 303,
  },
  async ({ request, session, world, body }) => {
    const back = (error: CheckoutFormError) =>
      new NextResponse(null, {
        status: 303,
        headers: { Location: `${pathFor(world.code, 'payment')}?error=${error}` },
      });
    if (body.delivery_consent !== 'on') return back('consent_required');
    try {
      const { order } = await checkout({
        userId: session.userId,
        world: world.code,
        provider: body.provider,
        idempotencyKey: body.idempotency_key,
        expectedTotal: body.expected_total,
        deliveryConsent: true,
      });
      let step: Awaited<ReturnType<typeof paymentStep>>;
      try {
        step = await paymentStep(order);
      } catch (error) {
        // Ordered, but Stripe's page could not be made: the order's page says so and offers
        // "pay now" (the cart is empty now, so the payment page would be a dead end).
        if (!(error instanceof AppError) || error.code !== 'unavailable') throw error;
        const orderPage = pathFor(world.code, 'order-confirmation', { orderId: String(order.id) });
        const response = new NextResponse(null, {
          status: 303,
          headers: { Location: `${orderPage}?error=payment_provider_unavailable` },
        });
        rememberCartCount(request, response, world.code, 0);
        return response;
      }
      // Stripe's own page: its address comes from Stripe's answer, never from the request.
      const target =
        step.kind === 'redirect'
          ? step.url
          : step.kind === 'bank-transfer'
            ? `${pathFor(world.code, 'invoice-purchase-success')}?order=${order.id}`
            : pathFor(world.code, 'order-confirmation', { orderId: String(order.id) });
      const response = new NextResponse(null, { status: 303, headers: { Location: target } });
      // The order took every line of the cart.
      rememberCartCount(request, response, world.code, 0);
      return response;
    } catch (error) {
      return back(checkoutFormErrorOf(error));
    }
  },
);
