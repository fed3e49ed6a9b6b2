import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { checkout, IDEMPOTENCY_KEY_PATTERN, PAYMENT_PROVIDERS, paymentStep } from '@/lib/commerce/checkout';
import { rememberCartCount } from '@/lib/commerce/cart-request';
import { toOrderView } from '@/lib/commerce/order-view';
import { getDb } from '@/lib/db/client';
import { MAX_AMOUNT_MINOR } from '@/lib/money/money';

const bodySchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  idempotency_key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  // Required: without it a price changed since the buyer last looked would be charged unseen.
  expected_total: z
    .number()
    .int()
    .min(0)
    .max(MAX_AMOUNT_MINOR)
    .describe('The final price the buyer was last shown (the cart’s finalPrice), in minor units. Required.'),
  delivery_consent: z.literal(true),
});

// POST /api/v3/orders/checkout — orders the signed-in buyer's cart of this world, once per
// idempotency key. 201 with the new order; 200 with the same order for a repeated key.
export const POST = defineRoute(
  {
    summary: 'Order the cart',
    description:
      'Prices are the server’s (the cart as priced now); expected_total is required and must equal the final price the server computes now, or nothing is ordered (409 price_changed, with final_price, the new total to show the buyer). Older app builds that leave expected_total out get 400 validation_failed (path expected_total) and must send the cart’s finalPrice as last shown. delivery_consent must be true: the buyer agrees to immediate delivery and loses the withdrawal right. 409 reasons: cart_empty, voucher_invalid (with voucher_error), price_changed, payment_required, payment_method_unavailable, billing_address_required, credits_changed, cart_changed (the same cart was ordered at the same moment), already_owned (the buyer holds a material with the same or a better licence), bundle_contains_owned (a bundle with a material they hold), order_pending (with order_id: an order of theirs with it waits for its payment). A free or test order is paid at once (payment.kind done); an invoice order waits for its bank transfer (payment.kind bank-transfer, with the reference to quote); a card order is paid on Stripe’s page (payment.kind redirect; the page expires when the order can no longer be paid, a day after ordering; "pay now" is POST /api/v3/orders/{id}/pay) and delivered by its webhook; a retried key of a card order that can no longer be paid answers payment.kind expired. 503 payment_provider_unavailable when Stripe cannot be reached: the order stays pending and the same idempotency key tries again.',
    auth: 'user',
    impersonation: false,
    body: bodySchema,
    successStatus: 201,
  },
  async ({ request, session, world, body }) => {
    const { order, created } = await checkout({
      userId: session.userId,
      world: world.code,
      provider: body.provider,
      idempotencyKey: body.idempotency_key,
      expectedTotal: body.expected_total,
      deliveryConsent: body.delivery_consent,
    });
    const payment = await paymentStep(order);
    const response = NextResponse.json(
      { order: await toOrderView(getDb(), order), payment },
      { status: created ? 201 : 200 },
    );
    // The order took every line of the cart.
    rememberCartCount(request, response, world.code, 0);
    return response;
  },
);
