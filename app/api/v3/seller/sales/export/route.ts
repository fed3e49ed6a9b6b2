import { defineRoute } from '@/lib/api/handler';
import { sellerSalesCsv } from '@/lib/selling/sales';
import { isoDay, salesExportQuerySchema, toSalesFilter } from '@/lib/selling/sales-filter';

// GET /api/v3/seller/sales/export?from=&to=&orderWorld=&materialId= — every sale the filter matches as CSV.
export const GET = defineRoute(
  {
    summary: 'My sales as CSV',
    description:
      'The filter of `GET /api/v3/seller/sales` without paging. RFC 4180 with commas, UTF-8 with BOM, CRLF; text quoted and neutralised against spreadsheet formulas (a leading apostrophe before = + - @ tab CR); amounts as decimals with a point in the currency’s exponent; times in UTC.',
    auth: 'seller',
    query: salesExportQuerySchema,
  },
  async ({ session, query }) => {
    const csv = await sellerSalesCsv(session.userId, toSalesFilter(query));
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="kreide-sales-${isoDay(new Date())}.csv"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  },
);
