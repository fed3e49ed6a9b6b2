import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { assertDownloadable } from '@/lib/downloads/downloads';
import { DOWNLOAD_LINK_TTL_MS, downloadUrl } from '@/lib/downloads/links';

// POST /api/v3/downloads/{materialId} — a short-lived link to download a material the buyer
// owns. Someone else's material, or one without a file, is a 404 like a missing one.
export const POST = defineRoute(
  {
    summary: 'A download link for a material I own',
    description:
      'Answers { url, expires_at }: a signed link for this buyer and material, valid for 10 minutes. The file behind it is checked again (an active licence) when it is fetched. 404 not_owned (no active licence: never bought, refunded, someone else’s) or no_file.',
    auth: 'user',
    params: z.object({ materialId: idTextSchema }),
  },
  async ({ session, params }) => {
    await assertDownloadable(session.userId, params.materialId);
    const now = Date.now();
    return {
      url: downloadUrl(session.userId, params.materialId, now),
      expires_at: new Date(now + DOWNLOAD_LINK_TTL_MS).toISOString(),
    };
  },
);
