/** The one error type of the API; its code decides the HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  /** An upload whose bytes are not an accepted format (checked by content, not by name). */
  unsupported_media_type: 415,
  /** An upload in an accepted format that cannot be decoded (truncated, corrupt). */
  invalid_image: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The `reason` of the details, when there is one (what a client or a form route tells apart). */
  get reason(): string | undefined {
    const reason = (this.details as { reason?: unknown } | null | undefined)?.reason;
    return typeof reason === 'string' ? reason : undefined;
  }
}

/** The error body of SPEC/issue 2: `{ error: { code, message, details } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: unknown };
}
