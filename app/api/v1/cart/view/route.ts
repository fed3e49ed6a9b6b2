import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { viewCart } from '@/lib/commerce/cart';
import { cartOwnerOf, rememberCart } from '@/lib/commerce/cart-request';

// GET /api/v1/cart/view — the visitor's cart in this world, priced on the server (items.cart).
export const GET = defineRoute(
  {
    summary: 'The cart of this world',
    description:
      'The signed-in user’s cart, or the cart of the X-Cart-Token header (or c_t cookie). Every amount is in minor units of the world’s currency and computed on the server: items, itemsInBundles (materials already inside a bundle in the cart, not charged again), voucher and voucherError, usedCredits, originalPrice, totalVoucherDiscount, finalPrice and the VAT contained.',
    auth: 'visitor',
  },
  async ({ request, world, session }) => {
    const cart = await viewCart(cartOwnerOf(request, world.code, session?.userId ?? null));
    const response = NextResponse.json({ items: { cart } });
    rememberCart(request, response, cart);
    return response;
  },
);
