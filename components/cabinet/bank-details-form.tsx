'use client';

import { friendlyFormatIBAN } from 'ibantools';
import { useRef, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import type { BankDetailsView } from '@/lib/cabinet/bank-details';
import { bankDetailsSchema, type BankDetails } from '@/lib/cabinet/validation';
import { CabinetLoader } from './cabinet-loader';
import { TextField } from './fields';
import { SaveFooter } from './form-feedback';
import { errorText, type CabinetTexts } from './texts';
import { showStoredValues, textValue, useSettingsForm } from './use-settings-form';
import styles from './cabinet.module.css';

type Answer = { bank_details: BankDetailsView | null };

interface Props {
  loginPath: string;
  texts: Pick<CabinetTexts, 'common' | 'errors' | 'bank'>;
}

const readable = (iban: string | undefined) => (iban ? (friendlyFormatIBAN(iban) ?? iban) : '');

function Form({
  details,
  loginPath,
  texts,
  onSaved,
}: Props & { details: BankDetailsView | null; onSaved: (answer: Answer) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSettingsForm({
    formRef,
    schema: bankDetailsSchema,
    send: (input: BankDetails) => getApiClient().post<Answer>('v3/bank-details', input),
    onSaved: (answer) => {
      if (answer.bank_details)
        showStoredValues(formRef.current, { ...answer.bank_details, iban: readable(answer.bank_details.iban) });
      onSaved(answer);
    },
  });
  const error = (field: string) =>
    form.errors[field] ? errorText(form.errors[field]!, field, texts.errors, texts.bank.errors) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (name: string) => textValue(event.currentTarget, name);
    void form.submit({ account_holder: value('account_holder'), iban: value('iban'), bic: value('bic') });
  }

  const t = texts.bank;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate data-testid="bank-details-form">
      <TextField
        id="bank-account_holder"
        name="account_holder"
        label={t.accountHolder}
        defaultValue={details?.account_holder ?? ''}
        autoComplete="name"
        maxLength={120}
        error={error('account_holder')}
      />
      <TextField
        id="bank-iban"
        name="iban"
        label={t.iban}
        hint={t.ibanHint}
        defaultValue={readable(details?.iban)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={50}
        error={error('iban')}
      />
      <TextField
        id="bank-bic"
        name="bic"
        label={t.bic}
        hint={t.bicHint}
        defaultValue={details?.bic ?? ''}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        error={error('bic')}
      />
      <SaveFooter form={form} texts={texts.common} loginPath={loginPath} />
    </form>
  );
}

/** The bank details form (payouts) of the cabinet: IBAN and BIC checked before and after sending. */
export function BankDetailsForm(props: Props) {
  return (
    <CabinetLoader<Answer> path="v3/bank-details" loginPath={props.loginPath} texts={props.texts.common}>
      {(data, update) => <Form {...props} details={data.bank_details} onSaved={update} />}
    </CabinetLoader>
  );
}
