import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema, textSchema } from '@/lib/input/schemas';
import { releaseStagedVersion } from '@/lib/selling/seller-materials';

// POST /api/v3/seller/materials/{id}/versions/release — the staged upload becomes the version
// buyers download; they are told by mail.
export const POST = defineRoute(
  {
    summary: 'Release the staged file of my material as its new version',
    description:
      '`changeNote` (at most 500 characters) says what changed; it is in the mail every buyer gets. Earlier versions stay stored. 409 no_staged_version (upload a file first) or draft_not_released (a draft’s file goes out when it is published).',
    auth: 'seller',
    params: z.object({ materialId: idTextSchema }),
    body: z.strictObject({ changeNote: textSchema(500).default('') }),
  },
  async ({ session, params, body }) => releaseStagedVersion(session.userId, params.materialId, body.changeNote),
);
