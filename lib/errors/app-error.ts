/**
 * The kinds of failure domain code reports. They name what went wrong, not how a caller hears of
 * it: the API edge (lib/api/errors.ts) gives each its HTTP status, and a page, a form route or a
 * job reads the code itself. This module sits below every domain, so throwing an error never
 * pulls the server edge in.
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  // An upload whose bytes are not an accepted format (checked by content, not by name).
  'unsupported_media_type',
  // An upload in an accepted format that cannot be decoded (truncated, corrupt).
  'invalid_image',
  'rate_limited',
  'internal',
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one error type of the domain: a code, and details a caller can tell cases apart by (field
 * paths and messages of a refused input, a `reason`, a `retry_after_seconds`).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }

  /** The `reason` of the details, when there is one (what a client or a form route tells apart). */
  get reason(): string | undefined {
    const reason = (this.details as { reason?: unknown } | null | undefined)?.reason;
    return typeof reason === 'string' ? reason : undefined;
  }
}

/** How an error is written out (the API's JSON, server.ts's own answers): `{ error: { code, message, details } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: unknown };
}
