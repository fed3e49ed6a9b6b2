'use client';

import { useState } from 'react';
import { useLoggedInFlag } from '@/components/session/use-logged-in-flag';
import { getApiClient } from '@/lib/browser-session/browser';

interface AuthorizeConsentProps {
  loginHref: string;
  texts: { question: string; allow: string; deny: string; signIn: string; invalid: string; failed: string };
}

const REQUIRED = ['client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method'] as const;

/** Whether the app's request in the address is complete. */
function requestIsComplete(): boolean {
  const query = new URLSearchParams(window.location.search);
  return REQUIRED.every((name) => Boolean(query.get(name)));
}

/**
 * The consent page the mobile app opens: a signed-in user allows or denies
 * the app; the server answers where to send the browser (back into the app).
 */
export function AuthorizeConsent({ loginHref, texts }: AuthorizeConsentProps) {
  const loggedIn = useLoggedInFlag();
  // The address and the flag are only known in the browser, after hydration.
  const mode = loggedIn === null ? 'loading' : !requestIsComplete() ? 'invalid' : loggedIn ? 'ask' : 'signIn';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(decision: 'allow' | 'deny') {
    const query = new URLSearchParams(window.location.search);
    setBusy(true);
    setError(null);
    try {
      const answer = await getApiClient().post<{ redirect: string }>('v3/oauth2/authorize', {
        client_id: query.get('client_id'),
        redirect_uri: query.get('redirect_uri'),
        state: query.get('state') ?? undefined,
        code_challenge: query.get('code_challenge'),
        code_challenge_method: query.get('code_challenge_method'),
        decision,
      });
      window.location.assign(answer.redirect);
    } catch {
      setError(texts.failed);
      setBusy(false);
    }
  }

  if (mode === 'loading') return null;
  if (mode === 'invalid') return <p role="alert">{texts.invalid}</p>;
  if (mode === 'signIn') {
    const next = encodeURIComponent(window.location.pathname + window.location.search);
    return (
      <p>
        <a className="button" href={`${loginHref}?next=${next}`} data-testid="authorize-sign-in">
          {texts.signIn}
        </a>
      </p>
    );
  }
  return (
    <div className="authorize" data-testid="authorize-consent">
      <p>{texts.question}</p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <p className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void decide('allow')}>
          {texts.allow}
        </button>{' '}
        <button type="button" className="link-button" disabled={busy} onClick={() => void decide('deny')}>
          {texts.deny}
        </button>
      </p>
    </div>
  );
}
