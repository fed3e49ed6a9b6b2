import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { unpublishSellerPost } from '@/lib/selling/posts';

// POST /api/v3/seller/posts/{id}/unpublish — takes a published post back to a draft.
export const POST = defineRoute(
  {
    summary: 'Unpublish my blog post',
    description: 'Back to a draft: gone from its page and the author’s blog, kept for its author. 409 for a draft.',
    auth: 'seller',
    params: z.object({ postId: idTextSchema }),
  },
  async ({ session, params }) => unpublishSellerPost(session.userId, params.postId),
);
