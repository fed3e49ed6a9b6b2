'use client';

import { HTTPError } from 'ky';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { LOGGED_IN_KEY } from '@/components/accounts/login-form';
import { getApiClient } from '@/lib/browser-session/browser';
import { socialErrorFor, type SocialError } from '@/lib/social-sign-in/social-errors';
import type { SocialProvider } from '@/lib/accounts/social/providers';

interface SocialCompleteProps {
  provider: SocialProvider;
  loginPath: string;
  texts: { busy: string; back: string; errors: Record<SocialError, string> };
  /** Test seam: how to leave the page once signed in. */
  navigate?: (path: string) => void;
}

const leaveFor = (path: string) => window.location.replace(path);

async function failureOf(caught: unknown): Promise<SocialError> {
  if (!(caught instanceof HTTPError)) return 'failed';
  const body = (await caught.response.json().catch(() => null)) as {
    error?: { code?: string; details?: { reason?: unknown } };
  } | null;
  return socialErrorFor(body?.error?.code, body?.error?.details?.reason);
}

/**
 * Completes a provider sign-in on the page the provider came back to (the Microsoft redirect
 * page): hands code and state from the URL to the API, which signs in through the httpOnly
 * cookie, then goes where the sign-in started.
 */
export function SocialComplete({ provider, loginPath, texts, navigate = leaveFor }: SocialCompleteProps) {
  const [failure, setFailure] = useState<SocialError | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development; a code can be exchanged once only.
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const state = query.get('state');
    async function run() {
      if (query.get('error') || !code || !state) {
        setFailure(query.get('error') === 'access_denied' ? 'cancelled' : 'failed');
        return;
      }
      try {
        const iss = query.get('iss') ?? undefined;
        const answer = await getApiClient().post<{ return_to: string }>(
          `v3/oauth2/social/${provider}/complete`,
          { code, state, iss },
          { noValidate: true },
        );
        try {
          localStorage.setItem(LOGGED_IN_KEY, '1');
        } catch {
          // Storage unusable: the cookie session still works.
        }
        navigate(answer.return_to);
      } catch (caught) {
        setFailure(await failureOf(caught));
      }
    }
    void run();
  }, [provider, navigate]);

  if (!failure) {
    return (
      <p role="status" aria-live="polite" data-testid="social-complete-busy">
        {texts.busy}
      </p>
    );
  }
  return (
    <>
      <p role="alert" className="form-error" data-testid="social-error">
        {texts.errors[failure]}
      </p>
      <p>
        <Link href={loginPath} prefetch={false}>
          {texts.back}
        </Link>
      </p>
    </>
  );
}
