'use client';

import type { ReactNode } from 'react';
import type { CommonTexts } from './texts';
import { useCabinetData } from './use-cabinet-data';
import styles from './cabinet.module.css';

/** The sign-in prompt of a settings page seen by somebody who is not signed in. */
export function SignInPrompt({ loginPath, texts }: { loginPath: string; texts: CommonTexts }) {
  return (
    <div className={styles.notice} data-testid="cabinet-signed-out">
      <p>{texts.signedOut}</p>
      <p>
        <a className={styles.primaryLink} href={loginPath}>
          {texts.signIn}
        </a>
      </p>
    </div>
  );
}

interface CabinetLoaderProps<T> {
  /** The API path to load, e.g. `v3/addresses/billing`. */
  path: string;
  loginPath: string;
  texts: CommonTexts;
  children: (data: T, update: (next: T) => void) => ReactNode;
}

/**
 * Loads a settings resource and renders the form for it; while loading, a status line; for a
 * visitor who is not signed in (401), a link to the login page instead of the form.
 */
export function CabinetLoader<T>({ path, loginPath, texts, children }: CabinetLoaderProps<T>) {
  const state = useCabinetData<T>(path);
  if (state.status === 'loading') {
    return (
      <p role="status" className={styles.muted}>
        {texts.loading}
      </p>
    );
  }
  if (state.status === 'signed-out') return <SignInPrompt loginPath={loginPath} texts={texts} />;
  if (state.status === 'failed') {
    return (
      <div role="alert" className={styles.notice}>
        <p>{texts.loadFailed}</p>
        <button type="button" onClick={state.retry}>
          {texts.retry}
        </button>
      </div>
    );
  }
  // The cache learns what the server stored, without refetching.
  return <>{children(state.data, (next) => void state.mutate(next, { revalidate: false }))}</>;
}
