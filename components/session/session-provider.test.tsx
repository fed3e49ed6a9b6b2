/** @jest-environment jest-fixed-jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { API, TERMS, USER, createHarness, serveApiForTests, unauthorized } from '@/lib/browser-session/testing/harness';
import { SessionProvider, useSessionState, type SessionTexts } from './session-provider';

const TEXTS: SessionTexts = {
  terms: {
    title: 'Our terms have changed',
    intro: 'Please accept them to go on.',
    loading: 'Loading the terms…',
    loadFailed: 'The terms could not be loaded.',
    retry: 'Try again',
    accept: 'Accept terms',
    busy: 'Saving…',
    failed: 'That did not work.',
    outdated: 'The terms changed again meanwhile.',
    logout: 'Log out',
  },
  impersonation: {
    label: 'You are acting as {name}. Nothing is tracked.',
    back: 'Back to admin',
    busy: 'Returning…',
    failed: 'Could not return.',
  },
};
const PATHS = { login: '/de/anmelden', registerConfirm: '/de/registrieren/bestaetigen/' };

const { server, requests } = serveApiForTests();

function Probe() {
  const state = useSessionState();
  return <p data-testid="probe">{state.loggedIn ? `logged in as ${state.userId}` : 'anonymous'}</p>;
}

function renderPage(harness: ReturnType<typeof createHarness>) {
  return render(
    <SessionProvider paths={PATHS} texts={TEXTS} session={harness.session}>
      <main>page content</main>
      <Probe />
    </SessionProvider>,
  );
}

function termsNotAccepted(): { accepted: () => boolean } {
  let accepted = false;
  server.use(
    http.get(`${API}/v3/oauth2/validate`, () =>
      accepted
        ? HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null })
        : unauthorized('terms_not_accepted', { oauth_user_id: 7 }),
    ),
    http.post(`${API}/v3/terms/accept-agb`, () => {
      accepted = true;
      return HttpResponse.json({ accepted: true, terms: TERMS });
    }),
    http.get(`${API}/v1/cart/view`, () => HttpResponse.json({ items: { cart: [] } })),
  );
  return { accepted: () => accepted };
}

describe('SessionProvider', () => {
  it('for a visitor without the logged-in flag fetches nothing and shows neither prompt nor banner', async () => {
    const harness = createHarness();
    renderPage(harness);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(requests).toEqual([]);
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
    expect(screen.getByTestId('probe').textContent).toBe('anonymous');
  });

  it('validates a browser with the flag and publishes the state to the page', async () => {
    const harness = createHarness({ loggedInFlag: true });
    renderPage(harness);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('logged in as 7'));
    expect(requests).toEqual(['GET v3/oauth2/validate', 'GET v1/user']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders the same server HTML for every visitor, whatever the browser holds', async () => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.json({ ...USER, loggedInAsAnotherUser: true })));
    const anonymous = createHarness();
    const loggedIn = createHarness({ loggedInFlag: true, storedUserId: 7 });
    await loggedIn.session.validate();
    expect(loggedIn.session.getState()).toMatchObject({ loggedIn: true, impersonated: true });
    requests.length = 0;
    const page = (session: ReturnType<typeof createHarness>['session']) =>
      renderToString(
        <SessionProvider paths={PATHS} texts={TEXTS} session={session}>
          <main>page content</main>
          <Probe />
        </SessionProvider>,
      );
    expect(page(loggedIn.session)).toBe(page(anonymous.session));
    expect(requests).toEqual([]);
  });
});

describe('the accept-terms prompt', () => {
  it('opens when the terms are not accepted, and accepting continues the waiting call on the same page', async () => {
    const backend = termsNotAccepted();
    const harness = createHarness({ loggedInFlag: true });
    renderPage(harness);
    let cart: unknown = null;
    const call = harness.client.get('v1/cart/view').then((answer) => (cart = answer));

    const dialog = await screen.findByRole('dialog', { name: TEXTS.terms.title });
    expect(await screen.findByRole('heading', { name: TERMS.title })).toBeTruthy();
    expect(dialog.textContent).toContain('Zweiter Absatz.');
    expect(cart).toBeNull();
    expect(requests).not.toContain('GET v1/cart/view');

    fireEvent.click(screen.getByRole('button', { name: TEXTS.terms.accept }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await call;
    expect(backend.accepted()).toBe(true);
    expect(cart).toEqual({ items: { cart: [] } });
    expect(screen.getByTestId('probe').textContent).toBe('logged in as 7');
    expect(harness.navigations).toEqual([]);
    expect(screen.getByText('page content')).toBeTruthy();
  });

  it('shows the newer terms when they changed while the prompt was open', async () => {
    termsNotAccepted();
    const newer = { ...TERMS, id: 4, version: 3, title: 'AGB 3', body: 'Noch neuere Bedingungen.' };
    let shown = TERMS;
    let sentId: unknown;
    server.use(
      http.get(`${API}/v3/terms/get-actual-agb`, () => HttpResponse.json(shown)),
      http.post(`${API}/v3/terms/accept-agb`, async ({ request }) => {
        sentId = ((await request.json()) as { terms_version_id: number }).terms_version_id;
        shown = newer;
        return HttpResponse.json(
          { error: { code: 'conflict', details: { reason: 'terms_outdated' } } },
          { status: 409 },
        );
      }),
    );
    renderPage(createHarness({ loggedInFlag: true }));
    await screen.findByRole('heading', { name: TERMS.title });
    fireEvent.click(screen.getByRole('button', { name: TEXTS.terms.accept }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEXTS.terms.outdated);
    expect(await screen.findByRole('heading', { name: newer.title })).toBeTruthy();
    expect(sentId).toBe(TERMS.id);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers a retry when the terms cannot be loaded', async () => {
    termsNotAccepted();
    let fail = true;
    server.use(
      http.get(`${API}/v3/terms/get-actual-agb`, () =>
        fail ? HttpResponse.json({ error: { code: 'internal' } }, { status: 500 }) : HttpResponse.json(TERMS),
      ),
    );
    renderPage(createHarness({ loggedInFlag: true }));
    expect((await screen.findByRole('alert')).textContent).toContain(TEXTS.terms.loadFailed);
    expect((screen.getByRole('button', { name: TEXTS.terms.accept }) as HTMLButtonElement).disabled).toBe(true);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: TEXTS.terms.retry }));
    expect(await screen.findByRole('heading', { name: TERMS.title })).toBeTruthy();
  });

  it('the other way out is to log out', async () => {
    termsNotAccepted();
    const harness = createHarness({ loggedInFlag: true });
    renderPage(harness);
    await screen.findByRole('heading', { name: TERMS.title });
    fireEvent.click(screen.getByRole('button', { name: TEXTS.terms.logout }));
    await waitFor(() => expect(harness.navigations).toEqual(['reload']));
    expect(requests).toContain('POST v3/oauth2/logout');
  });
});

describe('the impersonation banner', () => {
  it('shows who the admin acts as, and leads back to the admin session', async () => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.json({ ...USER, loggedInAsAnotherUser: true })));
    const harness = createHarness({ loggedInFlag: true, storedUserId: 1 });
    renderPage(harness);
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner.textContent).toContain('You are acting as Berta Buyer. Nothing is tracked.');
    fireEvent.click(screen.getByRole('button', { name: TEXTS.impersonation.back }));
    await waitFor(() => expect(harness.navigations).toEqual(['/de/login-as']));
    expect(requests).toContain('POST v3/oauth2/login-as/end');
  });

  it('says so when the way back fails', async () => {
    server.use(
      http.get(`${API}/v1/user`, () => HttpResponse.json({ ...USER, loggedInAsAnotherUser: true })),
      http.post(`${API}/v3/oauth2/login-as/end`, () =>
        HttpResponse.json({ error: { code: 'internal' } }, { status: 500 }),
      ),
    );
    const harness = createHarness({ loggedInFlag: true });
    renderPage(harness);
    await screen.findByTestId('impersonation-banner');
    fireEvent.click(screen.getByRole('button', { name: TEXTS.impersonation.back }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEXTS.impersonation.failed);
    expect(harness.navigations).toEqual([]);
  });

  it('is not shown for a normal session', async () => {
    renderPage(createHarness({ loggedInFlag: true }));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('logged in as 7'));
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });
});
