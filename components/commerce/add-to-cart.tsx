'use client';

import { useState, type FormEvent } from 'react';
import { getApiClient } from '@/lib/api/browser';
import { CART_COUNT_EVENT } from '@/lib/commerce/cart-count';

export interface AddToCartTexts {
  add: string;
  addSchool: string;
  adding: string;
  added: string;
  goToCart: string;
  failed: string;
}

interface AddToCartProps {
  /** Where the form posts without scripts (the cart form endpoint of the page's world). */
  formAction: string;
  cartPath: string;
  materialId: number;
  texts: AddToCartTexts;
}

type State = 'idle' | 'adding' | 'added' | 'failed';

/**
 * The add-to-cart buttons of a material page: a plain form post to the cart (single or school
 * licence) that works before the scripts arrive, taken over by a call to `v1/cart/add` once they
 * run, so the buyer stays on the page. The HTML is the same for every visitor, so the page stays
 * cacheable; the cart is found by the c_t cookie the server keeps.
 */
export function AddToCart({ formAction, cartPath, materialId, texts }: AddToCartProps) {
  const [state, setState] = useState<State>('idle');

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const licence = submitter?.value === 'school' ? 'school' : 'single';
    setState('adding');
    try {
      await getApiClient().post('v1/cart/add', { material_id: materialId, licence });
      // The answer set the header's count hint; the header reads it again.
      window.dispatchEvent(new Event(CART_COUNT_EVENT));
      setState('added');
    } catch {
      setState('failed');
    }
  }

  return (
    <form method="post" action={formAction} onSubmit={add} className="add-to-cart" data-testid="add-to-cart">
      <input type="hidden" name="action" value="add" />
      <input type="hidden" name="material_id" value={materialId} />
      <button type="submit" name="licence" value="single" disabled={state === 'adding'} data-testid="add-single">
        {state === 'adding' ? texts.adding : texts.add}
      </button>{' '}
      <button
        type="submit"
        name="licence"
        value="school"
        disabled={state === 'adding'}
        className="add-to-cart-school"
        data-testid="add-school"
      >
        {texts.addSchool}
      </button>
      <span role="status" aria-live="polite">
        {state === 'added' ? (
          <>
            {texts.added} · <a href={cartPath}>{texts.goToCart}</a>
          </>
        ) : state === 'failed' ? (
          texts.failed
        ) : null}
      </span>
    </form>
  );
}
