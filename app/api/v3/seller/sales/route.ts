import { defineRoute } from '@/lib/api/handler';
import { listSellerSales } from '@/lib/selling/sales';
import { materialsPageOf, salesQuerySchema, toSalesFilter } from '@/lib/selling/sales-filter';

// GET /api/v3/seller/sales?from=&to=&orderWorld=&materialId=&page=&materialsPage= — the seller's own
// sales, 50 a page, and downloads per material, 50 materials a page.
export const GET = defineRoute(
  {
    summary: 'My sales, with totals and downloads',
    description:
      'Newest first, 50 a page. `from` and `to` are calendar days (YYYY-MM-DD, UTC, both included) of payment, at most 3 years apart; `orderWorld` is the world the buyer ordered in (`world` stays the language of the answer). Each sale carries the tier recorded at the sale (`tierActivePaidMaterials`, `shareBasisPoints`) and both shares; amounts are minor units of its `currency`. `totals` add up everything the filter matches per currency, `downloads` counts downloads of my materials in the same period: its `total`, and per material (most downloaded first) 50 materials a page (`materialsPage`, with `materialsTotal`). No buyer data: a sale is named by its own number.',
    auth: 'seller',
    query: salesQuerySchema,
  },
  async ({ session, query }) => {
    const sales = await listSellerSales(session.userId, { ...toSalesFilter(query), page: query.page });
    return {
      ...sales,
      downloads: { total: sales.downloads.total, ...materialsPageOf(sales.downloads.materials, query.materialsPage) },
    };
  },
);
