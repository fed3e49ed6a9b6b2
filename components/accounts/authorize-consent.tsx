'use client';

import { useState, useSyncExternalStore } from 'react';
import { getApiClient } from '@/lib/api/browser';
import { LOGGED_IN_KEY } from '@/lib/session/storage';

interface AuthorizeConsentProps {
  loginHref: string;
  texts: { question: string; allow: string; deny: string; signIn: string; invalid: string; failed: string };
}

const REQUIRED = ['client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method'] as const;

const subscribeNowhere = () => () => {};

/** What the page can do: the app's request must be complete, and the visitor signed in. */
function readMode(): 'signIn' | 'ask' | 'invalid' {
  const query = new URLSearchParams(window.location.search);
  if (REQUIRED.some((name) => !query.get(name))) return 'invalid';
  try {
    return window.localStorage.getItem(LOGGED_IN_KEY) === '1' ? 'ask' : 'signIn';
  } catch {
    return 'signIn';
  }
}

/**
 * The consent page the mobile app opens (SPEC §2 authorize): a signed-in user allows or denies
 * the app; the server answers where to send the browser (back into the app).
 */
export function AuthorizeConsent({ loginHref, texts }: AuthorizeConsentProps) {
  const mode = useSyncExternalStore(subscribeNowhere, readMode, () => 'loading' as const);
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
