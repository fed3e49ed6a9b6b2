'use client';

import { createApiClient, type ApiClient } from './client';

/** SPEC §9: error reporting is sampled at 10 percent of visitors, decided once per visitor. */
const SAMPLE_KEY = 'kreide_error_sample';

function inErrorSample(): boolean {
  try {
    let value = localStorage.getItem(SAMPLE_KEY);
    if (value === null) {
      value = Math.random() < 0.1 ? '1' : '0';
      localStorage.setItem(SAMPLE_KEY, value);
    }
    return value === '1';
  } catch {
    return false;
  }
}

/** Cart token from local storage, or from the cookie-like object with field c_t (SPEC §3). */
function readCartToken(): string | null {
  try {
    const stored = localStorage.getItem('kreide_cart_token');
    if (stored) return stored;
  } catch {
    // Local storage unusable: fall through to the cookie.
  }
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('kreide_cart='));
  if (!cookie) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(cookie.slice('kreide_cart='.length))) as { c_t?: unknown };
    return typeof parsed.c_t === 'string' ? parsed.c_t : null;
  } catch {
    return null;
  }
}

let client: ApiClient | undefined;

/** The browser's one API client: the world of the page, the visitor's cart token. */
export function getApiClient(): ApiClient {
  client ??= createApiClient({
    baseUrl: process.env.NEXT_PUBLIC_API_BASE ?? '/api',
    getWorld: () => document.documentElement.getAttribute('data-world') ?? 'de',
    getCartToken: readCartToken,
    onSlowCall: (report) => {
      if (inErrorSample()) console.warn('slow API call', report);
    },
  });
  return client;
}
