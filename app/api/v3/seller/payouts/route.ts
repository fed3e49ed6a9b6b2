import { defineRoute } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { listSellerPayouts } from '@/lib/selling/payouts';

// GET /api/v3/seller/payouts — the seller's monthly payouts with their credit notes, newest first.
export const GET = defineRoute(
  {
    summary: "The seller's payouts and credit notes",
    description:
      'Each with id, period (YYYY-MM), currency, amount (minor units), status (paid; carried_over: below the minimum or not positive, added to the next month; held_no_bank_details; held_unsupported_currency: no payout method for the currency yet) and creditNote (id, number, issuedAt, total) when paid. The PDF is at v3/seller/credit-notes/{id}/pdf.',
    auth: 'seller',
  },
  async ({ session }) => ({ payouts: await listSellerPayouts(getDb(), session.userId) }),
);
