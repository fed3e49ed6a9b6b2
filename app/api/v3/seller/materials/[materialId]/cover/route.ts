import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { readUploadedFile } from '@/lib/images/upload';
import { MAX_BYTES_BY_KIND } from '@/lib/selling/file-check';
import { uploadCover } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/materials/{id}/cover — multipart `file`: a cover image (PNG, JPEG, WebP)
// instead of the one rendered from the PDF's first page.
export const POST = defineRoute(
  {
    summary: 'Upload a cover image for my material (multipart file)',
    auth: 'seller',
    bodyType: 'upload',
    params: z.object({ materialId: idTextSchema }),
  },
  async ({ request, session, params }) =>
    uploadCover(
      session.userId,
      params.materialId,
      await readUploadedFile(request, { maxBytes: MAX_BYTES_BY_KIND.png }),
    ),
);
