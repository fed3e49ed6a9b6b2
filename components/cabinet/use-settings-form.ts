'use client';

import { HTTPError } from 'ky';
import { useEffect, useState, type RefObject } from 'react';
import type { ZodType, z } from 'zod';
import { fieldErrors, type FieldErrorKind } from '@/lib/cabinet/validation';

export type FormStatus = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed' | 'signed-out' | 'rate-limited';

interface ErrorDetail {
  path?: unknown;
  code?: unknown;
}

/** Field errors named by an API error answer (`details: [{ path, code }]`), by top-level field. */
export function fieldErrorsFromAnswer(details: unknown): Record<string, FieldErrorKind> {
  const out: Record<string, FieldErrorKind> = {};
  if (!Array.isArray(details)) return out;
  for (const detail of details as ErrorDetail[]) {
    if (typeof detail?.path !== 'string' || detail.path === '') continue;
    const field = detail.path.split('.')[0]!;
    out[field] ??= typeof detail.code === 'string' ? detail.code : 'invalid';
  }
  return out;
}

/** The error of an API answer (`{ error: { code, message, details } }`), or null for anything else. */
export async function apiErrorOf(
  error: unknown,
): Promise<{ code?: string; message?: string; details?: unknown } | null> {
  if (!(error instanceof HTTPError)) return null;
  try {
    const body = (await error.response.clone().json()) as {
      error?: { code?: string; message?: string; details?: unknown };
    };
    return body.error ?? null;
  } catch {
    return null;
  }
}

const errorBody = apiErrorOf;

interface Options<S extends ZodType, R> {
  /** The form element, to focus the first field with an error. */
  formRef: RefObject<HTMLFormElement | null>;
  schema: S;
  /** Sends the validated input; resolves with the server's answer. */
  send: (input: z.output<S>) => Promise<R>;
  onSaved?: (answer: R) => void;
  /** A message for an error answer the form explains itself (e.g. impersonated), or null. */
  explain?: (error: { code?: string; details?: unknown }) => string | null;
}

/**
 * The submit cycle of a settings form: the shared zod schema checks the input in the browser
 * first, then the API call; field errors from either side land on their fields, and the inputs
 * are never reset, so a failed save loses nothing the user typed.
 */
export function useSettingsForm<S extends ZodType, R>({ formRef, schema, send, onSaved, explain }: Options<S, R>) {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [errors, setErrors] = useState<Record<string, FieldErrorKind>>({});
  const [retryMinutes, setRetryMinutes] = useState(0);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    // Keyboard and screen-reader users land on the first field to fix.
    if (status === 'invalid') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, status, errors]);

  async function submit(values: unknown) {
    setMessage(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setStatus('invalid');
      return;
    }
    setErrors({});
    setStatus('saving');
    try {
      const answer = await send(parsed.data);
      onSaved?.(answer);
      setStatus('saved');
    } catch (caught) {
      if (!(caught instanceof HTTPError)) {
        setStatus('failed');
        return;
      }
      const status = caught.response.status;
      if (status === 401) {
        setStatus('signed-out');
        return;
      }
      const body = await errorBody(caught);
      if (status === 429) {
        const seconds = Number(
          (body?.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds ??
            caught.response.headers.get('retry-after'),
        );
        setRetryMinutes(Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60)));
        setStatus('rate-limited');
        return;
      }
      const explained = body ? explain?.(body) : null;
      if (explained) {
        setMessage(explained);
        setStatus('failed');
        return;
      }
      const fromServer = fieldErrorsFromAnswer(body?.details);
      if (Object.keys(fromServer).length) {
        setErrors(fromServer);
        setStatus('invalid');
        return;
      }
      setStatus('failed');
    }
  }

  return { status, errors, retryMinutes, message, submit, busy: status === 'saving' };
}

/**
 * Shows what the server stored (normalised: upper-case codes, IBAN without spaces) in the
 * form's own inputs after a successful save, without remounting it.
 */
export function showStoredValues(form: HTMLFormElement | null, values: object): void {
  if (!form) return;
  for (const [name, value] of Object.entries(values)) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement)
      element.value = value == null ? '' : String(value);
  }
}

/** The value of a named text input or select of a form ('' when missing). */
export function textValue(form: HTMLFormElement, name: string): string {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.value : '';
}

/** Whether a named checkbox is ticked. */
export function isChecked(form: HTMLFormElement, name: string): boolean {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement && element.checked;
}

/** The values of the ticked checkboxes sharing a name. */
export function checkedValues(form: HTMLFormElement, name: string): string[] {
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked'))
    .filter((input) => input.name === name)
    .map((input) => input.value);
}
