import { defineRoute } from '@/lib/api/handler';
import { wishlistQuerySchema } from '@/lib/subscriptions/schemas';
import { queryWishlist } from '@/lib/subscriptions/wishlist';

// POST /api/v3/elastic-indexer/wishlist/query — one page of the signed-in user's favourites in the world.
export const POST = defineRoute(
  {
    summary: 'One page of the signed-in user’s favourite materials in the world, with the total',
    description:
      'Only published, not deleted materials of the call’s world (filter.world, isActive and deletedAt may be sent, never widen it). limit ≤ 200; read page 1, then the rest in parallel from total.',
    auth: 'user',
    body: wishlistQuerySchema,
  },
  async ({ session, world, body }) => queryWishlist({ userId: session.userId }, body.filter?.world ?? world.code, body),
);
