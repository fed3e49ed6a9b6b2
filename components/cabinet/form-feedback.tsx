'use client';

import { SignInPrompt } from './cabinet-loader';
import { fill, type CommonTexts } from './texts';
import type { FormStatus } from './use-settings-form';
import styles from './cabinet.module.css';

interface FormFeedbackProps {
  status: FormStatus;
  texts: CommonTexts;
  loginPath: string;
  retryMinutes: number;
  /** A specific message for a failure the form explained itself. */
  message?: string | null;
  /** Replaces the plain "Saved." */
  savedText?: string;
}

/**
 * What became of a save, announced: success in a polite live region that is always present (so
 * screen readers notice the change), problems as alerts.
 */
export function FormFeedback({ status, texts, loginPath, retryMinutes, message, savedText }: FormFeedbackProps) {
  return (
    <>
      <div role="status" className={styles.success} data-testid="form-saved">
        {status === 'saved' ? (savedText ?? texts.saved) : null}
      </div>
      {status === 'invalid' ? (
        <p role="alert" className={styles.formError}>
          {texts.fixErrors}
        </p>
      ) : null}
      {status === 'failed' ? (
        <p role="alert" className={styles.formError} data-testid="form-failed">
          {message ?? texts.saveFailed}
        </p>
      ) : null}
      {status === 'rate-limited' ? (
        <p role="alert" className={styles.formError}>
          {fill(texts.rateLimited, { minutes: retryMinutes })}
        </p>
      ) : null}
      {status === 'signed-out' ? <SignInPrompt loginPath={loginPath} texts={texts} /> : null}
    </>
  );
}
