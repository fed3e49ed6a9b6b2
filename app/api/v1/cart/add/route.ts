import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idSchema } from '@/lib/input/schemas';
import { addToCart } from '@/lib/commerce/cart';
import { cartOwnerOf, rememberCart } from '@/lib/commerce/cart-request';

const bodySchema = z.object({
  material_id: idSchema,
  licence: z.enum(['single', 'school']).default('single'),
});

// POST /api/v1/cart/add — puts a material or bundle into the cart; an anonymous visitor without a
// cart token gets one in the answer (items.cart.token) to send as X-Cart-Token from then on.
export const POST = defineRoute(
  {
    summary: 'Add a material to the cart',
    description:
      'Refused with 404 material_not_found (unknown, withdrawn or another world’s material) or 409: free_material (taken without a cart), own_material, already_owned (held with the same or a better licence, also through a bundle), bundle_contains_owned (a bundle with a material held so), order_pending (with order_id: an order of the buyer holding it, the bundle it is in or one of its materials waits for its payment), cart_full. Any price in the body is ignored: only material_id and licence are read. A school licence on a material the buyer owns as a single licence becomes an upgrade for the difference.',
    auth: 'visitor',
    body: bodySchema,
  },
  async ({ request, world, session, body }) => {
    const { cart } = await addToCart(
      cartOwnerOf(request, world.code, session?.userId ?? null),
      body.material_id,
      body.licence,
    );
    const response = NextResponse.json({ items: { cart } });
    rememberCart(request, response, cart);
    return response;
  },
);
