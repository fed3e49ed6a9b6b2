import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { readUploadedFileWithName } from '@/lib/images/upload';
import { MAX_BYTES_BY_KIND } from '@/lib/selling/file-check';
import { uploadMainFile } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/materials/upload?world=&materialId= — multipart `file`: a material's main
// file, checked by its content. Without materialId it starts a draft in the world (first upload).
/** The largest file of any accepted type; the type's own limit is checked once it is known. */
const MAX_UPLOAD_BYTES = Math.max(...Object.values(MAX_BYTES_BY_KIND));

export const POST = defineRoute(
  {
    summary: "Upload a material's main file (multipart file)",
    description:
      'PDF, DOCX, PPTX, XLSX, PNG, JPEG, WebP or ZIP, recognised by content; the size limit depends on the type. Without `materialId` a new draft is made in `world`. A draft’s file is replaced; a published material’s upload is staged as its next version. A PDF gets previews rendered in the background (`previews.status`). 415 for other types, macros and PDFs with active content (scripts, launch actions, embedded files, actions that run by themselves, forms that send data, rich media, XFA; `details.kinds` names them), 422 for encrypted or broken files, 413 when too large; 404 for a material that is not yours.',
    auth: 'seller',
    bodyType: 'upload',
    successStatus: 201,
    query: z.strictObject({ materialId: idTextSchema.optional() }),
  },
  async ({ request, session, query, world }) => {
    const { bytes, name } = await readUploadedFileWithName(request, { maxBytes: MAX_UPLOAD_BYTES });
    const material = await uploadMainFile({
      sellerId: session.userId,
      materialId: query.materialId ?? null,
      world: world.code,
      bytes,
      fileName: name,
    });
    // A first upload creates the draft; a later one changes it.
    return query.materialId ? material : Response.json(material, { status: 201 });
  },
);
