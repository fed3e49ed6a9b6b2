'use client';

import { useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { getApiClient } from '@/lib/browser-session/browser';
import type { AccountCountryView } from '@/lib/cabinet/account-country';
import { countryName, listCountries } from '@/lib/cabinet/countries';
import { accountCountrySchema } from '@/lib/cabinet/validation';
import { SelectField } from './fields';
import { SaveFooter } from './form-feedback';
import { errorText, fill, type CabinetTexts } from './texts';
import { useCabinetData } from './use-cabinet-data';
import { textValue, useSettingsForm } from './use-settings-form';
import styles from './cabinet.module.css';

interface Props {
  locale: string;
  loginPath: string;
  texts: Pick<CabinetTexts, 'common' | 'errors' | 'country'>;
}

/** A chosen country is remembered for one year. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function Form({ initial, signedIn, locale, loginPath, texts }: Props & { initial: string; signedIn: boolean }) {
  const countries = useMemo(() => listCountries(locale), [locale]);
  const [saved, setSaved] = useState<{ code: string; account: boolean } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSettingsForm({
    formRef,
    schema: accountCountrySchema,
    send: async ({ code }: { code: string }) => {
      const api = getApiClient();
      // The device remembers the choice (cookie); a signed-in user's account keeps it too.
      await api.post('v3/location/set-country', { code, name: countryName(code, 'en'), expires_in: ONE_YEAR_SECONDS });
      if (signedIn) await api.post<AccountCountryView>('v3/account/country', { code });
      return { code, account: signedIn };
    },
    onSaved: setSaved,
  });
  const t = texts.country;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit({ code: textValue(event.currentTarget, 'code') });
  }

  const savedText = saved
    ? fill(saved.account ? t.savedAccount : t.savedDevice, { country: countryName(saved.code, locale) })
    : undefined;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate data-testid="change-country-form">
      <SelectField
        id="country-code"
        name="code"
        label={t.label}
        defaultValue={initial}
        autoComplete="country"
        error={form.errors.code ? errorText(form.errors.code, 'code', texts.errors) : null}
      >
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      {signedIn ? null : (
        <p className={styles.hint}>
          {t.anonymousHint} <a href={loginPath}>{texts.common.signIn}</a>
        </p>
      )}
      <SaveFooter form={form} texts={texts.common} loginPath={loginPath} savedText={savedText} />
    </form>
  );
}

/**
 * The change-country form. Everybody may choose a country for this device
 * (`v3/location/set-country`); for a signed-in user it is stored on the account as well.
 */
export function ChangeCountryForm(props: Props) {
  const account = useCabinetData<AccountCountryView>('v3/account/country');
  const device = useSWR<{ code: string }, unknown>(
    'v3/location/get-country',
    (key: string) => getApiClient().get<{ code: string }>(key),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
  if (account.status === 'loading' || (device.data === undefined && device.error === undefined)) {
    return (
      <p role="status" className={styles.muted}>
        {props.texts.common.loading}
      </p>
    );
  }
  const signedIn = account.status === 'ready';
  const initial = (signedIn ? account.data.country_code : null) ?? device.data?.code ?? 'DE';
  return <Form {...props} initial={initial} signedIn={signedIn} />;
}
