import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idSchema } from '@/lib/input/schemas';
import { removeFromCart } from '@/lib/commerce/cart';
import { cartOwnerOf, rememberCart } from '@/lib/commerce/cart-request';

const bodySchema = z.object({ material_id: idSchema });

// POST /api/v1/cart/remove — takes a material out of the cart (one that is not there: no change).
export const POST = defineRoute(
  { summary: 'Remove a material from the cart', auth: 'visitor', body: bodySchema },
  async ({ request, world, session, body }) => {
    const cart = await removeFromCart(cartOwnerOf(request, world.code, session?.userId ?? null), body.material_id);
    const response = NextResponse.json({ items: { cart } });
    rememberCart(request, response, cart);
    return response;
  },
);
