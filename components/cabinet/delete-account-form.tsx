'use client';

import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { getApiClient } from '@/lib/browser-session/browser';
import { LOGGED_IN_KEY, USER_ID_KEY } from '@/lib/browser-session/storage';
import { CabinetLoader } from './cabinet-loader';
import { CheckboxField, TextField } from './fields';
import { FormFeedback } from './form-feedback';
import { errorText, type CabinetTexts } from './texts';
import { isChecked, textValue, useSettingsForm } from './use-settings-form';
import styles from './cabinet.module.css';

interface Requirements {
  confirm_with: 'password' | 'email';
  /** False in a login-as session: an admin may not delete the account they act as. */
  allowed: boolean;
}

interface Props {
  /** The export's URL (same API base as the client): a plain download link. */
  exportUrl: string;
  homePath: string;
  loginPath: string;
  texts: Pick<CabinetTexts, 'common' | 'errors' | 'delete'>;
}

// The tick box is the browser's own safeguard; the API needs only the password or e-mail.
const confirmed = z.boolean().refine((value) => value, { message: 'Required', params: { key: 'required' } });
const passwordConfirmation = z.object({ password: z.string().min(1, 'Required'), confirm: confirmed });
const emailConfirmation = z.object({ email: z.string().trim().min(1, 'Required'), confirm: confirmed });

function forgetSignIn() {
  try {
    localStorage.removeItem(LOGGED_IN_KEY);
    localStorage.removeItem(USER_ID_KEY);
  } catch {
    // Storage unusable: nothing is kept there either.
  }
}

function Form({ requirements, homePath, loginPath, texts }: Omit<Props, 'exportUrl'> & { requirements: Requirements }) {
  const [deleted, setDeleted] = useState(false);
  const t = texts.delete;
  const byPassword = requirements.confirm_with === 'password';
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSettingsForm({
    formRef,
    schema: byPassword ? passwordConfirmation : emailConfirmation,
    send: async (input: { password?: string; email?: string }) =>
      getApiClient().post<{ deleted: true }>(
        'v3/account/delete',
        byPassword ? { password: input.password } : { email: input.email },
      ),
    onSaved: () => {
      forgetSignIn();
      setDeleted(true);
    },
    explain: (error) =>
      (error.details as { reason?: string } | null)?.reason === 'impersonation' ? t.impersonated : null,
  });
  const error = (field: string) =>
    form.errors[field] ? errorText(form.errors[field]!, field, texts.errors, t.errors) : null;

  if (deleted) {
    return (
      <div role="status" className={styles.notice} data-testid="account-deleted">
        <p>{t.deleted}</p>
        <p>
          <a className={styles.primaryLink} href={homePath}>
            {t.home}
          </a>
        </p>
      </div>
    );
  }
  if (!requirements.allowed) return <p className={styles.notice}>{t.impersonated}</p>;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const confirm = isChecked(element, 'confirm');
    void form.submit(
      byPassword
        ? { password: textValue(element, 'password'), confirm }
        : { email: textValue(element, 'email'), confirm },
    );
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate data-testid="delete-account-form">
      {byPassword ? (
        <TextField
          id="delete-password"
          name="password"
          type="password"
          label={t.password}
          autoComplete="current-password"
          error={error('password')}
        />
      ) : (
        <TextField
          id="delete-email"
          name="email"
          type="email"
          label={t.email}
          hint={t.emailHint}
          autoComplete="off"
          error={error('email')}
        />
      )}
      <CheckboxField id="delete-confirm" name="confirm" label={t.confirm} error={error('confirm')} required />
      <FormFeedback
        status={form.status === 'saved' ? 'idle' : form.status}
        texts={texts.common}
        loginPath={loginPath}
        retryMinutes={form.retryMinutes}
        message={form.message}
      />
      <button type="submit" className={styles.danger} disabled={form.busy}>
        {form.busy ? t.deleting : t.button}
      </button>
    </form>
  );
}

/** The data export (a download link) and the account deletion, for the signed-in user. */
export function DeleteAccountForm({ exportUrl, ...props }: Props) {
  const t = props.texts.delete;
  return (
    <CabinetLoader<Requirements> path="v3/account/delete" loginPath={props.loginPath} texts={props.texts.common}>
      {(requirements) => (
        <>
          <section aria-labelledby="export-title" className={styles.panel}>
            <h2 id="export-title">{t.exportTitle}</h2>
            <p>{t.exportIntro}</p>
            <p>
              <a className={styles.primaryLink} href={exportUrl} download data-testid="data-export-link">
                {t.exportLink}
              </a>
            </p>
          </section>
          <section aria-labelledby="delete-title" className={`${styles.panel} ${styles.dangerZone}`}>
            <h2 id="delete-title">{t.title}</h2>
            <p>
              <strong>{t.intro}</strong>
            </p>
            <ul>
              <li>{t.whatHappens1}</li>
              <li>{t.whatHappens2}</li>
              <li>{t.whatHappens3}</li>
            </ul>
            <Form {...props} requirements={requirements} />
          </section>
        </>
      )}
    </CabinetLoader>
  );
}
