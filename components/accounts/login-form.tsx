'use client';

import { HTTPError } from 'ky';
import { useState, type FormEvent } from 'react';
import { getApiClient } from '@/lib/api/browser';

interface LoginFormProps {
  /** Where to go after signing in (the world's home). */
  next: string;
  texts: { email: string; password: string; submit: string; invalid: string; failed: string; busy: string };
}

/** The logged-in flag, the only session value the browser keeps (DESIGN §1). */
export const LOGGED_IN_KEY = 'kreide_logged_in';

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
      window.location.assign(next);
    } catch (caught) {
      setError(caught instanceof HTTPError && (caught.response.status === 401 || caught.response.status === 400) ? texts.invalid : texts.failed);
      setBusy(false);
    }
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
