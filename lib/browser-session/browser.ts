'use client';

import { createSession, type Session } from './session';
import { CART_TOKEN_KEY, createSessionStorage, type SessionStorage } from './storage';
import { createTracker, type Tracker } from './tracking';
import { createApiClient, type ApiClient, type ApiClientOptions } from '@/lib/api-client/client';

/** Error reporting is sampled at 10 percent of visitors, decided once per visitor. */
const SAMPLE_KEY = 'kreide_error_sample';

let storage: SessionStorage | undefined;

/** The browser's session storage: local storage, or memory when that is unusable. */
function getStorage(): SessionStorage {
  storage ??= createSessionStorage(
    () => window.localStorage,
    () => window.sessionStorage,
  );
  return storage;
}

function inErrorSample(): boolean {
  const store = getStorage();
  let value = store.get(SAMPLE_KEY);
  if (value === null) {
    value = Math.random() < 0.1 ? '1' : '0';
    store.set(SAMPLE_KEY, value);
  }
  return value === '1';
}

/** Cart token from storage, or from the cookie-like object with field c_t. */
function readCartToken(): string | null {
  const stored = getStorage().get(CART_TOKEN_KEY);
  if (stored) return stored;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('kreide_cart='));
  if (!cookie) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(cookie.slice('kreide_cart='.length))) as { c_t?: unknown };
    return typeof parsed.c_t === 'string' ? parsed.c_t : null;
  } catch {
    return null;
  }
}

function clientOptions(): ApiClientOptions {
  return {
    baseUrl: process.env.NEXT_PUBLIC_API_BASE ?? '/api',
    getWorld: () => document.documentElement.getAttribute('data-world') ?? 'de',
    getCartToken: readCartToken,
    // The payment page marks itself (components/commerce/payment-page.tsx).
    onPaymentPage: () => document.querySelector('[data-route="payment"]') !== null,
    onSlowCall: (report) => {
      if (inErrorSample()) console.warn('slow API call', report);
    },
  };
}

let client: ApiClient | undefined;
let session: Session | undefined;
let tracker: Tracker | undefined;

/** The page's session; its own calls go through a client without the session's guard. */
export function getSession(): Session {
  if (!session) {
    const api = createApiClient(clientOptions());
    tracker = createTracker({
      send: (events) => api.post('v3/events/track', { events }),
      dataLayer: () => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []),
      ready: () => getSession().ready(),
      isImpersonated: () => getSession().getState().impersonated,
    });
    session = createSession({
      api,
      storage: getStorage(),
      tracker,
      location: {
        pathname: () => window.location.pathname,
        reload: () => window.location.reload(),
        assign: (url) => window.location.assign(url),
      },
    });
  }
  return session;
}

/** The browser's one API client: the world of the page, the visitor's cart token, the session's rules. */
export function getApiClient(): ApiClient {
  client ??= createApiClient({ ...clientOptions(), guard: getSession().guard });
  return client;
}

/** Tracks an event (v3/events/track) unless an admin is acting as the user. */
export function trackEvent(name: string, data?: Record<string, unknown>): Promise<void> {
  getSession();
  return tracker!.trackEvent(name, data);
}

/** Pushes a tag to window.dataLayer unless an admin is acting as the user. */
export function pushTag(tag: Record<string, unknown>): Promise<void> {
  getSession();
  return tracker!.pushTag(tag);
}
