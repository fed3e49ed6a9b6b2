import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { createApiClient } from '@/lib/api-client/client';
import { createSession, type SessionPaths, type SessionUser } from '../session';
import { LOGGED_IN_KEY, USER_ID_KEY, createSessionStorage } from '../storage';
import { MemoryStorage } from './memory-storage';

/** Test-only wiring of the session against MSW: the same pieces as lib/browser-session/browser.ts. */
export const API = 'http://kreide.test/api';
export const PATHS: SessionPaths = { login: '/de/anmelden', registerConfirm: '/de/registrieren/bestaetigen/' };
export const USER: SessionUser = {
  id: 7,
  loggedInAsAnotherUser: false,
  isAgbAccepted: true,
  userName: 'buyer',
  details: { publicName: 'Berta Buyer', imagePath: null },
};
export const TERMS = {
  id: 3,
  world: 'de',
  version: 2,
  title: 'AGB 2',
  body: 'Neue Bedingungen.\nZweiter Absatz.',
  publishedAt: '2025-01-01T00:00:00.000Z',
};

/** A 401 in the error shape of lib/api/handler.ts. */
export function unauthorized(reason: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json(
    { error: { code: 'unauthorized', message: 'Unauthorized', details: { reason, ...extra } } },
    { status: 401 },
  );
}

/**
 * A fetch that rejects requests to `path` (after /api/) the way a browser does when the page
 * navigates away mid-request (an AbortError), and passes every other request on.
 */
export function abortingFetch(path: string): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname === `/api/${path}`)
      return Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    return fetch(input, init);
  };
}

/** A server where the demo buyer (id 7) is signed in and has accepted the terms. */
export function defaultHandlers(): RequestHandler[] {
  return [
    http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null })),
    http.get(`${API}/v1/user`, () => HttpResponse.json(USER)),
    http.post(`${API}/v3/oauth2/authenticate`, () => HttpResponse.json({ access_token: null, oauth_user_id: null })),
    http.post(`${API}/v3/oauth2/logout`, () => HttpResponse.json({ logged_out: true })),
    http.get(`${API}/v3/terms/get-actual-agb`, () => HttpResponse.json(TERMS)),
    http.post(`${API}/v3/terms/accept-agb`, () => HttpResponse.json({ accepted: true, terms: TERMS })),
    http.post(`${API}/v3/oauth2/login-as/end`, () => HttpResponse.json({ redirect: '/de/login-as' })),
    http.post(`${API}/v3/events/track`, () => HttpResponse.json({ track_sid: 's1' })),
  ];
}

/** Every request the server saw, as `METHOD path` (path after /api/), in order. */
function recordRequests(server: SetupServer, seen: string[]): void {
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\//, '')}`);
  });
}

/**
 * The API for a test file: an MSW server with the default handlers, started and stopped around
 * the file, handlers reset after each test. `requests` is the one list of what the current test
 * asked ("GET v1/user"), emptied before each test.
 */
export function serveApiForTests(): { server: SetupServer; requests: string[] } {
  const server = setupServer(...defaultHandlers());
  const requests: string[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    server.events.removeAllListeners();
    requests.length = 0;
    recordRequests(server, requests);
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return { server, requests };
}

export interface HarnessOptions {
  loggedInFlag?: boolean;
  storedUserId?: number;
  pathname?: string;
  local?: Storage;
  tabStorage?: Storage;
  /** The fetch under both clients (to fail a request the way a browser does); MSW's by default. */
  fetch?: typeof fetch;
}

/** A session with memory storage, a recording location and timers, plus a guarded client. */
export function createHarness(options: HarnessOptions = {}) {
  const local = options.local ?? new MemoryStorage();
  const tabStorage = options.tabStorage ?? new MemoryStorage();
  if (options.loggedInFlag) local.setItem(LOGGED_IN_KEY, '1');
  if (options.storedUserId !== undefined) local.setItem(USER_ID_KEY, String(options.storedUserId));
  const navigations: string[] = [];
  const tracked: Array<{ name: string; data?: Record<string, unknown> }> = [];
  const scheduled: Array<{ callback: () => void; ms: number }> = [];
  let pathname = options.pathname ?? '/de/material/1/brueche';
  const storage = createSessionStorage(
    () => local,
    () => tabStorage,
  );
  const session = createSession({
    api: createApiClient({ baseUrl: API, getWorld: () => 'de', fetch: options.fetch }),
    storage,
    paths: PATHS,
    location: {
      pathname: () => pathname,
      reload: () => navigations.push('reload'),
      assign: (url) => {
        navigations.push(url);
        pathname = url;
      },
    },
    tracker: { trackEvent: (name, data) => tracked.push({ name, data }) },
    timers: { setTimeout: (callback, ms) => scheduled.push({ callback, ms }) },
  });
  const client = createApiClient({ baseUrl: API, getWorld: () => 'de', guard: session.guard, fetch: options.fetch });
  return { session, client, storage, local, tabStorage, navigations, tracked, scheduled };
}
