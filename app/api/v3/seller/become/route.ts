import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { becomeSeller } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/become?world= — the signed-in user becomes a seller (isSeller,
// becameSellerAt kept from the first time); saying it again changes nothing.
export const POST = defineRoute(
  {
    summary: 'Become a seller',
    description: 'Sets isSeller and becameSellerAt (the first time) and opens the author page. Idempotent.',
    auth: 'user',
    query: z.strictObject({}),
  },
  async ({ session }) => becomeSeller(session.userId),
);
