import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { getDb } from '@/lib/db/client';
import { contentDisposition } from '@/lib/http/content-disposition';
import { sellerCreditNotePdf } from '@/lib/selling/payouts';

// GET /api/v3/seller/credit-notes/{id}/pdf — one of the seller's self-billing credit notes as a
// PDF, in the language of the seller's world at issue. Someone else's is a 404 like a missing one.
export const GET = defineRoute(
  {
    summary: 'One of my credit notes as PDF',
    description: '404 credit_note_not_found for an unknown id or another seller’s credit note.',
    auth: 'seller',
    params: z.object({ id: idTextSchema }),
  },
  async ({ session, params }) => {
    const file = await sellerCreditNotePdf(getDb(), session.userId, params.id);
    if (!file) throw new AppError('not_found', undefined, { reason: 'credit_note_not_found' });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(file.name),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  },
);
