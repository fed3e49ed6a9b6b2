import { defineRoute } from '@/lib/api/handler';
import { wishlistQuerySchema } from '@/lib/subscriptions/schemas';
import { ownerOfSession } from '@/lib/subscriptions/subscriptions';
import { queryWishlist } from '@/lib/subscriptions/wishlist';

// POST /api/v3/elastic-indexer/anonymous-wishlist/query — one page of the anonymous visitor's favourites.
export const POST = defineRoute(
  {
    summary: 'One page of the anonymous visitor’s favourite materials in the world, with the total',
    description: 'As the wishlist query, for the client-credentials identity (a signed-in token reads the account’s).',
    auth: 'client',
    body: wishlistQuerySchema,
  },
  async ({ session, world, body }) => queryWishlist(ownerOfSession(session), body.filter?.world ?? world.code, body),
);
