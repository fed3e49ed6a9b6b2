import { NextResponse } from 'next/server';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idOrIdTextSchema } from '@/lib/input/schemas';
import { claimFreeMaterial, materialPagePath } from '@/lib/commerce/checkout';
import { pathFor } from '@/lib/routing/localized-routes';

// POST /api/v3/orders/free/form — the free-download button of a material page as a plain form
// post (the cached page is the same for everyone, so it cannot know who clicks). A signed-in
// teacher gets the licence and lands on their bought materials, where the download waits; a
// visitor is sent to sign in first and back to the material. Targets come from the routing table.
export const POST = defineRoute(
  {
    summary: 'Take a free material from its page’s form',
    description:
      'application/x-www-form-urlencoded: material_id. 303 to the bought-materials page of the world (signed in), or to the login page with the material page as next (anonymous). 404 material_not_found; 409 not_free.',
    auth: 'visitor',
    bodyType: 'form',
    body: z.object({ material_id: idOrIdTextSchema }),
    successStatus: 303,
  },
  async ({ session, world, body }) => {
    const materialPath = await materialPagePath(world.code, body.material_id);
    if (!materialPath) throw new AppError('not_found', undefined, { reason: 'material_not_found' });
    const userId = session?.userId ?? null;
    if (userId === null) {
      const login = `${pathFor(world.code, 'login')}?next=${encodeURIComponent(materialPath)}`;
      return new NextResponse(null, { status: 303, headers: { Location: login } });
    }
    await claimFreeMaterial(userId, world.code, body.material_id);
    return new NextResponse(null, { status: 303, headers: { Location: pathFor(world.code, 'cabinet-bought') } });
  },
);
