import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { buyerInvoicePdf } from '@/lib/commerce/invoices';
import { getDb } from '@/lib/db/client';
import { contentDisposition } from '@/lib/http/content-disposition';

// GET /api/v3/invoices/{id}/pdf — one of the buyer's invoices as a PDF, in the language it was
// issued in, drawn from the document frozen at issue. Someone else's is a 404 like a missing one.
export const GET = defineRoute(
  {
    summary: 'One of my invoices as PDF',
    description: '404 invoice_not_found for an unknown id or another buyer’s invoice.',
    auth: 'user',
    params: z.object({ id: idTextSchema }),
  },
  async ({ session, params }) => {
    const file = await buyerInvoicePdf(getDb(), session.userId, params.id);
    if (!file) throw new AppError('not_found', undefined, { reason: 'invoice_not_found' });
    return new Response(Buffer.from(file.bytes), {
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
