/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SOCIAL_ERRORS, type SocialError } from '@/lib/social-sign-in/social-errors';
import { SocialComplete } from './social-complete';
import { SocialSignInError } from './social-sign-in-error';

const ORIGIN = window.location.origin;
const COMPLETE = `${ORIGIN}/api/v3/oauth2/social/microsoft/complete`;
const posted: unknown[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

const ERRORS = Object.fromEntries(SOCIAL_ERRORS.map((error) => [error, `text:${error}`])) as Record<
  SocialError,
  string
>;
const TEXTS = { busy: 'Completing …', back: 'Back to log in', errors: ERRORS };

function visit(search: string) {
  window.history.replaceState(null, '', `/fr/microsoft-redirect${search}`);
}

describe('SocialComplete on the Microsoft redirect page', () => {
  it('hands code and state to the API, remembers the login and goes where the sign-in started', async () => {
    server.use(
      http.post(COMPLETE, async ({ request }) => {
        posted.push({ world: new URL(request.url).searchParams.get('world'), body: await request.json() });
        return HttpResponse.json({ access_token: null, oauth_user_id: 5, return_to: '/fr' });
      }),
    );
    visit('?code=the-code&state=the-state&iss=https%3A%2F%2Flogin.example%2Ft%2Fv2.0');
    const navigate = jest.fn();
    render(<SocialComplete provider="microsoft" loginPath="/fr/connexion" texts={TEXTS} navigate={navigate} />);
    expect(screen.getByTestId('social-complete-busy')).toHaveTextContent('Completing …');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/fr'));
    expect(posted).toEqual([
      {
        world: expect.any(String),
        body: { code: 'the-code', state: 'the-state', iss: 'https://login.example/t/v2.0' },
      },
    ]);
    expect(localStorage.getItem('kreide_logged_in')).toBe('1');
  });

  it('tells an expired or foreign sign-in and links back to the login page', async () => {
    server.use(
      http.post(COMPLETE, () =>
        HttpResponse.json(
          { error: { code: 'bad_request', message: 'x', details: { reason: 'invalid_state' } } },
          { status: 400 },
        ),
      ),
    );
    visit('?code=c&state=s');
    const navigate = jest.fn();
    render(<SocialComplete provider="microsoft" loginPath="/fr/connexion" texts={TEXTS} navigate={navigate} />);
    expect(await screen.findByTestId('social-error')).toHaveTextContent('text:expired');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/fr/connexion');
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('kreide_logged_in')).toBeNull();
  });

  it('sends nothing when the user cancelled at Microsoft', async () => {
    visit('?error=access_denied&error_description=cancelled&state=s');
    render(<SocialComplete provider="microsoft" loginPath="/fr/connexion" texts={TEXTS} navigate={jest.fn()} />);
    expect(await screen.findByTestId('social-error')).toHaveTextContent('text:cancelled');
    expect(posted).toEqual([]);
  });
});

describe('SocialSignInError on the login page', () => {
  it('shows the failure the callback named, and nothing for unknown values', () => {
    window.history.replaceState(null, '', '/de/anmelden?social_error=email_taken');
    const { unmount } = render(<SocialSignInError texts={ERRORS} />);
    expect(screen.getByRole('alert')).toHaveTextContent('text:email_taken');
    unmount();
    window.history.replaceState(null, '', '/de/anmelden?social_error=%3Cscript%3E');
    render(<SocialSignInError texts={ERRORS} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
