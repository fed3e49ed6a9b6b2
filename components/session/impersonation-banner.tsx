'use client';

import { useId, useState } from 'react';
import type { Session } from '@/lib/browser-session/session';
import styles from './session.module.css';

export interface ImpersonationTexts {
  /** Contains `{name}`, the user the admin acts as. */
  label: string;
  /**
   * What the admin may not do as the user: bank details, e-mail address, password and account
   * deletion are refused during impersonation (the API answers 403 `impersonation`).
   */
  limits?: string;
  back: string;
  busy: string;
  failed: string;
}

/**
 * Shown while an admin acts as another user (login-as): who they act as, that nothing is
 * tracked, what they may not change for the user, and the way back to their own admin session.
 * Loaded only when needed.
 */
export function ImpersonationBanner({
  session,
  name,
  texts,
}: {
  session: Session;
  name: string;
  texts: ImpersonationTexts;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const labelId = useId();
  const limitsId = useId();

  async function back() {
    setBusy(true);
    setFailed(false);
    try {
      await session.endImpersonation();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <aside
      className={styles.banner}
      aria-labelledby={labelId}
      aria-describedby={texts.limits ? limitsId : undefined}
      data-testid="impersonation-banner"
    >
      <p id={labelId}>{texts.label.replace('{name}', name)}</p>
      {texts.limits ? (
        <p id={limitsId} data-testid="impersonation-limits">
          {texts.limits}
        </p>
      ) : null}
      <button type="button" onClick={() => void back()} disabled={busy}>
        {busy ? texts.busy : texts.back}
      </button>
      {failed ? <p role="alert">{texts.failed}</p> : null}
    </aside>
  );
}
