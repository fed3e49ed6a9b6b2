'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { formatAmountInput, parseAmountInput } from '@/lib/money/decimal-input';
import { formatPrice } from '@/lib/pricing/format-price';
import { fill } from '@/lib/text/fill';
import { readRefusal, type Refusal } from './api-refusal';
import type { AdminTexts } from './texts';
import styles from './admin-commerce.module.css';

/** The texts of the order actions (`admin.orderActions` and `admin.errors`). */
export interface OrderActionsTexts {
  actions: AdminTexts['orderActions'];
  errors: AdminTexts['errors'];
}

interface Props {
  texts: OrderActionsTexts;
  orderId: number;
  status: string;
  provider: string;
  /** The order's total in minor units of `currency`: what a recorded transfer must be. */
  total: number;
  currency: string;
  /** The admin's world's Intl locale, for amounts. */
  locale: string;
  lines: { itemId: number; title: string; refunded: boolean }[];
  /** What of a payment went back already (null: none): a cancelled order takes one transfer. */
  paymentReturned?: number | null;
  loginPath: string;
}

/** What the last action came to: a success in the live region, or a refusal as an alert. */
type Outcome = { kind: 'done'; text: string } | { kind: 'error'; text: string; signIn?: boolean } | null;

interface RefundAnswer {
  refunded: number[];
  cancellation: { id: number; number: string } | null;
  /** What goes back to the original payment, and who pays it. */
  money_back?: { amount: number; by: 'card' | 'manual' | 'none' };
}

/**
 * The admin's actions on one order, each a call to the order API followed by a fresh render of
 * the page (`router.refresh()`), so the facts shown always come from the server:
 * - recording the bank transfer of a pending invoice purchase: the admin types the amount that
 *   arrived (prefilled with the total, in the world's decimal format), converted to minor units
 *   exactly; the API books only the exact total, so a short or excess transfer is refused
 *   (amount_mismatch) instead of delivering the order; a transfer for a cancelled invoice purchase
 *   is recorded the same way and goes to the buyer's credit, as does the part for lines the buyer
 *   held by then (the answer says how much);
 * - refunding a paid order in full or chosen lines, to credit or the original payment, after a
 *   confirmation, since a refund cannot be undone.
 */
export function OrderActions({
  texts,
  orderId,
  status,
  provider,
  total,
  currency,
  locale,
  lines,
  paymentReturned = null,
  loginPath,
}: Props) {
  const t = texts.actions;
  const router = useRouter();
  const example = formatAmountInput(total, currency, locale);
  const [amount, setAmount] = useState(example);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [to, setTo] = useState<'credit' | 'original'>('credit');
  const [confirming, setConfirming] = useState<'all' | 'chosen' | null>(null);
  const [chooseError, setChooseError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const open = lines.filter((line) => !line.refunded);
  // Lines refunded since the admin ticked them (the page was refreshed) are no longer a choice.
  const chosenOpen = chosen.filter((id) => open.some((line) => line.itemId === id));
  const canRecord =
    provider === 'invoice' && (status === 'pending' || (status === 'cancelled' && paymentReturned === null));
  const canRefund = status === 'paid' && open.length > 0;

  function refusalOutcome(refusal: Refusal): Outcome {
    if (refusal.status === 401) return { kind: 'error', text: texts.errors.signedOut, signIn: true };
    if (refusal.status === 403) return { kind: 'error', text: texts.errors.forbidden };
    const known = t.errors as Record<string, string>;
    if ((refusal.status === 404 || refusal.status === 409) && refusal.reason && known[refusal.reason]) {
      const expected = (refusal.details as { expected?: unknown } | null)?.expected;
      return {
        kind: 'error',
        text: fill(known[refusal.reason]!, {
          expected: typeof expected === 'number' ? formatPrice(expected, currency, locale) : '',
        }),
      };
    }
    return { kind: 'error', text: texts.errors.failed };
  }

  async function recordPayment(event: FormEvent) {
    event.preventDefault();
    const minor = parseAmountInput(amount, currency);
    if (minor === null) {
      setAmountError(fill(t.payment.invalidAmount, { example }));
      return;
    }
    setAmountError(null);
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await getApiClient().post<{ recorded: boolean; returned?: { amount: number } | null }>(
        `v3/admin/orders/${orderId}/payment`,
        { amount: minor },
      );
      const text = !answer.recorded
        ? t.payment.alreadyPaid
        : answer.returned
          ? fill(t.payment.returned, { amount: formatPrice(answer.returned.amount, currency, locale) })
          : t.payment.recorded;
      setOutcome({ kind: 'done', text });
      router.refresh();
    } catch (caught) {
      setOutcome(refusalOutcome(await readRefusal(caught)));
    } finally {
      setBusy(false);
    }
  }

  function ask(which: 'all' | 'chosen') {
    setOutcome(null);
    if (which === 'chosen' && chosenOpen.length === 0) {
      setChooseError(true);
      return;
    }
    setChooseError(false);
    setConfirming(which);
  }

  async function refund() {
    const items = confirming === 'all' ? 'all' : chosenOpen;
    setConfirming(null);
    setBusy(true);
    try {
      const answer = await getApiClient().post<RefundAnswer>(`v3/admin/orders/${orderId}/refund`, { items, to });
      const parts =
        answer.refunded.length === 0
          ? [t.refund.nothingLeft]
          : [
              fill(t.refund.done, { count: answer.refunded.length }),
              answer.cancellation ? fill(t.refund.cancellation, { number: answer.cancellation.number }) : null,
              answer.money_back && answer.money_back.by !== 'none'
                ? fill(answer.money_back.by === 'card' ? t.refund.moneyBackCard : t.refund.moneyBackManual, {
                    amount: formatPrice(answer.money_back.amount, currency, locale),
                  })
                : null,
            ];
      setOutcome({ kind: 'done', text: parts.filter(Boolean).join(' ') });
      setChosen([]);
      router.refresh();
    } catch (caught) {
      const refusal = await readRefusal(caught);
      setOutcome(refusalOutcome(refusal));
      // Another admin (or a second tab) got there first: show the order as it is now.
      if (refusal.status === 409) router.refresh();
    } finally {
      setBusy(false);
    }
  }

  const toggle = (itemId: number, on: boolean) =>
    setChosen((current) => (on ? [...current, itemId] : current.filter((id) => id !== itemId)));

  return (
    <section aria-labelledby="order-actions-title" data-testid="order-actions">
      <h2 id="order-actions-title">{t.title}</h2>
      <div role="status" data-testid="order-action-done" className={styles.success}>
        {outcome?.kind === 'done' ? outcome.text : null}
      </div>
      {outcome?.kind === 'error' ? (
        <div role="alert" data-testid="order-action-error" className={styles.error}>
          <p>{outcome.text}</p>
          {outcome.signIn ? <a href={loginPath}>{texts.errors.signIn}</a> : null}
        </div>
      ) : null}

      {!canRecord && !canRefund ? <p className={styles.muted}>{t.nothing}</p> : null}

      {canRecord ? (
        <form className={styles.panel} onSubmit={(event) => void recordPayment(event)} noValidate>
          <h3>{t.payment.title}</h3>
          <p>{t.payment.intro}</p>
          <div className={styles.field}>
            <label htmlFor="payment-amount">{fill(t.payment.amount, { currency })}</label>
            <p id="payment-amount-hint" className={styles.hint}>
              {fill(t.payment.hint, { example })}
            </p>
            <input
              id="payment-amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? 'payment-amount-hint payment-amount-error' : 'payment-amount-hint'}
            />
            {amountError ? (
              <p id="payment-amount-error" className={styles.fieldError}>
                {amountError}
              </p>
            ) : null}
          </div>
          <button type="submit" disabled={busy}>
            {busy ? t.payment.busy : t.payment.submit}
          </button>
        </form>
      ) : null}

      {canRefund ? (
        <div className={styles.panel}>
          <h3>{t.refund.title}</h3>
          <p>{t.refund.intro}</p>
          <fieldset className={styles.fieldset}>
            <legend>{t.refund.lines}</legend>
            {open.map((line) => (
              <label key={line.itemId} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={chosenOpen.includes(line.itemId)}
                  onChange={(event) => toggle(line.itemId, event.target.checked)}
                />
                {line.title}
              </label>
            ))}
            {chooseError ? <p className={styles.fieldError}>{t.refund.chooseLines}</p> : null}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>{t.refund.to}</legend>
            <label className={styles.choice}>
              <input type="radio" name="refund-to" checked={to === 'credit'} onChange={() => setTo('credit')} />
              {t.refund.toCredit}
            </label>
            <label className={styles.choice}>
              <input type="radio" name="refund-to" checked={to === 'original'} onChange={() => setTo('original')} />
              {t.refund.toOriginal}
            </label>
          </fieldset>
          {confirming ? (
            <div className={styles.notice} data-testid="refund-confirm">
              <p>{fill(t.refund.confirm, { count: confirming === 'all' ? open.length : chosenOpen.length })}</p>
              <div className={styles.actions}>
                <button type="button" onClick={() => void refund()}>
                  {t.refund.yes}
                </button>
                <button type="button" onClick={() => setConfirming(null)}>
                  {t.refund.cancel}
                </button>
              </div>
            </div>
          ) : (
            <div className={styles.actions}>
              <button type="button" onClick={() => ask('chosen')} disabled={busy}>
                {busy ? t.refund.busy : t.refund.chosen}
              </button>
              <button type="button" onClick={() => ask('all')} disabled={busy}>
                {t.refund.all}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
