import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { prepareDownload } from '@/lib/downloads/downloads';
import { readDownloadToken } from '@/lib/downloads/links';
import { contentDisposition } from '@/lib/http/content-disposition';

// GET /api/v3/downloads/file?t= — the file behind a signed download link: the buyer's stamped
// copy, sent as an attachment that no browser renders in our origin.
export const GET = defineRoute(
  {
    summary: 'Download a file through a signed link',
    description:
      'The link comes from POST v3/downloads/{materialId} or the bought-materials page and works for 10 minutes. The licence is checked again: a refunded material is a 404. 404 link_invalid for a forged, altered or expired link.',
    auth: 'anonymous',
    query: z.object({ t: z.string().max(1000) }),
  },
  async ({ query }) => {
    const link = readDownloadToken(query.t);
    if (!link) throw new AppError('not_found', undefined, { reason: 'link_invalid' });
    const file = await prepareDownload(link.userId, link.materialId);
    return new Response(Buffer.from(file.bytes), {
      headers: {
        'Content-Type': file.mimeType,
        'Content-Disposition': contentDisposition(file.name),
        'Content-Length': String(file.bytes.byteLength),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        // Opened on its own, a file may not run anything or be framed.
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  },
);
