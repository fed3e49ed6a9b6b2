'use client';

import { useEffect, useState } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { convertCents } from '@/lib/pricing/exchange-rates';
import { formatPrice } from '@/lib/pricing/format-price';

const STORAGE_KEY = 'kreide_visitor_currency';

/** The visitor's currency, asked once per browser session (`v3/location/get-country`). */
async function visitorCurrency(): Promise<string | null> {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // Storage unusable: ask every time.
  }
  const answer = await getApiClient().get<{ code: string; currencyCode: string }>('v3/location/get-country');
  try {
    sessionStorage.setItem(STORAGE_KEY, answer.currencyCode);
  } catch {
    // Not remembered; fine.
  }
  return answer.currencyCode;
}

/**
 * The price in the visitor's own currency, next to the material's price, when the two differ
 * (a teacher in Mexico sees "≈ MX$106" beside "4,99 €"). The HTML stays the same for every
 * visitor of a world; this is added in the browser.
 */
export function VisitorPrice({ cents, currency, locale }: { cents: number; currency: string; locale: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    visitorCurrency()
      .then((target) => {
        if (cancelled || !target || target === currency) return;
        const converted = convertCents(cents, currency, target);
        if (converted !== null) setText(`≈ ${formatPrice(converted, target, locale)}`);
      })
      .catch((error: Error) => console.warn('visitor currency unavailable', error.message));
    return () => {
      cancelled = true;
    };
  }, [cents, currency, locale]);
  if (!text) return null;
  return (
    <span className="visitor-price" data-testid="visitor-price">
      {' '}
      {text}
    </span>
  );
}
