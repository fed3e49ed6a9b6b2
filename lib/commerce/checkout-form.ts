import { AppError } from '@/lib/errors/app-error';

/** The refusals of a checkout form the payment page explains; anything else is `invalid`. */
export const CHECKOUT_FORM_ERRORS = [
  'cart_empty',
  'voucher_invalid',
  'price_changed',
  'payment_required',
  'payment_method_unavailable',
  'billing_address_required',
  'credits_changed',
  'cart_changed',
  'already_owned',
  'bundle_contains_owned',
  'order_pending',
  'consent_required',
  'payment_provider_unavailable',
  'invalid',
] as const;
export type CheckoutFormError = (typeof CHECKOUT_FORM_ERRORS)[number];

/** The refusal a domain error stands for; errors that are not refusals are thrown on. */
export function checkoutFormErrorOf(error: unknown): CheckoutFormError {
  if (!(error instanceof AppError)) throw error;
  const reason = (error.details as { reason?: unknown } | null)?.reason;
  return CHECKOUT_FORM_ERRORS.find((known) => known === reason) ?? 'invalid';
}

/** An error word from the payment page's query, or null when it is not one of ours. */
export function readCheckoutFormError(value: unknown): CheckoutFormError | null {
  return CHECKOUT_FORM_ERRORS.find((known) => known === value) ?? null;
}
