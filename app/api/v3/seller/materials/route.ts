import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { listSellerMaterials } from '@/lib/selling/seller-materials';

// GET /api/v3/seller/materials?status=&page= — the seller's own materials, drafts included.
export const GET = defineRoute(
  {
    summary: "The seller's own materials",
    description: 'Newest change first, 50 a page; `status` filters drafts, published or unpublished ones.',
    auth: 'seller',
    query: z.strictObject({
      status: z.enum(['draft', 'published', 'unpublished']).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
    }),
  },
  async ({ session, query }) => listSellerMaterials(session.userId, query),
);
