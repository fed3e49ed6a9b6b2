'use client';

import { HTTPError } from 'ky';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { fill } from '@/lib/text/fill';
import type english from '@/messages/en/cabinet-settings.json';
import styles from './domain-settings.module.css';
import selling from './selling.module.css';

/** The texts of the domain settings (`cabinet-settings.domains`). */
export type DomainTexts = (typeof english)['domains'];

type ActionTexts = Pick<
  DomainTexts,
  'verify' | 'verifying' | 'verifiedNow' | 'remove' | 'removing' | 'confirmRemove' | 'removed' | 'failed' | 'signedOut'
>;
type AddTexts = Pick<
  DomainTexts,
  'label' | 'hint' | 'required' | 'tooLong' | 'add' | 'adding' | 'added' | 'failed' | 'signedOut'
>;

/** The longest name the API takes (253 and a trailing dot). */
const MAX_INPUT = 254;

type Outcome = { kind: 'done'; text: string } | { kind: 'error'; text: string } | null;

/**
 * The text for a refused call: the API's own message, which the server translated from the
 * refusal's reason into the page's language (`common.apiReasons`), else a general one.
 */
async function refusalText(caught: unknown, texts: Pick<DomainTexts, 'failed' | 'signedOut'>): Promise<string> {
  if (!(caught instanceof HTTPError)) return texts.failed;
  if (caught.response.status === 401) return texts.signedOut;
  try {
    const body = (await caught.response.clone().json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' && body.error.message ? body.error.message : texts.failed;
  } catch {
    return texts.failed;
  }
}

function OutcomeLine({ outcome, id }: { outcome: Outcome; id: string }) {
  return (
    <>
      <p role="status" className={styles.done} data-testid={`${id}-done`}>
        {outcome?.kind === 'done' ? outcome.text : null}
      </p>
      {outcome?.kind === 'error' ? (
        <p role="alert" className={selling.error} data-testid={`${id}-error`}>
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}

/** Adds a domain; the page is rendered again with the new claim and its TXT record. */
export function AddDomainForm({ texts }: { texts: AddTexts }) {
  const router = useRouter();
  const [domain, setDomain] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = domain.trim();
    setOutcome(null);
    if (!typed || typed.length > MAX_INPUT) {
      setFieldError(typed ? texts.tooLong : texts.required);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const claim = await getApiClient().post<{ domain: string }>('v3/seller/domains', { domain: typed });
      setDomain('');
      setOutcome({ kind: 'done', text: fill(texts.added, { domain: claim.domain }) });
      router.refresh();
    } catch (caught) {
      setOutcome({ kind: 'error', text: await refusalText(caught, texts) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="add-domain-form">
      <div className={selling.field}>
        <label htmlFor="custom-domain">{texts.label}</label>
        <input
          id="custom-domain"
          name="domain"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MAX_INPUT}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'custom-domain-hint custom-domain-error' : 'custom-domain-hint'}
        />
        <span id="custom-domain-hint" className={selling.muted}>
          {texts.hint}
        </span>
        {fieldError ? (
          <span id="custom-domain-error" className={selling.error}>
            {fieldError}
          </span>
        ) : null}
      </div>
      <button type="submit" className={selling.primary} disabled={busy}>
        {busy ? texts.adding : texts.add}
      </button>
      <OutcomeLine outcome={outcome} id="add-domain" />
    </form>
  );
}

/**
 * The actions on one claim: check the TXT record (while pending) and remove. A failed check
 * shows its reason at once; the page is rendered again after every call, so the list shows
 * the state the server recorded.
 */
export function DomainClaimActions({
  claimId,
  domain,
  pending,
  texts,
}: {
  claimId: number;
  domain: string;
  pending: boolean;
  texts: ActionTexts;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState<'verify' | 'remove' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function run(action: 'verify' | 'remove') {
    if (action === 'remove' && !window.confirm(fill(texts.confirmRemove, { domain }))) return;
    setBusy(action);
    setOutcome(null);
    try {
      if (action === 'verify') {
        await getApiClient().post(`v3/seller/domains/${claimId}/verify`);
        setOutcome({ kind: 'done', text: fill(texts.verifiedNow, { domain }) });
      } else {
        await getApiClient().delete(`v3/seller/domains/${claimId}`);
        setOutcome({ kind: 'done', text: fill(texts.removed, { domain }) });
      }
    } catch (caught) {
      setOutcome({ kind: 'error', text: await refusalText(caught, texts) });
    } finally {
      setBusy(null);
      router.refresh();
    }
  }

  return (
    <div className={styles.actions}>
      {pending ? (
        <button
          type="button"
          className={selling.primary}
          disabled={busy !== null}
          onClick={() => void run('verify')}
          data-testid="verify-domain"
        >
          {busy === 'verify' ? texts.verifying : texts.verify}
        </button>
      ) : null}
      <button
        type="button"
        className={selling.danger}
        disabled={busy !== null}
        onClick={() => void run('remove')}
        data-testid="remove-domain"
      >
        {busy === 'remove' ? texts.removing : texts.remove}
      </button>
      <OutcomeLine outcome={outcome} id={`domain-${claimId}`} />
    </div>
  );
}

/** Copies a value of the TXT record; the value itself stays selectable in its `<code>`. */
export function CopyButton({ value, texts }: { value: string; texts: Pick<DomainTexts, 'copy' | 'copied'> }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value can still be selected.
    }
  }
  return (
    <button type="button" className={styles.copy} onClick={() => void copy()} aria-live="polite">
      {copied ? texts.copied : texts.copy}
    </button>
  );
}
