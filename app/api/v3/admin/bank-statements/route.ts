import { z } from 'zod';
import { audit } from '@/lib/accounts/impersonation';
import { defineRoute } from '@/lib/api/handler';
import { importStatement, MAX_STATEMENT_LENGTH, parseStatement } from '@/lib/commerce/payments';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/admin/bank-statements — books a bank statement export (CSV text with the columns
// date, amount, reference): every row quoting a pending invoice order's reference with its exact
// total pays that order (what the buyer holds by then, and a cancelled order's transfer, goes to
// their credit); the answer lists what happened to each row.
export const POST = defineRoute(
  {
    summary: 'Import a bank statement (admin)',
    description:
      'CSV with a header line naming date, amount and reference (comma or semicolon separated; amounts like 12.50 or 12,50). Outcomes per row: paid, paid-partly-credited (the buyer held some lines by then: their part went to the buyer’s credit), credited (the order was cancelled, or the buyer held everything: the whole transfer went to their credit), already-paid, no-order-reference, unknown-order, amount-mismatch, not-an-invoice-order, invalid-row. Importing the same statement again pays and credits nothing twice.',
    auth: 'admin',
    body: z.object({ csv: z.string().min(1).max(MAX_STATEMENT_LENGTH) }),
  },
  async ({ request, body, session }) => {
    const results = await importStatement(parseStatement(body.csv));
    await audit({
      actorUserId: session.userId,
      action: 'bank-statement.import',
      ip: clientIp(request),
      details: { rows: results.length, paid: results.filter((r) => r.outcome === 'paid').length },
    });
    return { results };
  },
);
