/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SWRConfig } from 'swr';
import { createApiClient } from '@/lib/api-client/client';
import german from '@/messages/de/admin.json';
import { FailedJobs, type ListedJob } from './failed-jobs';

// The view talks through the one API client; here it goes straight to MSW, without the session.
jest.mock('@/lib/browser-session/browser', () => {
  const client = createApiClient({ baseUrl: 'http://kreide.test/api', getWorld: () => 'de' });
  return { getApiClient: () => client };
});

const API = 'http://kreide.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const job = (id: string, overrides: Partial<ListedJob> = {}): ListedJob => ({
  id,
  name: 'account-mail',
  state: 'failed',
  retry_count: 6,
  retry_limit: 6,
  error: '451 mail server busy',
  created_at: '2026-03-01T10:00:00.000Z',
  completed_at: '2026-03-01T11:00:00.000Z',
  summary: { kind: 'passwordRecovery', world: 'de', to: 'lehrerin@example.org' },
  ...overrides,
});

function view() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <FailedJobs texts={german.failedJobs} locale="de-DE" loginPath="/de/anmelden" />
    </SWRConfig>,
  );
}

describe('failed jobs (admin)', () => {
  it('lists failed jobs with their summary and last error, and retries them one by one', async () => {
    const first = '0b7f6b1e-1c1a-4c3e-9a57-3f1e2d3c4b5a';
    const second = '1c8a7c2f-2d2b-4d4f-8b68-4a2f3e4d5c6b';
    const seen: string[] = [];
    server.use(
      http.get(`${API}/v3/admin/jobs`, ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ jobs: [job(first), job(second)], page: 1, limit: 50, total: 2 });
      }),
      http.post(`${API}/v3/admin/jobs/${first}/retry`, () => HttpResponse.json(job(first, { state: 'retry' }))),
      http.post(`${API}/v3/admin/jobs/${second}/retry`, () =>
        HttpResponse.json({ error: { code: 'conflict', message: 'x', details: null } }, { status: 409 }),
      ),
    );
    view();
    const rows = await screen.findAllByTestId('failed-job');
    expect(seen[0]).toContain('state=failed');
    expect(seen[0]).toContain('page=1');
    expect(screen.getByText('2 fehlgeschlagene Aufträge')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Konto-Mail')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('lehrerin@example.org')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('451 mail server busy')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('7 von 7')).toBeInTheDocument();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Wiederholen' }));
    expect(await within(rows[0]!).findByText('Erneut eingereiht.')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Wiederholen' })).toBeDisabled();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Wiederholen' }));
    expect(await within(rows[1]!).findByText(german.failedJobs.notFailed)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Wiederholen' })).toBeEnabled();
  });

  it('says so when nothing failed', async () => {
    server.use(http.get(`${API}/v3/admin/jobs`, () => HttpResponse.json({ jobs: [], page: 1, limit: 50, total: 0 })));
    view();
    expect(await screen.findByText(german.failedJobs.empty)).toBeInTheDocument();
  });

  it('asks to sign in on 401 and refuses non-admins on 403', async () => {
    server.use(
      http.get(`${API}/v3/admin/jobs`, () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'x', details: null } }, { status: 401 }),
      ),
    );
    const { unmount } = view();
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de/anmelden');
    unmount();
    server.use(
      http.get(`${API}/v3/admin/jobs`, () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'x', details: null } }, { status: 403 }),
      ),
    );
    view();
    expect(await screen.findByRole('alert')).toHaveTextContent(german.failedJobs.forbidden);
  });

  it('pages through a long list', async () => {
    const pages: string[] = [];
    server.use(
      http.get(`${API}/v3/admin/jobs`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(String(page));
        return HttpResponse.json({
          jobs: [job(`0b7f6b1e-1c1a-4c3e-9a57-3f1e2d3c4b5${page}`)],
          page,
          limit: 1,
          total: 2,
        });
      }),
    );
    view();
    expect(await screen.findByText('Seite 1 von 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Seite 2 von 2')).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });
});
