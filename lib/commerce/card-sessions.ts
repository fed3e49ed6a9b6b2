import Stripe from 'stripe';
import { AppError } from '@/lib/errors/app-error';
import { getStripe } from './stripe-client';

/**
 * Closes a card order's payment page at Stripe before the order is cancelled, so it can no longer
 * be paid: an open Checkout Session is expired. 'closed' when nobody can pay it any more (expired
 * now or before), 'paid' when it was completed (its payment is made or under way, and its webhook
 * delivers the order): such an order must not be cancelled. Throws 503
 * payment_provider_unavailable when Stripe cannot be reached, so nothing is cancelled then.
 *
 * Not `server-only`: the sweep of unpaid card orders runs in the job worker.
 */
export async function closeCardPaymentPage(sessionId: string): Promise<'closed' | 'paid'> {
  let stripe: Stripe;
  try {
    stripe = getStripe();
  } catch (error) {
    // Stripe is no longer configured: the page cannot be closed, so nothing is cancelled.
    throw unavailable(sessionId, error);
  }
  try {
    const expired = await stripe.checkout.sessions.expire(sessionId);
    return expired.status === 'complete' ? 'paid' : 'closed';
  } catch (error) {
    // Stripe refuses to expire a session that is not open: read what became of it.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(sessionId, error);
  }
  let status: Stripe.Checkout.Session.Status | null;
  try {
    status = (await stripe.checkout.sessions.retrieve(sessionId)).status;
  } catch (error) {
    throw unavailable(sessionId, error);
  }
  if (status === 'complete') return 'paid';
  if (status === 'expired') return 'closed';
  // Still open although Stripe refused to expire it: it can still be paid, so it is not closed.
  throw unavailable(sessionId, new Error(`session is ${status ?? 'of unknown status'}`));
}

function unavailable(sessionId: string, error: unknown): AppError {
  console.error(`stripe: checkout session ${sessionId} could not be closed:`, (error as Error).message);
  return new AppError('unavailable', undefined, { reason: 'payment_provider_unavailable' });
}
