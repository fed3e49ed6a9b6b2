'use client';

import { useRef, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import {
  NOTIFICATION_KINDS,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@/lib/cabinet/validation';
import { CabinetLoader } from './cabinet-loader';
import { CheckboxField } from './fields';
import { SaveFooter } from './form-feedback';
import type { CabinetTexts } from './texts';
import { isChecked, useSettingsForm } from './use-settings-form';
import styles from './cabinet.module.css';

type Answer = { notification_preferences: NotificationPreferences };

interface Props {
  loginPath: string;
  texts: Pick<CabinetTexts, 'common' | 'notifications'>;
}

function Form({
  preferences,
  loginPath,
  texts,
  onSaved,
}: Props & { preferences: NotificationPreferences; onSaved: (answer: Answer) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSettingsForm({
    formRef,
    schema: notificationPreferencesSchema,
    send: (input: Partial<NotificationPreferences>) =>
      getApiClient().post<Answer>('v3/notification-preferences', input),
    onSaved,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, isChecked(element, kind)])));
  }

  const t = texts.notifications;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      data-testid="notification-preferences-form"
    >
      <fieldset className={styles.fieldset}>
        <legend>{t.legend}</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <CheckboxField
            key={kind}
            id={`notifications-${kind}`}
            name={kind}
            label={t[kind]}
            hint={t[`${kind}Hint`]}
            defaultChecked={preferences[kind]}
          />
        ))}
      </fieldset>
      <SaveFooter form={form} texts={texts.common} loginPath={loginPath} />
    </form>
  );
}

/** Which mails the user gets: one switch per kind. */
export function NotificationPreferencesForm(props: Props) {
  return (
    <CabinetLoader<Answer> path="v3/notification-preferences" loginPath={props.loginPath} texts={props.texts.common}>
      {(data, update) => <Form {...props} preferences={data.notification_preferences} onSaved={update} />}
    </CabinetLoader>
  );
}
