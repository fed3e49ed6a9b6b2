import { defineRoute } from '@/lib/api/handler';
import { listBuyerInvoices } from '@/lib/commerce/invoices';
import { getDb } from '@/lib/db/client';

// GET /api/v3/invoices — the signed-in buyer's invoices and cancellation invoices, newest first.
export const GET = defineRoute(
  {
    summary: 'My invoices',
    description:
      'Each with id, kind (invoice, cancellation), number (gapless per series and year), issuedAt, orderReference, total and currency (minor units). The PDF is at v3/invoices/{id}/pdf.',
    auth: 'user',
  },
  async ({ session }) => ({ invoices: await listBuyerInvoices(getDb(), session.userId) }),
);
