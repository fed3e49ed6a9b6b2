'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { formatAmountInput, parseAmountInput, parseDecimalInput } from '@/lib/money/decimal-input';
import { fill } from '@/lib/text/fill';
import { fieldErrorsOf, readRefusal } from './api-refusal';
import type { AdminTexts } from './texts';
import styles from './admin-commerce.module.css';

/** A world a voucher can be made for: its code, its name and the currency its vouchers are in. */
export interface VoucherWorld {
  code: string;
  name: string;
  currency: string;
}

/** The fields of the form, named as `newVoucherSchema` names them so the API's errors land on them. */
type Field =
  | 'code'
  | 'world'
  | 'kind'
  | 'percent_basis_points'
  | 'amount_minor'
  | 'minimum_order_minor'
  | 'valid_from'
  | 'valid_to'
  | 'max_redemptions'
  | 'max_redemptions_per_user';

type Values = Record<Field, string>;

interface Props {
  texts: { vouchers: AdminTexts['vouchers']; errors: AdminTexts['errors'] };
  worlds: VoucherWorld[];
  /** The admin's world: preselected, and its locale formats the examples. */
  defaultWorld: string;
  locale: string;
  loginPath: string;
}

const WHOLE_NUMBER = /^\d{1,9}$/;

/** A `datetime-local` value (the admin's local time) as an ISO instant, '' as null, or undefined when unreadable. */
function instant(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The body `POST v3/admin/vouchers` takes, from what was typed, or the fields that cannot be
 * converted. Percent (to two decimals) becomes basis points and amounts become minor units of
 * the chosen world's currency, exactly; every other rule (code pattern, ranges, the end after the
 * start) is the API's, whose answer lands on the same fields.
 */
function toBody(values: Values, currency: string): { body: Record<string, unknown> } | { errors: Partial<Values> } {
  const errors: Partial<Values> = {};
  const percent = values.kind === 'percent';
  const decimal = (field: Field, parse: (text: string) => number | null, needed: boolean): number | null => {
    const text = values[field].trim();
    if (text === '') {
      if (needed) errors[field] = 'required';
      return null;
    }
    const parsed = parse(text);
    if (parsed === null) errors[field] = 'invalid';
    return parsed;
  };
  const whole = (field: Field, needed: boolean): number | null =>
    decimal(field, (text) => (WHOLE_NUMBER.test(text) ? Number(text) : null), needed);
  const body = {
    code: values.code,
    world: values.world,
    kind: values.kind,
    percent_basis_points: percent ? decimal('percent_basis_points', (text) => parseDecimalInput(text, 2), true) : null,
    amount_minor: percent ? null : decimal('amount_minor', (text) => parseAmountInput(text, currency), true),
    minimum_order_minor: decimal('minimum_order_minor', (text) => parseAmountInput(text, currency), false) ?? 0,
    valid_from: instant(values.valid_from),
    valid_to: instant(values.valid_to),
    max_redemptions: whole('max_redemptions', false),
    max_redemptions_per_user: whole('max_redemptions_per_user', true),
  };
  if (body.valid_from === undefined) errors.valid_from = 'invalid';
  if (body.valid_to === undefined) errors.valid_to = 'invalid';
  return Object.keys(errors).length ? { errors } : { body };
}

/**
 * The form for a new voucher, with every field of `newVoucherSchema`. What was typed is state
 * that only a successful save clears: a refusal (a field the API rejects, a code that exists)
 * shows its message next to the field and keeps every value. A success refreshes the page, so
 * the list below shows the new voucher as the server stored it.
 */
export function VoucherForm({ texts, worlds, defaultWorld, locale, loginPath }: Props) {
  const t = texts.vouchers.form;
  const router = useRouter();
  const empty: Values = {
    code: '',
    world: defaultWorld,
    kind: 'percent',
    percent_basis_points: '',
    amount_minor: '',
    minimum_order_minor: '',
    valid_from: '',
    valid_to: '',
    max_redemptions: '',
    max_redemptions_per_user: '1',
  };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [status, setStatus] = useState<{ kind: 'done' | 'error'; text: string; signIn?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const currency = worlds.find((world) => world.code === values.world)?.currency ?? '';
  const example = formatAmountInput(500, currency || 'EUR', locale);

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function errorText(field: Field): string | null {
    const kind = errors[field];
    if (!kind) return null;
    if (field === 'code' && kind === 'taken') return t.codeTaken;
    const messages = texts.vouchers.fieldErrors as Record<string, string>;
    // The API's cross-field rules name one field: kind (no value for it) and valid_to (not after the start).
    if ((field === 'kind' || field === 'valid_to') && kind === 'invalid') return messages[field]!;
    return messages[kind] ?? messages.invalid!;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const converted = toBody(values, currency);
    if ('errors' in converted) {
      setErrors(converted.errors);
      setStatus({ kind: 'error', text: t.fixErrors });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await getApiClient().post<{ voucher: { code: string } }>('v3/admin/vouchers', converted.body);
      setStatus({ kind: 'done', text: fill(t.created, { code: answer.voucher.code }) });
      setValues({ ...empty, world: values.world });
      router.refresh();
    } catch (caught) {
      const refusal = await readRefusal(caught);
      if (refusal.status === 409 && refusal.reason === 'voucher_code_taken') {
        setErrors({ code: 'taken' });
        setStatus({ kind: 'error', text: t.fixErrors });
      } else if (refusal.status === 400 && Object.keys(fieldErrorsOf(refusal.details)).length) {
        setErrors(fieldErrorsOf(refusal.details) as Partial<Values>);
        setStatus({ kind: 'error', text: t.fixErrors });
      } else if (refusal.status === 401) {
        setStatus({ kind: 'error', text: texts.errors.signedOut, signIn: true });
      } else if (refusal.status === 403) {
        setStatus({ kind: 'error', text: texts.errors.forbidden });
      } else {
        setStatus({ kind: 'error', text: texts.errors.failed });
      }
    } finally {
      setBusy(false);
    }
  }

  /** A labelled field with its hint and error tied to it for assistive technology. */
  const field = (
    name: Field,
    label: string,
    control: (describedBy: string | undefined) => ReactNode,
    hint?: string,
  ) => {
    const id = `voucher-${name}`;
    const error = errorText(name);
    const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {control(describedBy || undefined)}
        {error ? (
          <p id={`${id}-error`} className={styles.fieldError} data-testid={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  /** A text input of the form, to hand to `field` (which adds its hint and error ids). */
  const input = (name: Field, extra: { type?: string; inputMode?: 'decimal' | 'numeric' } = {}) =>
    function renderInput(describedBy: string | undefined) {
      return (
        <input
          id={`voucher-${name}`}
          name={name}
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          autoComplete="off"
          value={values[name]}
          onChange={(event) => set(name)(event.target.value)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy}
        />
      );
    };

  const optional = (label: string) => `${label} (${t.optional})`;

  return (
    <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate data-testid="voucher-form">
      <h2>{t.title}</h2>
      <div className={styles.grid}>
        {field('code', t.code, input('code'), t.codeHint)}
        {field(
          'world',
          t.world,
          (describedBy) => (
            <select
              id="voucher-world"
              name="world"
              value={values.world}
              onChange={(event) => set('world')(event.target.value)}
              aria-invalid={errors.world ? true : undefined}
              aria-describedby={describedBy}
            >
              {worlds.map((world) => (
                <option key={world.code} value={world.code}>
                  {world.name} ({world.code}, {world.currency})
                </option>
              ))}
            </select>
          ),
          t.worldHint,
        )}
        {field('kind', t.kind, (describedBy) => (
          <select
            id="voucher-kind"
            name="kind"
            value={values.kind}
            onChange={(event) => set('kind')(event.target.value)}
            aria-invalid={errors.kind ? true : undefined}
            aria-describedby={describedBy}
          >
            <option value="percent">{t.kinds.percent}</option>
            <option value="amount">{t.kinds.amount}</option>
          </select>
        ))}
        {/* Only the chosen kind's value is shown and sent; the other keeps what was typed in it. */}
        {values.kind === 'percent'
          ? field(
              'percent_basis_points',
              t.percent,
              input('percent_basis_points', { inputMode: 'decimal' }),
              t.percentHint,
            )
          : field(
              'amount_minor',
              fill(t.amount, { currency }),
              input('amount_minor', { inputMode: 'decimal' }),
              fill(t.amountHint, { example }),
            )}
        {field(
          'minimum_order_minor',
          optional(fill(t.minimum, { currency })),
          input('minimum_order_minor', { inputMode: 'decimal' }),
          t.minimumHint,
        )}
        {field('valid_from', optional(t.validFrom), input('valid_from', { type: 'datetime-local' }), t.validFromHint)}
        {field('valid_to', optional(t.validTo), input('valid_to', { type: 'datetime-local' }), t.validToHint)}
        {field(
          'max_redemptions',
          optional(t.maxRedemptions),
          input('max_redemptions', { inputMode: 'numeric' }),
          t.maxRedemptionsHint,
        )}
        {field('max_redemptions_per_user', t.perUser, input('max_redemptions_per_user', { inputMode: 'numeric' }))}
      </div>
      {status?.kind === 'error' ? (
        <div role="alert" className={styles.error} data-testid="voucher-form-error">
          <p>{status.text}</p>
          {status.signIn ? <a href={loginPath}>{texts.errors.signIn}</a> : null}
        </div>
      ) : null}
      <div role="status" className={styles.success} data-testid="voucher-form-done">
        {status?.kind === 'done' ? status.text : null}
      </div>
      <div className={styles.actions}>
        <button type="submit" disabled={busy}>
          {busy ? t.busy : t.submit}
        </button>
      </div>
    </form>
  );
}
