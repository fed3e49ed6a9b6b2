import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { restoreFormQuery } from '@/lib/commerce/cart-form';
import { cartOwnerOf, rememberCart } from '@/lib/commerce/cart-request';
import { restoreCart } from '@/lib/commerce/cart-restore';
import { pathFor } from '@/lib/routing/localized-routes';

const bodySchema = z.object({
  // Checked for its shape by the domain: a malformed token is an invalid link like any other.
  token: z.string().min(1).max(100),
});

// POST /api/v1/cart/restore/form — the "restore cart" button of an abandoned-cart link's page,
// as a plain form post. Copies the reminded cart's lines into the visitor's own cart (the
// signed-in account's, or the c_t cookie's, made when there is none) and answers 303 to the
// world's cart page with a notice or an error word the page translates; the target is built
// from the routing table, never from the request.
export const POST = defineRoute(
  {
    summary: 'Restore a reminded cart into the visitor’s cart from an HTML form',
    description:
      'application/x-www-form-urlencoded: token (from the abandoned-cart link). Copies the lines the reminded buyer could still buy into the visitor’s cart, skipping what the visitor owns, wrote or can no longer buy; prices are the server’s. Answers 303 to the cart page of the world with ?notice=restored or ?notice=restore-empty, or ?error=restore_link_invalid for a malformed, unknown or expired token or one of another world.',
    auth: 'visitor',
    bodyType: 'form',
    body: bodySchema,
    successStatus: 303,
  },
  async ({ request, world, session, body }) => {
    const owner = cartOwnerOf(request, world.code, session?.userId ?? null);
    const restored = await restoreCart(owner, body.token);
    const response = new NextResponse(null, {
      status: 303,
      headers: { Location: pathFor(world.code, 'cart') + restoreFormQuery(restored.outcome) },
    });
    if (restored.cart) rememberCart(request, response, restored.cart);
    return response;
  },
);
