import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { getDb } from '@/lib/db/client';
import { contentDisposition } from '@/lib/http/content-disposition';
import { payoutRunFile } from '@/lib/selling/payouts';

// GET /api/v3/admin/payout-runs/{id}/file — the run's SEPA credit transfer file (pain.001.001.09)
// to hand to the bank, as an attachment (admins).
export const GET = defineRoute(
  {
    summary: 'The transfer file of a payout run (admin)',
    description: '404 payout_file_not_found for an unknown run or one without paid euro payouts.',
    auth: 'admin',
    params: z.object({ id: idTextSchema }),
  },
  async ({ params }) => {
    const file = await payoutRunFile(getDb(), params.id);
    if (!file) throw new AppError('not_found', undefined, { reason: 'payout_file_not_found' });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': contentDisposition(file.name),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  },
);
