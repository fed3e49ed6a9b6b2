'use client';

import { HTTPError } from 'ky';
import { useEffect, useState, type FormEvent } from 'react';
import { useLoggedInFlag } from '@/components/session/use-logged-in-flag';
import { getApiClient } from '@/lib/browser-session/browser';
import type { BuyerMaterialState as BuyerState } from '@/lib/commerce/buyer-states';
import { CART_COUNT_EVENT } from '@/lib/commerce/cart-count';

export interface AddToCartTexts {
  add: string;
  addSchool: string;
  /** The school button's label when the buyer holds a single licence (the upgrade for the difference). */
  upgrade: string;
  adding: string;
  added: string;
  goToCart: string;
  failed: string;
  owned: string;
  download: string;
  boughtLink: string;
  pendingTransfer: string;
  pendingPayment: string;
  orderLink: string;
  ownMaterial: string;
  containsOwned: string;
}

interface AddToCartProps {
  /** Where the form posts without scripts (the cart form endpoint of the page's world). */
  formAction: string;
  cartPath: string;
  /** The bought materials of the page's world. */
  boughtPath: string;
  /** The order confirmation of the page's world without an order; `/{id}` is appended. */
  orderPath: string;
  materialId: number;
  texts: AddToCartTexts;
}

/** What the last click got: nothing yet, busy, in the cart, or refused with the API's words. */
type Outcome =
  | { state: 'idle' | 'adding' | 'added' }
  | { state: 'refused'; message: string; reason: string | null; orderId: number | null };

/** The refusal's text in the page's language (the API writes it for the `world` sent), and its reason. */
async function refusalOf(error: unknown, fallback: string): Promise<Outcome> {
  const refused = { state: 'refused' as const, message: fallback, reason: null, orderId: null };
  if (!(error instanceof HTTPError)) return refused;
  try {
    const body = (await error.response.json()) as {
      error?: { message?: unknown; details?: { reason?: unknown; order_id?: unknown } | null };
    };
    const { message, details } = body.error ?? {};
    return {
      ...refused,
      message: typeof message === 'string' && message ? message : fallback,
      reason: typeof details?.reason === 'string' ? details.reason : null,
      orderId: typeof details?.order_id === 'number' ? details.order_id : null,
    };
  } catch {
    return refused;
  }
}

/**
 * The add-to-cart buttons of a material page: a plain form post to the cart (single or school
 * licence) that works before the scripts arrive, taken over by a call to `v1/cart/add` once they
 * run, so the buyer stays on the page. The HTML is the same for every visitor, so the page stays
 * cacheable; the cart is found by the c_t cookie the server keeps. A signed-in buyer's own state
 * is asked for in the browser (`v3/materials/my-licences`): what they own is not offered again
 * but linked to its download, what waits on their unpaid order links to that order, and a held
 * single licence keeps only the school upgrade. A refused click says why, in the page's language.
 */
export function AddToCart({ formAction, cartPath, boughtPath, orderPath, materialId, texts }: AddToCartProps) {
  const loggedIn = useLoggedInFlag() === true;
  const [mine, setMine] = useState<BuyerState | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    getApiClient()
      .get<{ items: BuyerState[] }>('v3/materials/my-licences', { searchParams: { ids: materialId } })
      .then((answer) => live && setMine(answer.items.find((item) => item.material_id === materialId) ?? null))
      // Unknown state: the buttons stay, and the cart still refuses what cannot be bought.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [loggedIn, materialId]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const licence = submitter?.value === 'school' ? 'school' : 'single';
    setOutcome({ state: 'adding' });
    try {
      await getApiClient().post('v1/cart/add', { material_id: materialId, licence });
      // The answer set the header's count hint; the header reads it again.
      window.dispatchEvent(new Event(CART_COUNT_EVENT));
      setOutcome({ state: 'added' });
    } catch (error) {
      setOutcome(await refusalOf(error, texts.failed));
    }
  }

  const bought = (
    <a href={boughtPath} data-testid="owned-link">
      {texts.boughtLink}
    </a>
  );
  const orderLink = (orderId: number) => (
    <a href={`${orderPath}/${orderId}`} data-testid="pending-order-link">
      {texts.orderLink}
    </a>
  );
  const busy = outcome.state === 'adding';

  return (
    <form method="post" action={formAction} onSubmit={add} className="add-to-cart" data-testid="add-to-cart">
      {mine ? (
        <p className="add-to-cart-mine" data-testid="buyer-state">
          {mine.own_material ? (
            texts.ownMaterial
          ) : mine.pending_order ? (
            <>
              {mine.pending_order.provider === 'card' ? texts.pendingPayment : texts.pendingTransfer}{' '}
              {orderLink(mine.pending_order.id)}
            </>
          ) : mine.licence ? (
            <>
              {texts.owned}{' '}
              {mine.download_url ? (
                <>
                  <a href={mine.download_url} data-testid="owned-download" download>
                    {texts.download}
                  </a>{' '}
                  ·{' '}
                </>
              ) : null}
              {bought}
            </>
          ) : mine.refused.single === 'bundle_contains_owned' ? (
            <>
              {texts.containsOwned} {bought}
            </>
          ) : null}
        </p>
      ) : null}
      <input type="hidden" name="action" value="add" />
      <input type="hidden" name="material_id" value={materialId} />
      {mine?.refused.single ? null : (
        <>
          <button type="submit" name="licence" value="single" disabled={busy} data-testid="add-single">
            {busy ? texts.adding : texts.add}
          </button>{' '}
        </>
      )}
      {mine?.refused.school ? null : (
        <button
          type="submit"
          name="licence"
          value="school"
          disabled={busy}
          className="add-to-cart-school"
          data-testid="add-school"
        >
          {mine?.licence === 'single' ? texts.upgrade : texts.addSchool}
        </button>
      )}
      <span role="status" aria-live="polite" data-testid="add-to-cart-outcome">
        {outcome.state === 'added' ? (
          <>
            {texts.added} · <a href={cartPath}>{texts.goToCart}</a>
          </>
        ) : outcome.state === 'refused' ? (
          <>
            {outcome.message}
            {outcome.reason === 'order_pending' && outcome.orderId !== null ? (
              <> {orderLink(outcome.orderId)}</>
            ) : outcome.reason === 'already_owned' || outcome.reason === 'bundle_contains_owned' ? (
              <> {bought}</>
            ) : null}
          </>
        ) : null}
      </span>
    </form>
  );
}
