/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient } from '@/lib/api-client/client';
import german from '@/messages/de/admin.json';
import { VoucherForm, type VoucherWorld } from './voucher-form';

// The form talks through the one API client; here it goes straight to MSW, without the session.
jest.mock('@/lib/browser-session/browser', () => {
  const client = createApiClient({ baseUrl: 'http://kreide.test/api', getWorld: () => 'de' });
  return { getApiClient: () => client };
});

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

const API = 'http://kreide.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  refresh.mockClear();
});
afterAll(() => server.close());

const WORLDS: VoucherWorld[] = [
  { code: 'de', name: 'Deutschland', currency: 'EUR' },
  { code: 'jp', name: '日本', currency: 'JPY' },
];

function view() {
  return render(
    <VoucherForm
      texts={{ vouchers: german.vouchers, errors: german.errors }}
      worlds={WORLDS}
      defaultWorld="de"
      locale="de-DE"
      loginPath="/de/anmelden"
    />,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Gutschein anlegen' }));

describe('the new-voucher form (admin)', () => {
  it('sends every field converted exactly, announces the voucher and refreshes the list', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/v3/admin/vouchers`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ voucher: { code: 'HERBST-25' } }, { status: 201 });
      }),
    );
    view();
    type('Code', 'herbst-25');
    type('Prozent', '12,5');
    type('Mindestbestellwert (EUR) (optional)', '20');
    type('Gültig ab (optional)', '2026-10-01T08:00');
    type('Gültig bis (optional)', '2026-11-01T08:00');
    type('Einlösungen insgesamt (optional)', '100');
    type('Einlösungen je Käufer', '2');
    create();
    expect(await screen.findByText('Gutschein HERBST-25 angelegt.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        code: 'herbst-25',
        world: 'de',
        kind: 'percent',
        percent_basis_points: 1250,
        amount_minor: null,
        minimum_order_minor: 2000,
        valid_from: new Date('2026-10-01T08:00').toISOString(),
        valid_to: new Date('2026-11-01T08:00').toISOString(),
        max_redemptions: 100,
        max_redemptions_per_user: 2,
      },
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    // A saved voucher clears the form for the next one.
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('converts an amount into the minor units of the chosen world’s currency', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/v3/admin/vouchers`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ voucher: { code: 'NIHON' } }, { status: 201 });
      }),
    );
    view();
    type('Code', 'NIHON');
    fireEvent.change(screen.getByLabelText('Welt'), { target: { value: 'jp' } });
    fireEvent.change(screen.getByLabelText('Art'), { target: { value: 'amount' } });
    type('Betrag (JPY)', '500');
    create();
    expect(await screen.findByText('Gutschein NIHON angelegt.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      world: 'jp',
      kind: 'amount',
      percent_basis_points: null,
      amount_minor: 500,
      minimum_order_minor: 0,
      valid_from: null,
      valid_to: null,
      max_redemptions: null,
    });
  });

  it('shows the API’s field errors next to their fields and keeps everything typed', async () => {
    server.use(
      http.post(`${API}/v3/admin/vouchers`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'x',
              details: [
                { path: 'code', message: 'Invalid string', code: 'invalid' },
                { path: 'valid_to', message: 'valid_to must come after valid_from', code: 'invalid' },
                { path: 'max_redemptions_per_user', message: 'Too big', code: 'tooLong' },
              ],
            },
          },
          { status: 400 },
        ),
      ),
    );
    view();
    type('Code', 'ÄÖÜ');
    type('Prozent', '10');
    type('Gültig ab (optional)', '2026-11-01T08:00');
    type('Gültig bis (optional)', '2026-10-01T08:00');
    type('Einlösungen je Käufer', '5000');
    create();
    expect(await screen.findByTestId('voucher-code-error')).toHaveTextContent(german.vouchers.fieldErrors.invalid);
    expect(screen.getByTestId('voucher-valid_to-error')).toHaveTextContent(german.vouchers.fieldErrors.valid_to);
    expect(screen.getByTestId('voucher-max_redemptions_per_user-error')).toHaveTextContent(
      german.vouchers.fieldErrors.tooLong,
    );
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(german.vouchers.form.fixErrors);
    expect(screen.getByLabelText('Code')).toHaveValue('ÄÖÜ');
    expect(screen.getByLabelText('Prozent')).toHaveValue('10');
    expect(screen.getByLabelText('Gültig bis (optional)')).toHaveValue('2026-10-01T08:00');
    expect(screen.getByLabelText('Einlösungen je Käufer')).toHaveValue('5000');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('says a code is taken, on the code field, and keeps the form', async () => {
    server.use(
      http.post(`${API}/v3/admin/vouchers`, () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: 'x', details: { reason: 'voucher_code_taken' } } },
          { status: 409 },
        ),
      ),
    );
    view();
    type('Code', 'KREIDE10');
    type('Prozent', '10');
    create();
    expect(await screen.findByTestId('voucher-code-error')).toHaveTextContent(german.vouchers.form.codeTaken);
    expect(screen.getByLabelText('Code')).toHaveValue('KREIDE10');
  });

  it('marks what it cannot convert without asking the API, and keeps the other kind’s value', () => {
    view();
    type('Code', 'X-1');
    type('Prozent', '12,505');
    type('Einlösungen je Käufer', '');
    create();
    expect(screen.getByTestId('voucher-percent_basis_points-error')).toHaveTextContent(
      german.vouchers.fieldErrors.invalid,
    );
    expect(screen.getByTestId('voucher-max_redemptions_per_user-error')).toHaveTextContent(
      german.vouchers.fieldErrors.required,
    );
    fireEvent.change(screen.getByLabelText('Art'), { target: { value: 'amount' } });
    fireEvent.change(screen.getByLabelText('Art'), { target: { value: 'percent' } });
    expect(screen.getByLabelText('Prozent')).toHaveValue('12,505');
  });

  it('asks a signed-out admin to sign in again', async () => {
    server.use(
      http.post(`${API}/v3/admin/vouchers`, () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'x', details: null } }, { status: 401 }),
      ),
    );
    view();
    type('Code', 'X-1');
    type('Prozent', '5');
    create();
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de/anmelden');
  });
});
