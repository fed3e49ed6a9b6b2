import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { deleteSellerPost, getSellerPost, postPatchSchema, updateSellerPost } from '@/lib/selling/posts';

const params = z.object({ postId: idTextSchema });

// GET /api/v3/seller/posts/{id} — one of the seller's posts, for the editor.
export const GET = defineRoute(
  {
    summary: 'One of my blog posts, for editing',
    description: 'Title, sanitised body, status and dates. 404 for anyone else’s post.',
    auth: 'seller',
    params,
  },
  async ({ session, params }) => getSellerPost(session.userId, params.postId),
);

// PATCH /api/v3/seller/posts/{id} — saves the title, the body or both.
export const PATCH = defineRoute(
  {
    summary: 'Save the title or body of my blog post',
    description:
      '`title`: one line, at most 160 characters. `body`: author HTML, at most 50,000 characters, stored sanitised (paragraphs, lists, links, and images only from `/media/posts/…`). A published post must keep a title and a text, or the save is refused (400) and nothing changes; its page shows the change at once.',
    auth: 'seller',
    params,
    body: postPatchSchema,
  },
  async ({ session, params, body }) => updateSellerPost(session.userId, params.postId, body),
);

// DELETE /api/v3/seller/posts/{id} — deletes the post and the images only it showed.
export const DELETE = defineRoute(
  {
    summary: 'Delete my blog post',
    description: 'Gone from its page and the author’s blog, with the uploaded images no other post of mine shows.',
    auth: 'seller',
    params,
  },
  async ({ session, params }) => {
    await deleteSellerPost(session.userId, params.postId);
    return { deleted: true };
  },
);
