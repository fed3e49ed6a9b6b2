import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { MAX_PREVIEW_PAGES } from '@/lib/selling/previews';
import { readPreviewImage } from '@/lib/selling/seller-materials';

// GET /api/v3/seller/materials/{materialId}/previews/{position} — one rendered preview image of
// my material, shown or not (the seller chooses from all of them; admins see them too).
export const GET = defineRoute(
  {
    summary: 'A rendered preview image of my material (WebP), shown or not',
    description:
      'Position 0 is the cover’s page rendition, 1 to 30 the rendered pages. For the material’s seller and admins only: anyone else, and anyone not signed in, gets 404 preview_not_found, as for an unknown material or position. `v` only tells renderings apart for the browser. Never cached anywhere.',
    auth: 'visitor',
    params: z.object({
      materialId: idTextSchema,
      position: z
        .string()
        .regex(/^(0|[1-9]\d?)$/, 'Expected a page position')
        .transform(Number)
        .pipe(z.number().max(MAX_PREVIEW_PAGES)),
    }),
    query: z.object({
      v: z
        .string()
        .regex(/^\d{1,12}$/)
        .optional(),
    }),
  },
  async ({ session, params }) => {
    const image = await readPreviewImage(
      { userId: session?.userId ?? null, impersonated: Boolean(session?.impersonatorUserId) },
      params.materialId,
      params.position,
    );
    return new Response(new Uint8Array(image), {
      headers: {
        'Content-Type': 'image/webp',
        'Content-Length': String(image.length),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  },
);
