/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { createApiClient } from '@/lib/api-client/client';
import german from '@/messages/de/cabinet-settings.json';
import { BankDetailsForm } from './bank-details-form';
import { BillingAddressForm } from './billing-address-form';
import { DeleteAccountForm } from './delete-account-form';
import { MySubjectsForm } from './my-subjects-form';

// The forms talk through the one API client; here it goes straight to MSW, without the session.
jest.mock('@/lib/browser-session/browser', () => {
  const client = createApiClient({ baseUrl: 'http://kreide.test/api', getWorld: () => 'de' });
  return { getApiClient: () => client };
});

const API = 'http://kreide.test/api';
const posted: { path: string; body: unknown }[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
});
afterAll(() => server.close());

function record(path: string, answer: (body: unknown) => Response) {
  return http.post(`${API}/${path}`, async ({ request }) => {
    const body = await request.json();
    posted.push({ path, body });
    return answer(body);
  });
}

/** Each test gets its own SWR cache. */
function fresh(children: ReactNode) {
  return render(<SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>);
}

const STORED = {
  full_name: 'Erika Mustermann',
  company: null,
  street: 'Heidestraße 17',
  postal_code: '51147',
  city: 'Köln',
  country_code: 'DE',
  vat_id: null,
  updated_at: '2026-01-01T00:00:00.000Z',
};
const billing = () => (
  <BillingAddressForm
    locale="de-DE"
    defaultCountry="DE"
    loginPath="/de/anmelden"
    texts={{ common: german.common, errors: german.errors, billing: german.billing }}
  />
);

describe('billing address form', () => {
  it('shows a sign-in link instead of the form when the API says 401', async () => {
    server.use(
      http.get(`${API}/v3/addresses/billing`, () =>
        HttpResponse.json({ error: { code: 'unauthorized' } }, { status: 401 }),
      ),
    );
    fresh(billing());
    const link = await screen.findByRole('link', { name: 'Anmelden' });
    expect(link).toHaveAttribute('href', '/de/anmelden');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('loads the stored address, refuses a wrong postal code in the user’s language without sending, then saves', async () => {
    server.use(
      http.get(`${API}/v3/addresses/billing`, () => HttpResponse.json({ billing_address: STORED })),
      record('v3/addresses/billing', (body) =>
        HttpResponse.json({ billing_address: { ...(body as object), updated_at: '2026-02-01T00:00:00.000Z' } }),
      ),
    );
    fresh(billing());
    const postal = await screen.findByLabelText('Postleitzahl');
    expect(postal).toHaveValue('51147');
    expect(screen.getByLabelText('Land')).toHaveValue('DE');

    fireEvent.change(postal, { target: { value: '5114' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Diese Postleitzahl passt nicht zum gewählten Land.')).toBeVisible();
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(postal.getAttribute('aria-describedby')).toContain('billing-postal_code-error');
    expect(postal).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte prüfe die markierten Felder.');
    expect(posted).toEqual([]);

    fireEvent.change(postal, { target: { value: '50667' } });
    fireEvent.change(screen.getByLabelText(/USt-IdNr/), { target: { value: 'de 123 456 789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Gespeichert.'));
    const { updated_at: _updatedAt, ...input } = STORED;
    void _updatedAt;
    expect(posted).toEqual([
      { path: 'v3/addresses/billing', body: { ...input, postal_code: '50667', vat_id: 'DE123456789' } },
    ]);
    expect(screen.getByLabelText(/USt-IdNr/)).toHaveValue('DE123456789');
    expect(postal).not.toHaveAttribute('aria-invalid');
  });

  it('keeps everything typed when saving fails', async () => {
    server.use(
      http.get(`${API}/v3/addresses/billing`, () => HttpResponse.json({ billing_address: null })),
      record('v3/addresses/billing', () => HttpResponse.json({ error: { code: 'internal' } }, { status: 500 })),
    );
    fresh(billing());
    fireEvent.change(await screen.findByLabelText('Vor- und Nachname'), { target: { value: 'Max Muster' } });
    fireEvent.change(screen.getByLabelText('Straße und Hausnummer'), { target: { value: 'Ring 1' } });
    fireEvent.change(screen.getByLabelText('Postleitzahl'), { target: { value: '10115' } });
    fireEvent.change(screen.getByLabelText('Ort'), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByTestId('form-failed')).toHaveTextContent('Deine Eingaben sind noch da');
    expect(screen.getByLabelText('Vor- und Nachname')).toHaveValue('Max Muster');
    expect(screen.getByLabelText('Ort')).toHaveValue('Berlin');
    expect(posted).toHaveLength(1);
  });
});

describe('bank details form', () => {
  const bank = () => (
    <BankDetailsForm
      loginPath="/de/anmelden"
      texts={{ common: german.common, errors: german.errors, bank: german.bank }}
    />
  );

  it('shows a stored IBAN readably and explains a wrong one on its field', async () => {
    server.use(
      http.get(`${API}/v3/bank-details`, () =>
        HttpResponse.json({
          bank_details: {
            account_holder: 'Erika',
            iban: 'DE89370400440532013000',
            bic: 'COBADEFFXXX',
            updated_at: 'x',
          },
        }),
      ),
    );
    fresh(bank());
    const iban = await screen.findByLabelText('IBAN');
    expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
    fireEvent.change(iban, { target: { value: 'DE89 3704 0044 0532 0130 01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByTestId('bank-iban-error')).toHaveTextContent('Diese IBAN ist nicht gültig');
    expect(iban).toHaveValue('DE89 3704 0044 0532 0130 01');
    expect(posted).toEqual([]);
  });

  it('puts the server’s field errors on their fields too', async () => {
    server.use(
      http.get(`${API}/v3/bank-details`, () => HttpResponse.json({ bank_details: null })),
      record('v3/bank-details', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              details: [{ path: 'bic', message: 'Not a valid BIC', code: 'invalid' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    fresh(bank());
    fireEvent.change(await screen.findByLabelText('Kontoinhaber oder Kontoinhaberin'), {
      target: { value: 'Erika Mustermann' },
    });
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'DE89370400440532013000' } });
    fireEvent.change(screen.getByLabelText('BIC'), { target: { value: 'COBADEFF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByTestId('bank-bic-error')).toHaveTextContent('Dieser BIC ist nicht gültig');
    expect(posted).toEqual([
      {
        path: 'v3/bank-details',
        body: { account_holder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFF' },
      },
    ]);
  });
});

describe('my subjects form', () => {
  it('saves the ticked subjects and explains an unknown one', async () => {
    const view = {
      subjects: [
        { id: 1, key: 'math', title: 'Mathematik', selected: true },
        { id: 2, key: 'german', title: 'Deutsch', selected: false },
      ],
      selected_ids: [1],
    };
    server.use(
      http.get(`${API}/v3/user-subjects`, () => HttpResponse.json(view)),
      record('v3/user-subjects', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', details: [{ path: 'subject_ids.1', code: 'unknown_subject' }] } },
          { status: 400 },
        ),
      ),
    );
    fresh(
      <MySubjectsForm
        loginPath="/de/anmelden"
        texts={{ common: german.common, errors: german.errors, subjects: german.subjects }}
      />,
    );
    expect(await screen.findByLabelText('Mathematik')).toBeChecked();
    fireEvent.click(screen.getByLabelText('Deutsch'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(german.subjects.errors.subject_ids.unknown_subject)).toBeVisible();
    expect(posted).toEqual([{ path: 'v3/user-subjects', body: { subject_ids: [1, 2] } }]);
    expect(screen.getByLabelText('Deutsch')).toBeChecked();
  });
});

describe('delete account form', () => {
  const form = () => (
    <DeleteAccountForm
      exportUrl="/api/v3/account/export?world=de"
      homePath="/de"
      loginPath="/de/anmelden"
      texts={{ common: german.common, errors: german.errors, delete: german.delete }}
    />
  );

  it('offers the export, wants the tick and the password, shows a wrong password on its field, then deletes', async () => {
    let attempts = 0;
    server.use(
      http.get(`${API}/v3/account/delete`, () => HttpResponse.json({ confirm_with: 'password', allowed: true })),
      record('v3/account/delete', () =>
        ++attempts === 1
          ? HttpResponse.json(
              { error: { code: 'forbidden', details: [{ path: 'password', code: 'wrong_password' }] } },
              { status: 403 },
            )
          : HttpResponse.json({ deleted: true }),
      ),
    );
    localStorage.setItem('kreide_logged_in', '1');
    fresh(form());
    expect(await screen.findByRole('link', { name: 'Meine Daten herunterladen (JSON)' })).toHaveAttribute(
      'href',
      '/api/v3/account/export?world=de',
    );
    const password = screen.getByLabelText('Dein Passwort');
    fireEvent.change(password, { target: { value: 'falsch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
    expect(await screen.findByText('Bitte bestätige, dass du dein Konto löschen möchtest.')).toBeVisible();
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByLabelText('Ich möchte mein Konto endgültig löschen.'));
    fireEvent.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
    expect(await screen.findByText('Das Passwort ist nicht richtig.')).toBeVisible();
    expect(password).toHaveValue('falsch');

    fireEvent.change(password, { target: { value: 'richtig' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
    expect(await screen.findByTestId('account-deleted')).toHaveTextContent('Dein Konto wurde gelöscht.');
    expect(posted.map((p) => p.body)).toEqual([{ password: 'falsch' }, { password: 'richtig' }]);
    expect(localStorage.getItem('kreide_logged_in')).toBeNull();
  });

  it('asks a provider-only account for its e-mail address', async () => {
    server.use(http.get(`${API}/v3/account/delete`, () => HttpResponse.json({ confirm_with: 'email', allowed: true })));
    fresh(form());
    expect(await screen.findByLabelText('Deine E-Mail-Adresse')).toBeVisible();
    expect(screen.queryByLabelText('Dein Passwort')).toBeNull();
  });
});
