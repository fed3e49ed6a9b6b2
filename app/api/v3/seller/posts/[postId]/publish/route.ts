import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { publishSellerPost } from '@/lib/selling/posts';

// POST /api/v3/seller/posts/{id}/publish — makes a draft public, dated now.
export const POST = defineRoute(
  {
    summary: 'Publish my blog post',
    description:
      'Refused (400, with the fields) without a title or a text. On its page and the author’s blog at once, on every process. Publishing a published post changes nothing.',
    auth: 'seller',
    params: z.object({ postId: idTextSchema }),
  },
  async ({ session, params }) => publishSellerPost(session.userId, params.postId),
);
