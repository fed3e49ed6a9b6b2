/** @jest-environment jest-fixed-jsdom */
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { getApiClient, getSession, pushTag, trackEvent } from '@/lib/browser-session/browser';
import { USER } from '@/lib/browser-session/testing/harness';
import { SessionProvider, type SessionTexts } from './session-provider';

// The browser's real wiring (lib/browser-session/browser.ts): relative /api base, window.localStorage, one
// session for the page. The tests share that one session and run in order.
const mockLoaded: string[] = [];
jest.mock('./accept-terms-prompt', () => {
  mockLoaded.push('prompt');
  return jest.requireActual('./accept-terms-prompt');
});
jest.mock('./impersonation-banner', () => {
  mockLoaded.push('banner');
  return jest.requireActual('./impersonation-banner');
});

const ORIGIN = window.location.origin;
const requests: string[] = [];
const tracked: Array<{ body: unknown; contentType: string | null; credentials: RequestCredentials }> = [];
const server = setupServer(
  http.get(`${ORIGIN}/api/v1/filters`, () => HttpResponse.json({ filters: [] })),
  http.post(`${ORIGIN}/api/v3/events/track`, async ({ request }) => {
    tracked.push({
      body: await request.json(),
      contentType: request.headers.get('content-type'),
      credentials: request.credentials,
    });
    return HttpResponse.json({ track_sid: 's' });
  }),
  http.get(`${ORIGIN}/api/v3/oauth2/validate`, () => HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null })),
  http.get(`${ORIGIN}/api/v1/user`, () => HttpResponse.json({ ...USER, loggedInAsAnotherUser: true })),
);
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}${url.search}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const TEXTS: SessionTexts = {
  terms: {
    title: 't',
    intro: 'i',
    loading: 'l',
    loadFailed: 'f',
    retry: 'r',
    accept: 'a',
    busy: 'b',
    failed: 'x',
    outdated: 'o',
    logout: 'q',
  },
  impersonation: { label: 'Acting as {name}', back: 'Back to admin', busy: '…', failed: 'failed' },
};
function renderPage() {
  return render(
    <SessionProvider paths={{ login: '/de/anmelden', registerConfirm: '/de/registrieren/bestaetigen/' }} texts={TEXTS}>
      <main>page</main>
    </SessionProvider>,
  );
}

const dataLayer = () => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [];

describe('the browser session wiring', () => {
  it('an anonymous page: the provider fetches nothing and loads neither prompt nor banner', async () => {
    renderPage();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(requests).toEqual([]);
    expect(mockLoaded).toEqual([]);
    expect(localStorage.getItem('kreide_logged_in')).toBeNull();
  });

  it('the page client sends a versioned call straight away, with the world, and no validation first', async () => {
    await expect(getApiClient().get('v1/filters')).resolves.toEqual({ filters: [] });
    expect(requests).toEqual(['GET /api/v1/filters?world=de']);
  });

  it('tracks and pushes tags for a normal session', async () => {
    await trackEvent('pageView', { page: 'material' });
    await pushTag({ event: 'page_view' });
    expect(requests).toContain('POST /api/v3/events/track?world=de');
    expect(dataLayer()).toEqual([{ event: 'page_view' }]);
  });

  it('sends one event per call as JSON { events: [{ ...data, name }] }, the name winning over a data field', async () => {
    tracked.length = 0;
    await trackEvent('wrongAccountLogin', { storedUserId: 99, userId: 7, name: 'ignored' });
    expect(tracked).toEqual([
      {
        body: { events: [{ storedUserId: 99, userId: 7, name: 'wrongAccountLogin' }] },
        contentType: expect.stringMatching(/^application\/json/),
        credentials: 'include',
      },
    ]);
  });

  it('an impersonated session sends no tracking, pushes no tags and shows the banner (loaded then)', async () => {
    requests.length = 0;
    renderPage();
    await act(async () => {
      await getSession().validate();
    });
    expect(getSession().getState().impersonated).toBe(true);
    await trackEvent('pageView', { page: 'material' });
    await pushTag({ event: 'page_view_2' });
    expect(requests).toEqual(['GET /api/v3/oauth2/validate?world=de', 'GET /api/v1/user?world=de']);
    expect(dataLayer()).toEqual([{ event: 'page_view' }]);
    expect((await screen.findByTestId('impersonation-banner')).textContent).toContain('Acting as Berta Buyer');
    expect(mockLoaded).toEqual(['banner']);
  });
});
