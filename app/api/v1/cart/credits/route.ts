import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { setCartCredits } from '@/lib/commerce/cart';
import { cartOwnerOf, rememberCart } from '@/lib/commerce/cart-request';
import { MAX_AMOUNT_MINOR } from '@/lib/money/money';

const bodySchema = z.object({
  credits: z.union([z.literal('all'), z.number().int().min(1).max(MAX_AMOUNT_MINOR), z.null()]),
});

// POST /api/v1/cart/credits — how much of the buyer's credit in this world the order spends:
// null for none, 'all', or at most an amount in minor units (never more than the balance).
export const POST = defineRoute(
  { summary: 'Spend credit on the cart', auth: 'user', body: bodySchema },
  async ({ request, world, session, body }) => {
    const cart = await setCartCredits(
      { ...cartOwnerOf(request, world.code, session.userId), userId: session.userId },
      body.credits,
    );
    const response = NextResponse.json({ items: { cart } });
    rememberCart(request, response, cart);
    return response;
  },
);
