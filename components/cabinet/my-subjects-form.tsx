'use client';

import { useRef, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import type { UserSubjectsView } from '@/lib/cabinet/user-subjects';
import { userSubjectsSchema } from '@/lib/cabinet/validation';
import { CabinetLoader } from './cabinet-loader';
import { CheckboxField } from './fields';
import { SaveFooter } from './form-feedback';
import { errorText, type CabinetTexts } from './texts';
import { checkedValues, useSettingsForm } from './use-settings-form';
import styles from './cabinet.module.css';

interface Props {
  loginPath: string;
  texts: Pick<CabinetTexts, 'common' | 'errors' | 'subjects'>;
}

function Form({
  view,
  loginPath,
  texts,
  onSaved,
}: Props & { view: UserSubjectsView; onSaved: (answer: UserSubjectsView) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSettingsForm({
    formRef,
    schema: userSubjectsSchema,
    send: (input: { subject_ids: number[] }) => getApiClient().post<UserSubjectsView>('v3/user-subjects', input),
    onSaved,
  });
  const t = texts.subjects;
  const error = form.errors.subject_ids
    ? errorText(form.errors.subject_ids, 'subject_ids', texts.errors, t.errors)
    : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ids = checkedValues(event.currentTarget, 'subject_ids').map((value) => Number(value));
    void form.submit({ subject_ids: ids });
  }

  if (view.subjects.length === 0) return <p className={styles.notice}>{t.empty}</p>;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate data-testid="my-subjects-form">
      <fieldset
        className={styles.fieldset}
        tabIndex={-1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'subjects-error' : undefined}
      >
        <legend>{t.legend}</legend>
        <div className={styles.choices}>
          {view.subjects.map((subject) => (
            <CheckboxField
              key={subject.id}
              id={`subject-${subject.id}`}
              name="subject_ids"
              value={String(subject.id)}
              label={subject.title}
              defaultChecked={subject.selected}
            />
          ))}
        </div>
        {error ? (
          <p id="subjects-error" className={styles.fieldError}>
            {error}
          </p>
        ) : null}
      </fieldset>
      <SaveFooter form={form} texts={texts.common} loginPath={loginPath} />
    </form>
  );
}

/** The subjects a teacher teaches, chosen from the world's subjects. */
export function MySubjectsForm(props: Props) {
  return (
    <CabinetLoader<UserSubjectsView> path="v3/user-subjects" loginPath={props.loginPath} texts={props.texts.common}>
      {(data, update) => <Form {...props} view={data} onSaved={update} />}
    </CabinetLoader>
  );
}
