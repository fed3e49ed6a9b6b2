import type { ErrorCode } from '@/lib/errors/app-error';

/**
 * The HTTP status of each error code. Domain code throws `AppError(code)` (lib/errors) and knows
 * nothing of HTTP; the API wrapper answers with this status and the one error shape.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_image: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** The HTTP status an error with this code is answered with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
