/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { CART_COUNT_EVENT } from '@/lib/commerce/cart-count';
import { LOGGED_IN_KEY } from '@/lib/browser-session/storage';
import { CartLink } from './cart-link';

const get = jest.fn();
jest.mock('@/lib/browser-session/browser', () => ({ getApiClient: () => ({ get }) }));

function setCookie(value: string) {
  document.cookie = value;
}

const props = { world: 'de', href: '/de/warenkorb', label: 'Warenkorb', countLabel: '{count} im Warenkorb' };

beforeEach(() => {
  get.mockReset();
  localStorage.clear();
  setCookie('c_n_de=; max-age=0');
});

describe('CartLink', () => {
  it('asks nothing for an anonymous visitor without a cart and shows no count', async () => {
    render(<CartLink {...props} />);
    await act(async () => undefined);
    expect(get).not.toHaveBeenCalled();
    expect(screen.getByTestId('header-cart')).toHaveTextContent(/^Warenkorb$/);
  });

  it('shows the hint at once, then the count of the cart view', async () => {
    setCookie('c_n_de=2');
    get.mockResolvedValue({ items: { cart: { cartItems: [1, 2, 3] } } });
    render(<CartLink {...props} />);
    await waitFor(() => expect(screen.getByLabelText('3 im Warenkorb')).toHaveTextContent('3'));
    expect(get).toHaveBeenCalledWith('v1/cart/view');
  });

  it('asks for a signed-in visitor’s cart even without a hint (it may have been filled elsewhere)', async () => {
    localStorage.setItem(LOGGED_IN_KEY, '1');
    get.mockResolvedValue({ items: { cart: { cartItems: [1] } } });
    render(<CartLink {...props} />);
    await waitFor(() => expect(screen.getByLabelText('1 im Warenkorb')).toBeInTheDocument());
  });

  it('stays silent when the cart cannot be loaded', async () => {
    setCookie('c_n_de=1');
    get.mockRejectedValue(new Error('503'));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<CartLink {...props} />);
    await act(async () => undefined);
    expect(get).toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('follows the add-to-cart button without a request', async () => {
    render(<CartLink {...props} />);
    await act(async () => {
      setCookie('c_n_de=4');
      window.dispatchEvent(new Event(CART_COUNT_EVENT));
    });
    expect(screen.getByLabelText('4 im Warenkorb')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});
