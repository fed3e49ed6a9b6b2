'use client';

import { HTTPError } from 'ky';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { secretFromPath } from './secret-from-path';

export interface AccountField {
  name: string;
  type: 'email' | 'password' | 'text' | 'checkbox';
  label: string;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Shown under the field, e.g. the password rule. */
  hint?: string;
}

export interface AccountFormTexts {
  submit: string;
  busy: string;
  /** Shown in place of the form after success; `{email}` is filled from the answer. */
  success: string;
  failed: string;
  /** Field name → message when the server or the browser rejects that field. */
  fieldErrors: Record<string, string>;
  /** Error reason (details.reason) → message, e.g. invalid_or_expired_token. */
  reasons?: Record<string, string>;
  /** Shown when the API says the visitor must sign in first. */
  signIn?: string;
}

interface AccountFormProps {
  id: string;
  /** API path relative to the base, e.g. `v3/password/forgot`. */
  endpoint: string;
  fields: AccountField[];
  texts: AccountFormTexts;
  /** Body key that receives the last path segment (the mailed token in the page's URL). */
  tokenFromPath?: string;
  /** Local-storage keys whose values are sent along (e.g. a kept referral code). */
  storedValues?: Record<string, string>;
  /** Sends the form as soon as the page is interactive (confirmation links without input). */
  autoSubmit?: boolean;
  /** After success: a link onwards, or a full navigation. */
  next?: { href: string; label: string };
  redirectTo?: string;
  loginHref?: string;
  /** Whether the call needs the session's terms check (cabinet forms) or not (sign-up, links). */
  signedIn?: boolean;
}

type Errors = { form: string | null; fields: Record<string, string> };

function readStored(keys: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!keys) return out;
  for (const [bodyKey, storageKey] of Object.entries(keys)) {
    try {
      const value = window.localStorage.getItem(storageKey);
      if (value) out[bodyKey] = value;
    } catch {
      // Storage unusable: send without the kept value.
    }
  }
  return out;
}

/**
 * One form for the account pages (sign-up, recovery, confirmations, cabinet changes): posts its
 * fields as JSON, shows each rejected field's message in the user's language next to the field,
 * keeps what the user typed when something fails, and replaces itself with the success text.
 */
export function AccountForm(props: AccountFormProps) {
  const { texts } = props;
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({ form: null, fields: {} });
  const [done, setDone] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentOnce = useRef(false);

  async function send(values: Record<string, unknown>) {
    setBusy(true);
    setErrors({ form: null, fields: {} });
    const body: Record<string, unknown> = { ...values, ...readStored(props.storedValues) };
    if (props.tokenFromPath) body[props.tokenFromPath] = secretFromPath();
    try {
      const answer = await getApiClient().post<Record<string, unknown> | undefined>(props.endpoint, body, {
        noValidate: !props.signedIn,
      });
      if (props.redirectTo) {
        window.location.assign(props.redirectTo);
        return;
      }
      const email =
        typeof answer?.email === 'string'
          ? answer.email
          : typeof answer?.new_email === 'string'
            ? answer.new_email
            : '';
      setDone(texts.success.replace('{email}', email));
    } catch (caught) {
      setErrors(await describeError(caught));
      setBusy(false);
    }
  }

  async function describeError(caught: unknown): Promise<Errors> {
    if (!(caught instanceof HTTPError)) return { form: texts.failed, fields: {} };
    const status = caught.response.status;
    const body = (await caught.response
      .clone()
      .json()
      .catch(() => null)) as { error?: { message?: string; details?: unknown } } | null;
    const details = body?.error?.details;
    if (status === 401 && texts.signIn) {
      setNeedsSignIn(true);
      return { form: null, fields: {} };
    }
    if (Array.isArray(details)) {
      const fields: Record<string, string> = {};
      for (const detail of details as { path?: string }[]) {
        const name = detail.path ?? '';
        if (props.fields.some((f) => f.name === name)) fields[name] = texts.fieldErrors[name] ?? texts.failed;
      }
      if (Object.keys(fields).length) return { form: null, fields };
    }
    const reason = (details as { reason?: string; path?: string } | null)?.reason;
    const path = (details as { path?: string } | null)?.path;
    const byReason = reason ? texts.reasons?.[reason] : undefined;
    if (byReason && path && props.fields.some((f) => f.name === path))
      return { form: null, fields: { [path]: byReason } };
    // 429 and other known errors come with a message in the world's language from the server.
    return {
      form: byReason ?? (status === 429 || status === 403 ? body?.error?.message : undefined) ?? texts.failed,
      fields: {},
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values: Record<string, unknown> = {};
    const fieldErrors: Record<string, string> = {};
    for (const field of props.fields) {
      const input = form.elements.namedItem(field.name) as HTMLInputElement | null;
      if (!input) continue;
      if (field.type === 'checkbox') values[field.name] = input.checked;
      else if (input.value !== '' || field.required) values[field.name] = input.value;
      if (!input.checkValidity()) fieldErrors[field.name] = texts.fieldErrors[field.name] ?? texts.failed;
    }
    if (Object.keys(fieldErrors).length) {
      setErrors({ form: null, fields: fieldErrors });
      const first = props.fields.find((f) => fieldErrors[f.name]);
      (form.elements.namedItem(first!.name) as HTMLInputElement | null)?.focus();
      return;
    }
    void send(values);
  }

  useEffect(() => {
    if (props.autoSubmit && !sentOnce.current) {
      sentOnce.current = true;
      void send({});
    }
    // Runs once when the page becomes interactive: `send` is a new function on every render, and
    // a confirmation link must be posted exactly once (sentOnce guards Strict Mode's double run).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (needsSignIn) {
    return (
      <p className="form-note" data-testid={`${props.id}-sign-in`}>
        <a href={props.loginHref ?? '/'}>{texts.signIn}</a>
      </p>
    );
  }
  if (done) {
    return (
      <div className="form-success" role="status" data-testid={`${props.id}-success`}>
        <p>{done}</p>
        {props.next ? (
          <p>
            <a className="button" href={props.next.href}>
              {props.next.label}
            </a>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form ref={formRef} id={props.id} className="account-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      {props.fields.map((field) => {
        const id = `${props.id}-${field.name}`;
        const error = errors.fields[field.name];
        const describedBy =
          [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
        const input = (
          <input
            id={id}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required={field.required}
            minLength={field.minLength}
            maxLength={field.maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        );
        return (
          <div key={field.name} className={field.type === 'checkbox' ? 'form-check' : 'form-field'}>
            {field.type === 'checkbox' ? (
              <label htmlFor={id}>
                {input} <span dangerouslySetInnerHTML={{ __html: field.label }} />
              </label>
            ) : (
              <>
                <label htmlFor={id}>{field.label}</label>
                {input}
              </>
            )}
            {field.hint ? (
              <p id={`${id}-hint`} className="form-hint">
                {field.hint}
              </p>
            ) : null}
            {error ? (
              <p id={`${id}-error`} className="form-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {errors.form ? (
        <p role="alert" className="form-error" data-testid={`${props.id}-error`}>
          {errors.form}
        </p>
      ) : null}
      {props.autoSubmit ? null : (
        <button type="submit" className="button" disabled={busy}>
          {busy ? texts.busy : texts.submit}
        </button>
      )}
      {props.autoSubmit && busy ? <p role="status">{texts.busy}</p> : null}
    </form>
  );
}
