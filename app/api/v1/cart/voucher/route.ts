import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { textSchema } from '@/lib/input/schemas';
import { setCartVoucher } from '@/lib/commerce/cart';
import { cartOwnerOf, rememberCart } from '@/lib/commerce/cart-request';

const bodySchema = z.object({ code: textSchema(60).nullable() });

// POST /api/v1/cart/voucher — puts a voucher code on the cart (null takes it off). A code that
// cannot be used stays on the cart with voucherError, so the buyer sees why; no price changes.
export const POST = defineRoute(
  {
    summary: 'Apply or remove a voucher code',
    description:
      'voucherError codes: unknown, other-world, not-yet-valid, expired, used-up, already-used, minimum-order, other-currency, not-applicable (only fixed-price materials), with the message in the world’s language under voucherErrorMessage.',
    auth: 'visitor',
    body: bodySchema,
  },
  async ({ request, world, session, body }) => {
    const { cart } = await setCartVoucher(cartOwnerOf(request, world.code, session?.userId ?? null), body.code);
    const response = NextResponse.json({ items: { cart } });
    rememberCart(request, response, cart);
    return response;
  },
);
