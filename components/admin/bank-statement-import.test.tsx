/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient } from '@/lib/api-client/client';
import german from '@/messages/de/admin.json';
import { BankStatementImport, type StatementResult } from './bank-statement-import';

// The import talks through the one API client; here it goes straight to MSW, without the session.
jest.mock('@/lib/browser-session/browser', () => {
  const client = createApiClient({ baseUrl: 'http://kreide.test/api', getWorld: () => 'de' });
  return { getApiClient: () => client };
});

const API = 'http://kreide.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const CSV = 'Datum;Betrag;Verwendungszweck\n2026-11-20;24,90;K-ABCDEFGH23';

function view(maxLength = 1000) {
  return render(
    <BankStatementImport
      texts={{ bankStatements: german.bankStatements, errors: german.errors }}
      maxLength={maxLength}
      ordersPath="/de/verwaltung/bestellungen"
      loginPath="/de/anmelden"
    />,
  );
}

describe('bank statement import (admin)', () => {
  it('reads the chosen file into the text, posts it and shows every row’s outcome translated', async () => {
    const sent: unknown[] = [];
    const results: StatementResult[] = [
      { line: 2, reference: 'K-ABCDEFGH23', outcome: 'paid', orderId: 12 },
      { line: 3, reference: 'K-ABCDEFGH24', outcome: 'amount-mismatch', orderId: 13 },
      { line: 4, reference: null, outcome: 'no-order-reference', orderId: null },
      { line: 5, reference: 'K-ZZZZZZZZZZ', outcome: 'unknown-order', orderId: null },
    ];
    server.use(
      http.post(`${API}/v3/admin/bank-statements`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ results });
      }),
    );
    view();
    const file = new File([CSV], 'umsaetze.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV-Datei'), { target: { files: [file] } });
    expect(
      await screen.findByText('umsaetze.csv geladen: Prüfe den Text unten und importiere ihn dann.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Text des Auszugs (CSV)')).toHaveValue(CSV);

    fireEvent.click(screen.getByRole('button', { name: 'Auszug importieren' }));
    const table = await screen.findByTestId('statement-results');
    expect(sent).toEqual([{ csv: CSV }]);
    expect(within(table).getByText('Zeilen: 4. Bezahlte Bestellungen: 1.')).toBeInTheDocument();
    const rows = within(table).getAllByTestId('statement-row');
    expect(rows[0]).toHaveTextContent(german.bankStatements.outcomes.paid);
    expect(within(rows[0]!).getByRole('link', { name: 'K-ABCDEFGH23' })).toHaveAttribute(
      'href',
      '/de/verwaltung/bestellungen?q=K-ABCDEFGH23',
    );
    expect(rows[1]).toHaveTextContent(german.bankStatements.outcomes['amount-mismatch']);
    expect(rows[2]).toHaveTextContent(german.bankStatements.outcomes['no-order-reference']);
    // A reference no order has is shown, but links nowhere.
    expect(within(rows[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('K-ZZZZZZZZZZ');
  });

  it('takes pasted text, and explains a statement without the header and an empty one', async () => {
    server.use(
      http.post(`${API}/v3/admin/bank-statements`, () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'x', details: [{ path: 'file', message: 'x' }] } },
          { status: 400 },
        ),
      ),
    );
    view();
    fireEvent.click(screen.getByRole('button', { name: 'Auszug importieren' }));
    expect(screen.getByRole('alert')).toHaveTextContent(german.bankStatements.empty);

    const text = screen.getByLabelText('Text des Auszugs (CSV)');
    fireEvent.change(text, { target: { value: 'a,b\n1,2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Auszug importieren' }));
    expect(await screen.findByText(german.bankStatements.invalid)).toBeInTheDocument();
    // The text stays for correcting.
    expect(text).toHaveValue('a,b\n1,2');
  });

  it('refuses a file longer than the API takes before sending it', async () => {
    view(10);
    const file = new File([CSV], 'gross.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV-Datei'), { target: { files: [file] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Auszug hat mehr als 10 Zeichen. Teile ihn und importiere die Teile nacheinander.',
    );
    expect(screen.getByLabelText('Text des Auszugs (CSV)')).toHaveValue('');
  });

  it('says when the rows of a statement are missing, and when the session has ended', async () => {
    server.use(http.post(`${API}/v3/admin/bank-statements`, () => HttpResponse.json({ results: [] })));
    const { unmount } = view();
    fireEvent.change(screen.getByLabelText('Text des Auszugs (CSV)'), { target: { value: 'date,amount,reference' } });
    fireEvent.click(screen.getByRole('button', { name: 'Auszug importieren' }));
    expect(await screen.findByText(german.bankStatements.noRows)).toBeInTheDocument();
    unmount();

    server.use(
      http.post(`${API}/v3/admin/bank-statements`, () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'x', details: null } }, { status: 401 }),
      ),
    );
    view();
    fireEvent.change(screen.getByLabelText('Text des Auszugs (CSV)'), { target: { value: CSV } });
    fireEvent.click(screen.getByRole('button', { name: 'Auszug importieren' }));
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de/anmelden');
  });
});
