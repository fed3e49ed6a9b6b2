'use client';

import { HTTPError } from 'ky';
import { useState, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { sameOriginPathOr } from '@/lib/text/same-origin-path';
import { LOGGED_IN_KEY } from '@/lib/browser-session/storage';

export { LOGGED_IN_KEY };

interface LoginFormProps {
  /** Where to go after signing in (the world's home). */
  next: string;
  texts: {
    email: string;
    password: string;
    submit: string;
    invalid: string;
    failed: string;
    busy: string;
    notConfirmed: string;
  };
}

/** Where to go after signing in: `?next=` when it resolves to a path on this site, else the default. */
function safeNext(fallback: string): string {
  return sameOriginPathOr(new URLSearchParams(window.location.search).get('next'), fallback);
}

/**
 * Sign-in with e-mail and password. The token goes into the httpOnly session cookie on the
 * server; the browser only remembers that it is logged in.
 */
export function LoginForm({ next, texts }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await getApiClient().post('v3/oauth2/authenticate', {
        client_id: 'web',
        grant_type: 'password',
        username: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
      });
      try {
        localStorage.setItem(LOGGED_IN_KEY, '1');
      } catch {
        // Storage unusable: the cookie session still works.
      }
      window.location.assign(safeNext(next));
    } catch (caught) {
      setError(await describeError(caught));
      setBusy(false);
    }
  }

  async function describeError(caught: unknown): Promise<string> {
    if (!(caught instanceof HTTPError)) return texts.failed;
    const status = caught.response.status;
    if (status === 401 || status === 400) return texts.invalid;
    const body = (await caught.response
      .clone()
      .json()
      .catch(() => null)) as { error?: { message?: string; details?: { reason?: string } } } | null;
    if (status === 403 && body?.error?.details?.reason === 'email_not_confirmed') return texts.notConfirmed;
    // Too many attempts, or a page opened at another address than the site's (the message names
    // the one to open): the server's message is already in the world's language.
    if ((status === 429 || status === 403) && body?.error?.message) return body.error.message;
    return texts.failed;
  }

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <label htmlFor="login-email">{texts.email}</label>
      <input id="login-email" name="email" type="email" autoComplete="username" required />
      <label htmlFor="login-password">{texts.password}</label>
      <input id="login-password" name="password" type="password" autoComplete="current-password" required />
      {error ? (
        <p role="alert" className="form-error" data-testid="login-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.busy : texts.submit}
      </button>
    </form>
  );
}
