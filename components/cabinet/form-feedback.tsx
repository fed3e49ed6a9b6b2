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

/** The end of a settings form: what became of the last save, and the save button. */
export function SaveFooter({
  form,
  texts,
  loginPath,
  savedText,
}: {
  form: { status: FormStatus; busy: boolean; retryMinutes: number; message: string | null };
  texts: CommonTexts;
  loginPath: string;
  savedText?: string;
}) {
  return (
    <>
      <FormFeedback
        status={form.status}
        texts={texts}
        loginPath={loginPath}
        retryMinutes={form.retryMinutes}
        message={form.message}
        savedText={savedText}
      />
      <button type="submit" className={styles.submit} disabled={form.busy}>
        {form.busy ? texts.saving : texts.save}
      </button>
    </>
  );
}
