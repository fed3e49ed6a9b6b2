import { AppError } from '@/lib/errors/app-error';

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
  'bundle_contains_owned',
  'order_pending',
  'cart_full',
  'sign_in_required',
  'restore_link_invalid',
  'invalid',
] as const;
export type CartFormError = (typeof CART_FORM_ERRORS)[number];

/**
 * The query the cart page is opened with after an action: a fixed word, never request text, and
 * for a material on an unpaid order that order's number (the page links to it).
 */
export function cartFormQuery(
  outcome: { action: CartFormAction } | { error: CartFormError; orderId?: number | null },
): string {
  if (!('error' in outcome)) return `?notice=${NOTICE_OF[outcome.action]}`;
  return outcome.orderId ? `?error=${outcome.error}&order=${outcome.orderId}` : `?error=${outcome.error}`;
}

/** The refusal a domain error stands for, with the unpaid order it names; others are thrown on. */
export function cartFormRefusalOf(error: unknown): { error: CartFormError; orderId: number | null } {
  if (!(error instanceof AppError)) throw error;
  const details = error.details as { reason?: unknown; order_id?: unknown } | null;
  const word = CART_FORM_ERRORS.find((known) => known === details?.reason) ?? 'invalid';
  const orderId =
    typeof details?.order_id === 'number' && Number.isSafeInteger(details.order_id) ? details.order_id : null;
  return { error: word, orderId };
}

/** The query the cart page is opened with after restoring a cart (a fixed word, as above). */
export function restoreFormQuery(outcome: 'restored' | 'empty' | 'invalid'): string {
  if (outcome === 'invalid') return '?error=restore_link_invalid';
  const notice: RestoreNotice = outcome === 'restored' ? 'restored' : 'restore-empty';
  return `?notice=${notice}`;
}

/**
 * A notice or error word from the cart page's query, or null when it is not one of ours, and the
 * unpaid order an `order_pending` names (a positive number, or null).
 */
export function readCartFormOutcome(notice: unknown, error: unknown, order?: unknown) {
  const noticeWord = [...Object.values(NOTICE_OF), ...RESTORE_NOTICES].find((word) => word === notice) ?? null;
  const errorWord = CART_FORM_ERRORS.find((word) => word === error) ?? null;
  const orderId =
    errorWord === 'order_pending' && typeof order === 'string' && /^[1-9]\d{0,9}$/.test(order) ? Number(order) : null;
  return { notice: noticeWord, error: errorWord, orderId };
}

/**
 * The header a page's script sends with a cart form it submits itself: the answer is then 200
 * with `{ location }` (the page to show, with its notice or error) instead of the 303, so the
 * script can show that page in place without a full reload.
 */
export const SCRIPTED_FORM_HEADER = 'x-kreide-form';
