import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import styles from './cabinet.module.css';

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className={styles.fieldError} data-testid={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  /** The translated error of this field, shown below it and announced with it. */
  error?: string | null;
  /** Text for "optional" when the field may stay empty. */
  optional?: string;
}

/** A labelled text input with its hint and error tied to it for assistive technology. */
export function TextField({
  id,
  label,
  hint,
  error,
  optional,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className={styles.muted}> ({optional})</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        required={!optional}
        {...input}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  id,
  label,
  hint,
  error,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A checkbox with its label beside it and an optional hint below. */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.checkbox}>
      <input
        type="checkbox"
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <label htmlFor={id}>
        {label}
        {hint ? (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        ) : null}
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}
