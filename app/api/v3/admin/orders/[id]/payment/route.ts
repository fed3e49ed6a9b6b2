import { z } from 'zod';
import { audit } from '@/lib/accounts/impersonation';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { adminOrderView } from '@/lib/commerce/admin-orders';
import { recordPayment } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import { MAX_AMOUNT_MINOR } from '@/lib/money/money';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/admin/orders/{id}/payment — records the bank transfer of an invoice purchase (its
// exact total, minor units) and delivers the order, less what the buyer holds by then (credited);
// a transfer for a cancelled order is credited whole; a second recording changes nothing.
export const POST = defineRoute(
  {
    summary: 'Record a payment (admin)',
    description:
      'Invoice orders only. returned: null, or what of the transfer went to the buyer’s credit at once (amount in minor units, to: credit) because the buyer held those materials by then or had cancelled the order; the order then carries paymentReturned. 409 amount_mismatch (with expected), order_not_pending, or not_an_invoice_order (with provider: a card or test order is never paid by a recorded transfer).',
    auth: 'admin',
    params: z.object({ id: idTextSchema }),
    body: z.object({ amount: z.number().int().min(0).max(MAX_AMOUNT_MINOR) }),
  },
  async ({ request, params, body, session }) => {
    const { fulfilled, arrival } = await recordPayment(params.id, body.amount);
    if (fulfilled)
      await audit({
        actorUserId: session.userId,
        action: 'order.payment',
        ip: clientIp(request),
        details: { order_id: params.id, amount: body.amount, returned: arrival.returned },
      });
    return {
      order: await adminOrderView(getDb(), params.id),
      recorded: fulfilled,
      returned: 'to' in arrival ? { amount: arrival.returned, to: arrival.to } : null,
    };
  },
);
