import { defineRoute } from '@/lib/api/handler';
import { sellerEvaluation } from '@/lib/selling/sales';
import { evaluationPeriod, evaluationQuerySchema, materialsPageOf } from '@/lib/selling/sales-filter';

// GET /api/v3/seller/evaluation?from=&to=&materialId=&granularity=&materialsPage= — my figures over time.
export const GET = defineRoute(
  {
    summary: 'My sales, revenue and downloads over time',
    description:
      'Buckets of a `day`, ISO `week` (from Monday) or `month` in UTC, every bucket present: sales (refunded ones included), refunds, revenue (my share of the sales not refunded, per currency, minor units) and downloads; the same per material (most sales first, then downloads), 50 materials a page (`materialsPage`, with `materialsTotal`). `from`/`to` are calendar days, both included, at most 3 years apart; without them the last 30 days.',
    auth: 'seller',
    query: evaluationQuerySchema,
  },
  async ({ session, query }) => {
    const evaluation = await sellerEvaluation(session.userId, {
      ...evaluationPeriod(query),
      materialId: query.materialId,
      granularity: query.granularity,
    });
    return { ...evaluation, ...materialsPageOf(evaluation.materials, query.materialsPage) };
  },
);
