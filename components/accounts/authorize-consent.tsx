'use client';

import { useEffect, useState } from 'react';
import { getApiClient } from '@/lib/api/browser';
import { LOGGED_IN_KEY } from '@/lib/session/storage';

interface AuthorizeConsentProps {
  loginHref: string;
  texts: { question: string; allow: string; deny: string; signIn: string; invalid: string; failed: string };
}

const REQUIRED = ['client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method'] as const;

/**
 * The consent page the mobile app opens (SPEC §2 authorize): a signed-in user allows or denies
 * the app; the server answers where to send the browser (back into the app).
 */
export function AuthorizeConsent({ loginHref, texts }: AuthorizeConsentProps) {
  const [state, setState] = useState<'loading' | 'signIn' | 'ask' | 'invalid' | 'busy'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (REQUIRED.some((name) => !query.get(name))) return setState('invalid');
    let loggedIn = false;
    try {
      loggedIn = window.localStorage.getItem(LOGGED_IN_KEY) === '1';
    } catch {
      loggedIn = false;
    }
    setState(loggedIn ? 'ask' : 'signIn');
  }, []);

  async function decide(decision: 'allow' | 'deny') {
    const query = new URLSearchParams(window.location.search);
    setState('busy');
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
      setState('ask');
    }
  }

  if (state === 'loading') return null;
  if (state === 'invalid') return <p role="alert">{texts.invalid}</p>;
  if (state === 'signIn') {
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
        <button type="button" className="button" disabled={state === 'busy'} onClick={() => void decide('allow')}>
          {texts.allow}
        </button>{' '}
        <button type="button" className="link-button" disabled={state === 'busy'} onClick={() => void decide('deny')}>
          {texts.deny}
        </button>
      </p>
    </div>
  );
}
