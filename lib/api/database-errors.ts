import type { ErrorCode } from '@/lib/errors/app-error';

/**
 * PostgreSQL errors that only bad input can cause (SQLSTATE class 22, data exceptions, and the
 * integrity violations of class 23). They mean a schema let something through that it should
 * have refused; the caller still gets a 4xx in the error shape, never a 500.
 */
const INPUT_ERRORS: Record<string, { code: ErrorCode; reason: string }> = {
  '22001': { code: 'validation_failed', reason: 'value_too_long' },
  '22003': { code: 'validation_failed', reason: 'number_out_of_range' },
  '22007': { code: 'validation_failed', reason: 'invalid_datetime' },
  '22008': { code: 'validation_failed', reason: 'datetime_out_of_range' },
  '22021': { code: 'validation_failed', reason: 'invalid_text' },
  '22P02': { code: 'validation_failed', reason: 'invalid_value' },
  '22P05': { code: 'validation_failed', reason: 'invalid_text' },
  '23503': { code: 'not_found', reason: 'referenced_row_missing' },
  '23505': { code: 'conflict', reason: 'already_exists' },
};

/** The API error for a database error caused by input, or null for any other error. */
export function databaseErrorCode(error: unknown): { code: ErrorCode; reason: string; sqlState: string } | null {
  // Drizzle wraps the driver's error; node-postgres puts the SQLSTATE in `code`.
  for (
    let current = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const sqlState = (current as { code?: unknown }).code;
    if (typeof sqlState === 'string' && INPUT_ERRORS[sqlState]) return { ...INPUT_ERRORS[sqlState], sqlState };
  }
  return null;
}
