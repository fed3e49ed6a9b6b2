import { defineRoute } from '@/lib/api/handler';
import { availableProviders } from '@/lib/commerce/checkout';
import { viewCart } from '@/lib/commerce/cart';
import { cartOwnerOf } from '@/lib/commerce/cart-request';

// GET /api/v3/payments/options — the ways to pay the cart of this token or user: none to choose
// when nothing is left to pay (the order is free), otherwise invoice, card (when Stripe is set
// up) and the test payment (demo and tests).
export const GET = defineRoute(
  { summary: 'Payment options for the cart', auth: 'visitor' },
  async ({ request, world, session }) => {
    const cart = await viewCart(cartOwnerOf(request, world.code, session?.userId ?? null));
    const providers = cart.cartItems.length === 0 ? [] : cart.finalPrice === 0 ? ['free'] : availableProviders();
    return { providers, finalPrice: cart.finalPrice, currency: cart.currency };
  },
);
