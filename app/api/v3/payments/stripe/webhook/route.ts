import { AppError } from '@/lib/errors/app-error';
import { defineRoute, MAX_JSON_BODY_BYTES } from '@/lib/api/handler';
import { handleStripeWebhook } from '@/lib/commerce/stripe';

// POST /api/v3/payments/stripe/webhook — Stripe's signed events. The signature is checked over
// the exact bytes, so the body is read here, bounded, and not parsed before the check.
export const POST = defineRoute(
  {
    summary: 'Stripe webhook (signed events)',
    description:
      'checkout.session.completed with payment_status paid delivers its order once; a replayed event changes nothing. 400 invalid_signature; 404 when card payments are not configured.',
    auth: 'anonymous',
    csrf: false,
    bodyType: 'upload',
  },
  async ({ request }) => {
    const length = Number(request.headers.get('content-length') ?? 'NaN');
    if (!Number.isSafeInteger(length)) throw new AppError('bad_request', undefined, { reason: 'length_required' });
    if (length > MAX_JSON_BODY_BYTES) throw new AppError('payload_too_large');
    const body = await request.text();
    if (Buffer.byteLength(body) > MAX_JSON_BODY_BYTES) throw new AppError('payload_too_large');
    return handleStripeWebhook(body, request.headers.get('stripe-signature'));
  },
);
