'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ActualTerms, Session } from '@/lib/browser-session/session';
import styles from './session.module.css';

export interface AcceptTermsTexts {
  title: string;
  intro: string;
  loading: string;
  loadFailed: string;
  retry: string;
  accept: string;
  busy: string;
  failed: string;
  outdated: string;
  logout: string;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The accept-terms prompt: shows the world's actual terms to a signed-in user who
 * has not accepted them. Accepting keeps the user on the page (the calls that waited go on);
 * the only other way out is to log out. Loaded only when needed.
 */
export function AcceptTermsPrompt({ session, texts }: { session: Session; texts: AcceptTermsTexts }) {
  const [terms, setTerms] = useState<ActualTerms | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'loadFailed' | 'busy'>('loading');
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  const load = useCallback(async () => {
    setPhase('loading');
    try {
      setTerms(await session.getActualTerms());
      setPhase('ready');
    } catch {
      setPhase('loadFailed');
    }
  }, [session]);

  useEffect(() => {
    // Loads the terms once the prompt shows; the state it sets is the point of this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    // A modal dialog keeps focus inside and makes the page inert; without showModal it still shows.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  async function accept() {
    if (!terms) return;
    setPhase('busy');
    setError(null);
    try {
      await session.acceptTerms(terms.id);
    } catch (caught) {
      if (statusOf(caught) === 409) {
        setError(texts.outdated);
        await load();
        return;
      }
      setError(texts.failed);
      setPhase('ready');
    }
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      data-testid="accept-terms-prompt"
      // The terms must be answered: Escape does not dismiss them.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId}>{texts.title}</h2>
      <p>{texts.intro}</p>
      {phase === 'loading' ? <p role="status">{texts.loading}</p> : null}
      {phase === 'loadFailed' ? (
        <p role="alert">
          {texts.loadFailed}{' '}
          <button type="button" className="button" onClick={() => void load()}>
            {texts.retry}
          </button>
        </p>
      ) : null}
      {terms && phase !== 'loading' && phase !== 'loadFailed' ? (
        <section aria-label={terms.title}>
          <h3>{terms.title}</h3>
          <div className={styles.terms} tabIndex={0}>
            {terms.body}
          </div>
        </section>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => void accept()} disabled={!terms || phase !== 'ready'}>
          {phase === 'busy' ? texts.busy : texts.accept}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void session.logout()}
          disabled={phase === 'busy'}
        >
          {texts.logout}
        </button>
      </div>
    </dialog>
  );
}
