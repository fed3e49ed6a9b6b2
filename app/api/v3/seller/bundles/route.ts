import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { createBundle } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/bundles?world= — starts a bundle draft of the seller's own materials.
export const POST = defineRoute(
  {
    summary: 'Start a bundle of my materials',
    description:
      'A bundle draft in `world`; choose its materials with PUT …/bundle-items, then fill in the steps as for any material.',
    auth: 'seller',
    query: z.strictObject({}),
    successStatus: 201,
  },
  async ({ session, world }) => Response.json(await createBundle(session.userId, world.code), { status: 201 }),
);
