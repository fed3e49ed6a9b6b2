'use client';

import { HTTPError } from 'ky';

/** An API refusal as the admin's forms read it: the status and the error shape's code and details. */
export interface Refusal {
  /** 0 when no answer came (network down, not an HTTP error). */
  status: number;
  code: string | null;
  /** `details.reason` of a 404 or 409 (`amount_mismatch`, `voucher_code_taken` …). */
  reason: string | null;
  details: unknown;
}

interface ErrorAnswer {
  error?: { code?: unknown; details?: unknown };
}

/** Reads what a failed call answered; anything else (offline, a bug) is status 0. */
export async function readRefusal(caught: unknown): Promise<Refusal> {
  if (!(caught instanceof HTTPError)) return { status: 0, code: null, reason: null, details: null };
  let body: ErrorAnswer | null;
  try {
    body = (await caught.response.clone().json()) as ErrorAnswer;
  } catch {
    body = null;
  }
  const details = body?.error?.details ?? null;
  const reason = (details as { reason?: unknown } | null)?.reason;
  return {
    status: caught.response.status,
    code: typeof body?.error?.code === 'string' ? body.error.code : null,
    reason: typeof reason === 'string' ? reason : null,
    details,
  };
}

/**
 * The field errors of a 400 answer (`details: [{ path, code }]`), by top-level field: the first
 * kind named for each. (The cabinet's helper does the same but lives beside its zod schemas,
 * which the admin's forms would then download for nothing.)
 */
export function fieldErrorsOf(details: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as { path?: unknown; code?: unknown }[]) {
    if (typeof detail?.path !== 'string' || detail.path === '') continue;
    errors[detail.path.split('.')[0]!] ??= typeof detail.code === 'string' ? detail.code : 'invalid';
  }
  return errors;
}
