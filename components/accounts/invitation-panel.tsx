'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { INVITE_CODE_KEY } from './keys';
import { secretFromPath } from './secret-from-path';

interface InvitationPanelProps {
  registerHref: string;
  texts: { invited: string; invalid: string; noCode: string; loading: string; cta: string };
}

const subscribeNowhere = () => () => {};

/** The code in `/{world}/{invitation}/{code}`, or '' when the link has none. */
function codeFromPath(): string {
  return window.location.pathname.split('/').filter(Boolean).length >= 3 ? secretFromPath() : '';
}

/**
 * Reads the referral code from the page's URL, shows who invited, and keeps the code so the
 * account created afterwards is attached to the inviter.
 */
export function InvitationPanel({ registerHref, texts }: InvitationPanelProps) {
  const code = useSyncExternalStore(subscribeNowhere, codeFromPath, () => null);
  const [answer, setAnswer] = useState<{ kind: 'valid'; inviter: string } | { kind: 'invalid' } | null>(null);
  const state =
    code === null || (code && !answer)
      ? { kind: 'loading' as const }
      : code === ''
        ? { kind: 'none' as const }
        : answer!;

  useEffect(() => {
    if (!code) return;
    getApiClient()
      .get<{ code: string; inviter: string }>('v3/referrals/invitation', { searchParams: { code }, noValidate: true })
      .then((answer) => {
        try {
          window.localStorage.setItem(INVITE_CODE_KEY, answer.code);
        } catch {
          // Storage unusable: the code cannot be kept, sign-up still works.
        }
        setAnswer({ kind: 'valid', inviter: answer.inviter });
      })
      .catch(() => setAnswer({ kind: 'invalid' }));
  }, [code]);

  return (
    <div className="invitation" data-testid="invitation">
      {state.kind === 'loading' ? <p role="status">{texts.loading}</p> : null}
      {state.kind === 'valid' ? <p>{texts.invited.replace('{name}', state.inviter)}</p> : null}
      {state.kind === 'invalid' ? <p role="alert">{texts.invalid}</p> : null}
      {state.kind === 'none' ? <p>{texts.noCode}</p> : null}
      <p>
        <a className="button" href={registerHref}>
          {texts.cta}
        </a>
      </p>
    </div>
  );
}
