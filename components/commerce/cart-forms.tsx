'use client';

import { useRouter } from 'next/navigation';
import { useTransition, type FormEvent, type ReactNode } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { CART_COUNT_EVENT } from '@/lib/commerce/cart-count';
import { SCRIPTED_FORM_HEADER } from '@/lib/commerce/cart-form';

interface CartFormsProps {
  /** The cart form endpoint of the page's world; only forms posting there are taken over. */
  formAction: string;
  children: ReactNode;
}

/**
 * The cart page's forms (remove, voucher, credit) work as plain posts before the scripts arrive;
 * once they run, this takes them over: the same form goes to the same endpoint through the API
 * client, and the page it answers with (the cart with its notice or error) is shown in place,
 * without a full reload. Should the call fail, the form is posted the plain way after all.
 */
export function CartForms({ formAction, children }: CartFormsProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  async function submit(event: FormEvent<HTMLDivElement>) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute('action') !== formAction) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const fields = new FormData(form, submitter instanceof HTMLButtonElement ? submitter : null);
    const body = new URLSearchParams();
    for (const [name, value] of fields) if (typeof value === 'string') body.append(name, value);
    try {
      const { location } = await getApiClient()
        .raw.post(new URL(formAction, window.location.origin), {
          body,
          headers: { [SCRIPTED_FORM_HEADER]: 'fetch' },
        })
        .json<{ location: string }>();
      // Only a path of this site is followed (the server builds it from its routing table).
      if (!location.startsWith('/') || location.startsWith('//')) throw new Error('unexpected location');
      window.dispatchEvent(new Event(CART_COUNT_EVENT));
      startTransition(() => router.replace(location, { scroll: false }));
    } catch {
      form.submit();
    }
  }

  return (
    <div onSubmit={submit} aria-busy={pending} data-testid="cart-forms">
      {children}
    </div>
  );
}
