import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { createSellerPost, listSellerPosts, postCreateSchema } from '@/lib/selling/posts';

// GET /api/v3/seller/posts?page= — the seller's own blog posts, drafts included.
export const GET = defineRoute(
  {
    summary: "The seller's own blog posts",
    description:
      'Newest change first, 50 a page, drafts included; each with its status and, once published, its public path.',
    auth: 'seller',
    query: z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  },
  async ({ session, query }) => listSellerPosts(session.userId, query),
);

// POST /api/v3/seller/posts?world= — starts a draft in the request's world.
export const POST = defineRoute(
  {
    summary: 'Start a blog post (a draft)',
    description:
      'Optionally with a first `title` (one line, at most 160 characters) and `body` (author HTML, at most 50,000 characters, stored sanitised; images only from `/media/posts/…`). Only its author sees it until it is published.',
    auth: 'seller',
    body: postCreateSchema,
    successStatus: 201,
  },
  async ({ session, world, body }) => {
    const post = await createSellerPost(session.userId, world.code, body);
    return Response.json(post, { status: 201 });
  },
);
