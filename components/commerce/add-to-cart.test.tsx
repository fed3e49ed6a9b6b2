/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HTTPError, type NormalizedOptions } from 'ky';
import { LOGGED_IN_KEY } from '@/lib/browser-session/storage';
import type { BuyerMaterialState } from '@/lib/commerce/buyer-states';
import { AddToCart, type AddToCartTexts } from './add-to-cart';

const get = jest.fn();
const post = jest.fn();
jest.mock('@/lib/browser-session/browser', () => ({ getApiClient: () => ({ get, post }) }));

const texts: AddToCartTexts = {
  add: 'In den Warenkorb',
  addSchool: 'Schullizenz in den Warenkorb',
  upgrade: 'Upgrade auf Schullizenz',
  adding: 'Wird hinzugefügt …',
  added: 'Im Warenkorb',
  goToCart: 'Zum Warenkorb',
  failed: 'Das hat nicht geklappt.',
  owned: 'Du besitzt dieses Material.',
  download: 'Herunterladen',
  boughtLink: 'Zu deinen gekauften Materialien',
  pendingTransfer: 'Wartet auf deine Überweisung.',
  pendingPayment: 'Wartet auf deine Zahlung.',
  orderLink: 'Zur offenen Bestellung',
  ownMaterial: 'Das ist dein eigenes Material.',
  containsOwned: 'Dieses Paket enthält ein Material, das du schon besitzt.',
};

const props = {
  formAction: '/api/v1/cart/form?world=de',
  cartPath: '/de/warenkorb',
  boughtPath: '/de/konto/gekaufte-materialien',
  orderPath: '/de/bestellbestaetigung',
  materialId: 7,
  texts,
};

const nothing: BuyerMaterialState = {
  material_id: 7,
  licence: null,
  download_url: null,
  pending_order: null,
  own_material: false,
  refused: { single: null, school: null },
};

/** A refusal of the API in its error shape, as ky throws it. */
function refusal(status: number, code: string, message: string, details: unknown) {
  const request = new Request('http://localhost/api/v1/cart/add');
  const response = new Response(JSON.stringify({ error: { code, message, details } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
  return new HTTPError(response, request, {} as NormalizedOptions);
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  localStorage.clear();
});

async function signedInWith(state: Partial<BuyerMaterialState> | null) {
  localStorage.setItem(LOGGED_IN_KEY, '1');
  get.mockResolvedValue({ items: state ? [{ ...nothing, ...state }] : [] });
  render(<AddToCart {...props} />);
  await waitFor(() => expect(get).toHaveBeenCalledWith('v3/materials/my-licences', { searchParams: { ids: 7 } }));
  await act(async () => undefined);
}

describe('AddToCart: what the signed-in buyer already has', () => {
  it('asks nothing for an anonymous visitor and offers both licences', async () => {
    render(<AddToCart {...props} />);
    await act(async () => undefined);
    expect(get).not.toHaveBeenCalled();
    expect(screen.getByTestId('add-single')).toHaveTextContent('In den Warenkorb');
    expect(screen.getByTestId('add-school')).toHaveTextContent('Schullizenz in den Warenkorb');
    expect(screen.queryByTestId('buyer-state')).toBeNull();
  });

  it('offers both licences to a signed-in buyer with nothing to say', async () => {
    await signedInWith(null);
    expect(screen.getByTestId('add-single')).toBeInTheDocument();
    expect(screen.getByTestId('add-school')).toBeInTheDocument();
    expect(screen.queryByTestId('buyer-state')).toBeNull();
  });

  it('says a single licence is owned, links to its download, and keeps only the school upgrade', async () => {
    await signedInWith({
      licence: 'single',
      download_url: '/api/v3/downloads/file?t=abc',
      refused: { single: 'already_owned', school: null },
    });
    expect(await screen.findByTestId('buyer-state')).toHaveTextContent('Du besitzt dieses Material.');
    expect(screen.getByTestId('owned-download')).toHaveAttribute('href', '/api/v3/downloads/file?t=abc');
    expect(screen.getByTestId('owned-link')).toHaveAttribute('href', '/de/konto/gekaufte-materialien');
    expect(screen.queryByTestId('add-single')).toBeNull();
    expect(screen.getByTestId('add-school')).toHaveTextContent('Upgrade auf Schullizenz');
  });

  it('offers nothing more for a school licence (held through a bundle: no download of its own)', async () => {
    await signedInWith({ licence: 'school', refused: { single: 'already_owned', school: 'already_owned' } });
    expect(await screen.findByTestId('buyer-state')).toHaveTextContent('Du besitzt dieses Material.');
    expect(screen.queryByTestId('owned-download')).toBeNull();
    expect(screen.getByTestId('owned-link')).toBeInTheDocument();
    expect(screen.queryByTestId('add-single')).toBeNull();
    expect(screen.queryByTestId('add-school')).toBeNull();
  });

  it.each([
    ['invoice', 'Wartet auf deine Überweisung.'],
    ['card', 'Wartet auf deine Zahlung.'],
  ] as const)('links to the unpaid %s order instead of offering the material again', async (provider, text) => {
    await signedInWith({
      pending_order: { id: 42, reference: 'K-ABCDEFGHIJ', provider },
      refused: { single: 'order_pending', school: 'order_pending' },
    });
    expect(await screen.findByTestId('buyer-state')).toHaveTextContent(text);
    expect(screen.getByTestId('pending-order-link')).toHaveAttribute('href', '/de/bestellbestaetigung/42');
    expect(screen.queryByTestId('add-single')).toBeNull();
    expect(screen.queryByTestId('add-school')).toBeNull();
  });

  it('tells a seller it is their own material', async () => {
    await signedInWith({ own_material: true, refused: { single: 'own_material', school: 'own_material' } });
    expect(await screen.findByTestId('buyer-state')).toHaveTextContent('Das ist dein eigenes Material.');
    expect(screen.queryByTestId('add-single')).toBeNull();
  });

  it('says a bundle holds an owned material and offers what is still open', async () => {
    await signedInWith({ refused: { single: 'bundle_contains_owned', school: null } });
    expect(await screen.findByTestId('buyer-state')).toHaveTextContent(texts.containsOwned);
    expect(screen.getByTestId('owned-link')).toBeInTheDocument();
    expect(screen.queryByTestId('add-single')).toBeNull();
    expect(screen.getByTestId('add-school')).toHaveTextContent('Schullizenz in den Warenkorb');
  });

  it('keeps the buttons when the state cannot be loaded', async () => {
    localStorage.setItem(LOGGED_IN_KEY, '1');
    get.mockRejectedValue(new Error('503'));
    render(<AddToCart {...props} />);
    await act(async () => undefined);
    expect(screen.getByTestId('add-single')).toBeInTheDocument();
  });
});

describe('AddToCart: a click', () => {
  it('puts the material into the cart and links to it', async () => {
    post.mockResolvedValue({ items: { cart: {} } });
    render(<AddToCart {...props} />);
    fireEvent.click(screen.getByTestId('add-single'));
    await waitFor(() => expect(screen.getByTestId('add-to-cart-outcome')).toHaveTextContent('Im Warenkorb'));
    expect(post).toHaveBeenCalledWith('v1/cart/add', { material_id: 7, licence: 'single' });
  });

  it.each([
    ['already_owned', 409, {}, 'owned-link', '/de/konto/gekaufte-materialien'],
    ['bundle_contains_owned', 409, {}, 'owned-link', '/de/konto/gekaufte-materialien'],
    ['order_pending', 409, { order_id: 42 }, 'pending-order-link', '/de/bestellbestaetigung/42'],
    ['own_material', 409, {}, null, null],
    ['free_material', 409, {}, null, null],
    ['cart_full', 409, {}, null, null],
    ['material_not_found', 404, {}, null, null],
  ] as const)(
    'names the refusal %s in the API’s words, with the way on',
    async (reason, status, extra, linkId, href) => {
      const message = `Grund: ${reason}`;
      post.mockRejectedValue(refusal(status, status === 404 ? 'not_found' : 'conflict', message, { reason, ...extra }));
      render(<AddToCart {...props} />);
      fireEvent.click(screen.getByTestId('add-single'));
      const outcome = screen.getByTestId('add-to-cart-outcome');
      await waitFor(() => expect(outcome).toHaveTextContent(message));
      expect(outcome).not.toHaveTextContent(texts.failed);
      if (linkId) expect(screen.getByTestId(linkId)).toHaveAttribute('href', href);
      else expect(outcome.querySelector('a')).toBeNull();
    },
  );

  it('names any other refusal in the API’s words too (a cross-site origin, too many tries)', async () => {
    post.mockRejectedValue(refusal(429, 'rate_limited', 'Zu viele Versuche. Bitte warte kurz.', null));
    render(<AddToCart {...props} />);
    fireEvent.click(screen.getByTestId('add-school'));
    await waitFor(() =>
      expect(screen.getByTestId('add-to-cart-outcome')).toHaveTextContent('Zu viele Versuche. Bitte warte kurz.'),
    );
    expect(post).toHaveBeenCalledWith('v1/cart/add', { material_id: 7, licence: 'school' });
  });

  it('says it did not work only when no answer came', async () => {
    post.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<AddToCart {...props} />);
    fireEvent.click(screen.getByTestId('add-single'));
    await waitFor(() => expect(screen.getByTestId('add-to-cart-outcome')).toHaveTextContent(texts.failed));
  });
});
