'use client';

import { useMemo, useRef, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import type { BillingAddressView } from '@/lib/cabinet/billing-address';
import { listCountries } from '@/lib/cabinet/countries';
import { billingAddressSchema, type BillingAddress } from '@/lib/cabinet/validation';
import { CabinetLoader } from './cabinet-loader';
import { SelectField, TextField } from './fields';
import { SaveFooter } from './form-feedback';
import { errorText, type CabinetTexts } from './texts';
import { showStoredValues, textValue, useSettingsForm } from './use-settings-form';
import styles from './cabinet.module.css';

type Answer = { billing_address: BillingAddressView | null };

interface Props {
  locale: string;
  /** Preselected country for a first address: the world's. */
  defaultCountry: string;
  loginPath: string;
  texts: Pick<CabinetTexts, 'common' | 'errors' | 'billing'>;
}

function Form({
  address,
  locale,
  defaultCountry,
  loginPath,
  texts,
  onSaved,
}: Omit<Props, 'texts'> & {
  texts: Props['texts'];
  address: BillingAddressView | null;
  onSaved: (answer: Answer) => void;
}) {
  const countries = useMemo(() => listCountries(locale), [locale]);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSettingsForm({
    formRef,
    schema: billingAddressSchema,
    send: (input: BillingAddress) => getApiClient().post<Answer>('v3/addresses/billing', input),
    onSaved: (answer) => {
      if (answer.billing_address) showStoredValues(formRef.current, answer.billing_address);
      onSaved(answer);
    },
  });
  const error = (field: string) =>
    form.errors[field] ? errorText(form.errors[field]!, field, texts.errors, texts.billing.errors) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (name: string) => textValue(event.currentTarget, name);
    void form.submit({
      full_name: value('full_name'),
      company: value('company'),
      street: value('street'),
      postal_code: value('postal_code'),
      city: value('city'),
      country_code: value('country_code'),
      vat_id: value('vat_id'),
    });
  }

  const t = texts.billing;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate data-testid="billing-address-form">
      <TextField
        id="billing-full_name"
        name="full_name"
        label={t.fullName}
        defaultValue={address?.full_name ?? ''}
        autoComplete="billing name"
        maxLength={120}
        error={error('full_name')}
      />
      <TextField
        id="billing-company"
        name="company"
        label={t.company}
        defaultValue={address?.company ?? ''}
        autoComplete="billing organization"
        maxLength={120}
        optional={texts.common.optional}
        error={error('company')}
      />
      <TextField
        id="billing-street"
        name="street"
        label={t.street}
        defaultValue={address?.street ?? ''}
        autoComplete="billing street-address"
        maxLength={200}
        error={error('street')}
      />
      <div className={styles.row}>
        <TextField
          id="billing-postal_code"
          name="postal_code"
          label={t.postalCode}
          defaultValue={address?.postal_code ?? ''}
          autoComplete="billing postal-code"
          maxLength={12}
          error={error('postal_code')}
        />
        <TextField
          id="billing-city"
          name="city"
          label={t.city}
          defaultValue={address?.city ?? ''}
          autoComplete="billing address-level2"
          maxLength={100}
          error={error('city')}
        />
      </div>
      <SelectField
        id="billing-country_code"
        name="country_code"
        label={t.country}
        defaultValue={address?.country_code ?? defaultCountry}
        autoComplete="billing country"
        error={error('country_code')}
      >
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id="billing-vat_id"
        name="vat_id"
        label={t.vatId}
        hint={t.vatIdHint}
        defaultValue={address?.vat_id ?? ''}
        maxLength={30}
        optional={texts.common.optional}
        autoCapitalize="characters"
        spellCheck={false}
        error={error('vat_id')}
      />
      <SaveFooter form={form} texts={texts.common} loginPath={loginPath} />
    </form>
  );
}

/** The billing address form of the cabinet, loaded after the page (personal data). */
export function BillingAddressForm(props: Props) {
  return (
    <CabinetLoader<Answer> path="v3/addresses/billing" loginPath={props.loginPath} texts={props.texts.common}>
      {(data, update) => <Form {...props} address={data.billing_address} onSaved={update} />}
    </CabinetLoader>
  );
}
