/**
 * What the visitor is told after a failed provider sign-in: the login page shows it from
 * `?social_error=`, the Microsoft redirect page from the completion call's answer. No imports, and
 * outside lib/accounts (server code that client files may not import), so client components can use it.
 */
export const SOCIAL_ERRORS = [
  'cancelled',
  'expired',
  'email_taken',
  'email_missing',
  'account_deleted',
  'unavailable',
  'failed',
] as const;
export type SocialError = (typeof SOCIAL_ERRORS)[number];

export function isSocialError(value: unknown): value is SocialError {
  return typeof value === 'string' && (SOCIAL_ERRORS as readonly string[]).includes(value);
}

/** Maps an API error (its code and `details.reason`) to what the visitor is told. */
export function socialErrorFor(code: string | undefined, reason: unknown): SocialError {
  if (code === 'unavailable' || code === 'rate_limited') return 'unavailable';
  switch (reason) {
    case 'invalid_state':
      return 'expired';
    case 'email_taken':
      return 'email_taken';
    case 'provider_email_missing':
      return 'email_missing';
    case 'account_deleted':
      return 'account_deleted';
    default:
      return 'failed';
  }
}
