/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient } from '@/lib/api-client/client';
import type { DomainClaim } from '@/lib/storefront/domain-claims';
import { getWorld } from '@/lib/worlds/worlds';
import common from '@/messages/de/common.json';
import german from '@/messages/de/cabinet-settings.json';
import { DomainSettingsSection } from './domain-settings';

jest.mock('@/lib/browser-session/browser', () => {
  const client = createApiClient({ baseUrl: 'http://kreide.test/api', getWorld: () => 'de' });
  return { getApiClient: () => client };
});
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
const claims: DomainClaim[] = [];
jest.mock('@/lib/storefront/domain-claims', () => ({
  MAX_DOMAINS_PER_SELLER: 3,
  listDomainClaims: async () => claims,
}));

const API = 'http://kreide.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  refresh.mockReset();
  claims.length = 0;
});
afterAll(() => server.close());

const t = german.domains;
const refusal = (status: number, code: string, reason: string) =>
  HttpResponse.json(
    { error: { code, message: (common.apiReasons as Record<string, string>)[reason], details: { reason } } },
    { status },
  );

const pending: DomainClaim = {
  id: 4,
  domain: 'frau-demo-shop.de',
  world: 'de',
  status: 'pending',
  recordName: '_kreide-verification.frau-demo-shop.de',
  recordValue: 'kreide-verification=abcdefghijklmnopqrstuvwxyz0123456789-_ABCDE',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastCheckedAt: '2026-03-01T09:05:00.000Z',
  lastError: 'record_not_found',
  verifiedAt: null,
};
const verified: DomainClaim = {
  ...pending,
  id: 5,
  domain: 'www.frau-demo.de',
  status: 'verified',
  recordName: '_kreide-verification.www.frau-demo.de',
  lastError: null,
  verifiedAt: '2026-03-02T10:00:00.000Z',
};

async function renderSection() {
  render(await DomainSettingsSection({ world: getWorld('de'), userId: 7 }));
}

describe('DomainSettingsSection', () => {
  it('explains the set-up and offers the form when there is no domain yet', async () => {
    await renderSection();
    expect(screen.getByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(screen.getByText(/CNAME/)).toHaveTextContent('localhost');
    expect(screen.getByText(t.empty)).toBeInTheDocument();
    expect(screen.getByLabelText(t.label)).toBeInTheDocument();
  });

  it('shows each claim with its state, the exact TXT record and the last failure', async () => {
    claims.push(pending, verified);
    await renderSection();
    const [first, second] = screen.getAllByTestId('domain-claim');
    expect(first).toHaveTextContent(t.status.pending);
    expect(within(first!).getByTestId('record-name')).toHaveTextContent(pending.recordName);
    expect(within(first!).getByTestId('record-value').textContent).toBe(pending.recordValue);
    expect(within(first!).getByTestId('domain-last-error')).toHaveTextContent(common.apiReasons.record_not_found);
    expect(within(first!).getByRole('button', { name: t.verify })).toBeInTheDocument();
    expect(second).toHaveTextContent(t.status.verified);
    expect(within(second!).queryByTestId('record-value')).toBeNull();
    expect(within(second!).queryByRole('button', { name: t.verify })).toBeNull();
  });

  it('hides the form at the limit', async () => {
    claims.push(pending, verified, { ...verified, id: 6, domain: 'drei.de' });
    await renderSection();
    expect(screen.queryByLabelText(t.label)).toBeNull();
    expect(screen.getByText(t.limitReached.replace('{max}', '3'))).toBeInTheDocument();
  });

  it('adds a domain, and shows the API’s translated reason when it is refused', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/v3/seller/domains`, async ({ request }) => {
        const body = (await request.json()) as { domain: string };
        sent.push(body);
        if (body.domain === 'localhost') return refusal(400, 'validation_failed', 'invalid_domain');
        return HttpResponse.json({ ...pending, domain: body.domain });
      }),
    );
    await renderSection();
    const input = screen.getByLabelText(t.label);
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByText(t.required)).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(input, { target: { value: 'localhost' } });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByTestId('add-domain-error')).toHaveTextContent(common.apiReasons.invalid_domain);
    expect(input).toHaveValue('localhost');

    fireEvent.change(input, { target: { value: 'shop.example.de' } });
    fireEvent.click(screen.getByRole('button', { name: t.add }));
    await waitFor(() => expect(screen.getByTestId('add-domain-done')).toHaveTextContent('shop.example.de'));
    expect(input).toHaveValue('');
    expect(refresh).toHaveBeenCalled();
  });

  it('checks a record and shows why the check failed; removes after confirmation', async () => {
    claims.push(pending);
    server.use(
      http.post(`${API}/v3/seller/domains/4/verify`, () => refusal(409, 'conflict', 'record_not_found')),
      http.delete(`${API}/v3/seller/domains/4`, () => HttpResponse.json({ deleted: true })),
    );
    await renderSection();
    fireEvent.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByTestId('domain-4-error')).toHaveTextContent(common.apiReasons.record_not_found);
    expect(refresh).toHaveBeenCalledTimes(1);

    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: t.remove }));
    expect(confirm).toHaveBeenCalledWith(t.confirmRemove.replace('{domain}', pending.domain));
    expect(refresh).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: t.remove }));
    await waitFor(() => expect(screen.getByTestId('domain-4-done')).toHaveTextContent(pending.domain));
    expect(refresh).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });
});
