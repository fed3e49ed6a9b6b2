import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idOrIdTextSchema, textSchema } from '@/lib/input/schemas';
import { addToCart, removeFromCart, setCartCredits, setCartVoucher, type CartView } from '@/lib/commerce/cart';
import {
  CART_FORM_ACTIONS,
  cartFormQuery,
  cartFormRefusalOf,
  SCRIPTED_FORM_HEADER,
  type CartFormError,
} from '@/lib/commerce/cart-form';
import { cartOwnerOf, rememberCart } from '@/lib/commerce/cart-request';
import { pathFor } from '@/lib/routing/localized-routes';

const bodySchema = z.object({
  action: z.enum(CART_FORM_ACTIONS),
  material_id: idOrIdTextSchema.optional(),
  licence: z.enum(['single', 'school']).default('single'),
  code: textSchema(60).optional(),
});

// POST /api/v1/cart/form — the cart's actions as plain form posts, for a page whose scripts have
// not arrived (or never will). The cart token travels in the c_t cookie. Answers 303 to the
// world's cart page with a notice or an error word the page translates; the target is built from
// the routing table, never from the request.
export const POST = defineRoute(
  {
    summary: 'Change the cart from an HTML form',
    description:
      'application/x-www-form-urlencoded: action (add, remove, voucher, remove-voucher, use-credits, drop-credits), material_id for add and remove, licence (single, school) for add, code for voucher. Answers 303 to the cart page of the world with ?notice=added|removed|voucher|voucher-removed|credits|credits-removed, or ?error= material_not_found, free_material, own_material, already_owned, bundle_contains_owned, order_pending (with &order= the unpaid order holding it), cart_full, sign_in_required (credit needs a signed-in buyer) or invalid. Prices sent in the form are ignored. With the header X-Kreide-Form: fetch (the cart page’s script) the answer is 200 with { location }, the same page, instead of the 303.',
    auth: 'visitor',
    bodyType: 'form',
    body: bodySchema,
    successStatus: 303,
  },
  async ({ request, world, session, body }) => {
    const owner = cartOwnerOf(request, world.code, session?.userId ?? null);
    let cart: CartView | null = null;
    let error: CartFormError | null = null;
    let pendingOrderId: number | null = null;
    try {
      switch (body.action) {
        case 'add':
          if (body.material_id === undefined) error = 'invalid';
          else cart = (await addToCart(owner, body.material_id, body.licence)).cart;
          break;
        case 'remove':
          if (body.material_id === undefined) error = 'invalid';
          else cart = await removeFromCart(owner, body.material_id);
          break;
        case 'voucher':
        case 'remove-voucher': {
          const code = body.action === 'voucher' && body.code ? body.code : null;
          cart = (await setCartVoucher(owner, code)).cart;
          break;
        }
        case 'use-credits':
        case 'drop-credits':
          if (owner.userId === null) error = 'sign_in_required';
          else
            cart = await setCartCredits(
              { ...owner, userId: owner.userId },
              body.action === 'use-credits' ? 'all' : null,
            );
          break;
      }
    } catch (caught) {
      ({ error, orderId: pendingOrderId } = cartFormRefusalOf(caught));
    }
    const location =
      pathFor(world.code, 'cart') + cartFormQuery(error ? { error, orderId: pendingOrderId } : { action: body.action });
    // The cart page's script submits the same form and shows the page it is told in place.
    const response =
      request.headers.get(SCRIPTED_FORM_HEADER) === 'fetch'
        ? NextResponse.json({ location })
        : new NextResponse(null, { status: 303, headers: { Location: location } });
    if (cart) rememberCart(request, response, cart);
    return response;
  },
);
