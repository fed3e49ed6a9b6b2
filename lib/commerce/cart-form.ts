import { AppError } from '@/lib/api/errors';

/** What a cart form without scripts can ask for. */
export const CART_FORM_ACTIONS = ['add', 'remove', 'voucher', 'remove-voucher', 'use-credits', 'drop-credits'] as const;
export type CartFormAction = (typeof CART_FORM_ACTIONS)[number];

/** The confirmation the cart page shows after each action. */
const NOTICE_OF: Record<CartFormAction, string> = {
  add: 'added',
  remove: 'removed',
  voucher: 'voucher',
  'remove-voucher': 'voucher-removed',
  'use-credits': 'credits',
  'drop-credits': 'credits-removed',
};

/** What the cart page confirms after a cart was restored from a reminder's link. */
export const RESTORE_NOTICES = ['restored', 'restore-empty'] as const;
export type RestoreNotice = (typeof RESTORE_NOTICES)[number];

/** The refusals the cart page explains in the world's language; anything else is `invalid`. */
export const CART_FORM_ERRORS = [
  'material_not_found',
  'free_material',
  'own_material',
  'already_owned',
  'cart_full',
  'sign_in_required',
  'restore_link_invalid',
  'invalid',
] as const;
export type CartFormError = (typeof CART_FORM_ERRORS)[number];

/** The query the cart page is opened with after an action: a fixed word, never request text. */
export function cartFormQuery(outcome: { action: CartFormAction } | { error: CartFormError }): string {
  return 'error' in outcome ? `?error=${outcome.error}` : `?notice=${NOTICE_OF[outcome.action]}`;
}

/** The refusal a domain error stands for; errors that are not refusals are thrown on. */
export function cartFormErrorOf(error: unknown): CartFormError {
  if (!(error instanceof AppError)) throw error;
  const reason = (error.details as { reason?: unknown } | null)?.reason;
  return CART_FORM_ERRORS.find((known) => known === reason) ?? 'invalid';
}

/** The query the cart page is opened with after restoring a cart (a fixed word, as above). */
export function restoreFormQuery(outcome: 'restored' | 'empty' | 'invalid'): string {
  if (outcome === 'invalid') return '?error=restore_link_invalid';
  const notice: RestoreNotice = outcome === 'restored' ? 'restored' : 'restore-empty';
  return `?notice=${notice}`;
}

/** A notice or error word from the cart page's query, or null when it is not one of ours. */
export function readCartFormOutcome(notice: unknown, error: unknown) {
  const noticeWord = [...Object.values(NOTICE_OF), ...RESTORE_NOTICES].find((word) => word === notice) ?? null;
  const errorWord = CART_FORM_ERRORS.find((word) => word === error) ?? null;
  return { notice: noticeWord, error: errorWord };
}

/**
 * The header a page's script sends with a cart form it submits itself: the answer is then 200
 * with `{ location }` (the page to show, with its notice or error) instead of the 303, so the
 * script can show that page in place without a full reload.
 */
export const SCRIPTED_FORM_HEADER = 'x-kreide-form';
