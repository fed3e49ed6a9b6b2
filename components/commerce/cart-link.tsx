'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLoggedInFlag } from '@/components/session/use-logged-in-flag';
import { getApiClient } from '@/lib/browser-session/browser';
import { CART_COUNT_EVENT, cartCountCookie, parseCartCount } from '@/lib/commerce/cart-count';

/** The hint changes with every cart answer; the add-to-cart button says when. */
function subscribeToCartChanges(onChange: () => void): () => void {
  window.addEventListener(CART_COUNT_EVENT, onChange);
  return () => window.removeEventListener(CART_COUNT_EVENT, onChange);
}

function readCountHint(world: string): number | null {
  const name = `${cartCountCookie(world)}=`;
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(name));
  return parseCartCount(cookie?.slice(name.length));
}

interface CartLinkProps {
  world: string;
  href: string;
  label: string;
  /** "{count} items in the cart", for screen readers. */
  countLabel: string;
}

/**
 * The header's cart link with the number of lines in the cart. The server renders the link alone
 * (pages are the same for every visitor); in the browser the count comes from the hint cookie the
 * cart calls keep, and from `v1/cart/view` when the hint says there is a cart or the visitor is
 * signed in (their cart may have been filled elsewhere). A failed load shows no count and says
 * nothing: a cart load failure is silent.
 */
export function CartLink({ world, href, label, countLabel }: CartLinkProps) {
  // Reading `document.cookie` is a synchronous call into the browser process, and React reads a
  // store's snapshot on every render and again to check it: on a cold home page in Lighthouse's
  // phone run those reads took 7–28 ms of the main thread. So the hint is read once, and again
  // only after the cart said it changed.
  const lastHint = useRef<{ world: string; count: number | null } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) =>
      subscribeToCartChanges(() => {
        lastHint.current = null;
        onChange();
      }),
    [],
  );
  const readHint = () => {
    if (lastHint.current?.world !== world) lastHint.current = { world, count: readCountHint(world) };
    return lastHint.current.count;
  };
  const hint = useSyncExternalStore(subscribe, readHint, () => null);
  // The count the cart view answered, with the hint as it stood then: a later change of the
  // hint (the add-to-cart button) wins over an older answer.
  const [loaded, setLoaded] = useState<{ hint: number | null; count: number } | null>(null);
  const loggedIn = useLoggedInFlag();

  // Asked once per page: later changes of the hint come with their count.
  useEffect(() => {
    if (loggedIn === null || (!loggedIn && !readCountHint(world))) return;
    let current = true;
    getApiClient()
      .get<{ items: { cart: { cartItems: unknown[] } } }>('v1/cart/view')
      .then((answer) => {
        if (current) setLoaded({ hint: readCountHint(world), count: answer.items.cart.cartItems.length });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [world, loggedIn]);

  const count = loaded && loaded.hint === hint ? loaded.count : hint;
  return (
    <a href={href} data-testid="header-cart">
      {label}
      {count ? (
        <span className="cart-count" aria-label={countLabel.replace('{count}', String(count))}>
          {count}
        </span>
      ) : null}
    </a>
  );
}
