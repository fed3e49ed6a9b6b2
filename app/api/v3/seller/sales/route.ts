import { defineRoute } from '@/lib/api/handler';
import { listSellerSales } from '@/lib/selling/sales';
import { salesQuerySchema, toSalesFilter } from '@/lib/selling/sales-filter';

// GET /api/v3/seller/sales?from=&to=&orderWorld=&materialId=&page= — the seller's own sales, 50 a page.
export const GET = defineRoute(
  {
    summary: 'My sales, with totals and downloads',
    description:
      'Newest first, 50 a page. `from` and `to` are calendar days (YYYY-MM-DD, UTC, both included) of payment, at most 3 years apart; `orderWorld` is the world the buyer ordered in (`world` stays the language of the answer). Each sale carries the tier recorded at the sale (`tierActivePaidMaterials`, `shareBasisPoints`) and both shares; amounts are minor units of its `currency`. `totals` add up everything the filter matches per currency, `downloads` counts downloads of my materials in the same period. No buyer data: a sale is named by its own number.',
    auth: 'seller',
    query: salesQuerySchema,
  },
  async ({ session, query }) => listSellerSales(session.userId, { ...toSalesFilter(query), page: query.page }),
);
