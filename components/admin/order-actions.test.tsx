/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient } from '@/lib/api-client/client';
import { formatPrice } from '@/lib/pricing/format-price';
import german from '@/messages/de/admin.json';
import { OrderActions } from './order-actions';

// The actions talk through the one API client; here it goes straight to MSW, without the session.
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

const texts = { actions: german.orderActions, errors: german.errors };
const LINES = [
  { itemId: 31, title: 'Bruchrechnung Klasse 6', refunded: false },
  { itemId: 32, title: 'Satzglieder üben', refunded: false },
];

function view(props: { status: string; provider?: string; lines?: typeof LINES }) {
  return render(
    <OrderActions
      texts={texts}
      orderId={7}
      status={props.status}
      provider={props.provider ?? 'invoice'}
      total={1250}
      currency="EUR"
      locale="de-DE"
      lines={props.lines ?? LINES}
      loginPath="/de/anmelden"
    />,
  );
}

const refusal = (status: number, code: string, details: unknown) =>
  HttpResponse.json({ error: { code, message: 'x', details } }, { status });

describe('recording the transfer of an invoice purchase', () => {
  it('sends the prefilled total in minor units, says it is recorded and refreshes the page', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/v3/admin/orders/7/payment`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ order: {}, recorded: true });
      }),
    );
    view({ status: 'pending' });
    const amount = screen.getByLabelText('Erhaltener Betrag (EUR)');
    expect(amount).toHaveValue('12,50');
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await screen.findByText(german.orderActions.payment.recorded)).toBeInTheDocument();
    expect(bodies).toEqual([{ amount: 1250 }]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('says so when the order was paid already (nothing recorded twice)', async () => {
    server.use(http.post(`${API}/v3/admin/orders/7/payment`, () => HttpResponse.json({ order: {}, recorded: false })));
    view({ status: 'pending' });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await screen.findByText(german.orderActions.payment.alreadyPaid)).toBeInTheDocument();
  });

  it('refuses a wrong amount with the expected total and keeps what was typed', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/v3/admin/orders/7/payment`, async ({ request }) => {
        bodies.push(await request.json());
        return refusal(409, 'conflict', { reason: 'amount_mismatch', expected: 1250 });
      }),
    );
    view({ status: 'pending' });
    const amount = screen.getByLabelText('Erhaltener Betrag (EUR)');
    fireEvent.change(amount, { target: { value: '12.4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    const alert = await screen.findByRole('alert');
    // The total as the world writes prices (12,50 €, with a no-break space).
    expect(alert.textContent).toBe(
      `Der Betrag ist nicht die Summe der Bestellung von ${formatPrice(1250, 'EUR', 'de-DE')}. Es wurde nichts erfasst.`,
    );
    expect(bodies).toEqual([{ amount: 1240 }]);
    expect(amount).toHaveValue('12.4');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not send an amount it would have to guess', async () => {
    view({ status: 'pending' });
    const amount = screen.getByLabelText('Erhaltener Betrag (EUR)');
    fireEvent.change(amount, { target: { value: '1.250,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await screen.findByText('Gib einen Betrag wie 12,50 ein.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains an order that no longer waits for payment, an ended session and a non-admin', async () => {
    server.use(
      http.post(`${API}/v3/admin/orders/7/payment`, () => refusal(409, 'conflict', { reason: 'order_not_pending' })),
    );
    const { unmount } = view({ status: 'pending' });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(german.orderActions.errors.order_not_pending);
    unmount();

    server.use(http.post(`${API}/v3/admin/orders/7/payment`, () => refusal(401, 'unauthorized', null)));
    const second = view({ status: 'pending' });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de/anmelden');
    second.unmount();

    server.use(http.post(`${API}/v3/admin/orders/7/payment`, () => refusal(403, 'forbidden', null)));
    view({ status: 'pending' });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(german.errors.forbidden);
  });

  it('is offered only for a pending invoice purchase', () => {
    view({ status: 'pending', provider: 'card' });
    expect(screen.queryByRole('button', { name: 'Zahlung erfassen' })).not.toBeInTheDocument();
    expect(screen.getByText(german.orderActions.nothing)).toBeInTheDocument();
  });
});

describe('refunds', () => {
  it('refunds a chosen line to credit after a confirmation, names the cancellation invoice and refreshes', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/v3/admin/orders/7/refund`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ order: {}, refunded: [32], cancellation: { id: 9, number: 'ST-2026-000004' } });
      }),
    );
    view({ status: 'paid' });
    expect(screen.queryByRole('button', { name: 'Zahlung erfassen' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Satzglieder üben'));
    fireEvent.click(screen.getByRole('button', { name: 'Gewählte Positionen erstatten' }));
    const confirm = screen.getByTestId('refund-confirm');
    expect(confirm).toHaveTextContent('1 Position(en) erstatten? Das lässt sich nicht rückgängig machen.');
    expect(bodies).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ja, erstatten' }));
    expect(
      await screen.findByText('Erstattete Positionen: 1. Stornorechnung ST-2026-000004 ausgestellt.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ items: [32], to: 'credit' }]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refunds the whole order by the original payment, and a cancel sends nothing', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/v3/admin/orders/7/refund`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          order: {},
          refunded: [31, 32],
          cancellation: null,
          money_back: { amount: 2598, by: 'card' },
        });
      }),
    );
    view({ status: 'paid' });
    fireEvent.click(screen.getByRole('button', { name: 'Ganze Bestellung erstatten' }));
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByTestId('refund-confirm')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(german.orderActions.refund.toOriginal));
    fireEvent.click(screen.getByRole('button', { name: 'Ganze Bestellung erstatten' }));
    expect(screen.getByTestId('refund-confirm')).toHaveTextContent('2 Position(en) erstatten?');
    fireEvent.click(screen.getByRole('button', { name: 'Ja, erstatten' }));
    expect(
      await screen.findByText(/^Erstattete Positionen: 2\. 25,98\s€ gehen über Stripe auf die Karte zurück/),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ items: 'all', to: 'original' }]);
  });

  it('asks for a line before refunding chosen lines', () => {
    view({ status: 'paid' });
    fireEvent.click(screen.getByRole('button', { name: 'Gewählte Positionen erstatten' }));
    expect(screen.getByText(german.orderActions.refund.chooseLines)).toBeInTheDocument();
    expect(screen.queryByTestId('refund-confirm')).not.toBeInTheDocument();
  });

  it.each([['order_not_paid'], ['item_not_refundable']] as const)(
    'shows the refusal %s translated and refreshes the page to the current state',
    async (reason) => {
      server.use(http.post(`${API}/v3/admin/orders/7/refund`, () => refusal(409, 'conflict', { reason })));
      view({ status: 'paid' });
      fireEvent.click(screen.getByLabelText('Bruchrechnung Klasse 6'));
      fireEvent.click(screen.getByRole('button', { name: 'Gewählte Positionen erstatten' }));
      fireEvent.click(screen.getByRole('button', { name: 'Ja, erstatten' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(german.orderActions.errors[reason]);
      expect(refresh).toHaveBeenCalledTimes(1);
      // The choice stays, so the admin can see what was asked for.
      expect(screen.getByLabelText('Bruchrechnung Klasse 6')).toBeChecked();
    },
  );

  it('offers only the lines not refunded yet, and nothing once every line is', () => {
    const { unmount } = view({ status: 'paid', lines: [LINES[0]!, { ...LINES[1]!, refunded: true }] });
    expect(screen.getByLabelText('Bruchrechnung Klasse 6')).toBeInTheDocument();
    expect(screen.queryByLabelText('Satzglieder üben')).not.toBeInTheDocument();
    unmount();
    view({ status: 'refunded', lines: LINES.map((line) => ({ ...line, refunded: true })) });
    expect(screen.queryByRole('button', { name: 'Ganze Bestellung erstatten' })).not.toBeInTheDocument();
    expect(screen.getByText(german.orderActions.nothing)).toBeInTheDocument();
  });
});
