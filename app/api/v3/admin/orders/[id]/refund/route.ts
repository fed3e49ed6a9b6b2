import { z } from 'zod';
import { audit } from '@/lib/accounts/impersonation';
import { defineRoute } from '@/lib/api/handler';
import { idSchema, idTextSchema } from '@/lib/input/schemas';
import { adminOrderView } from '@/lib/commerce/admin-orders';
import { refundOrder } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import { clientIp } from '@/lib/security/rate-limit';

const bodySchema = z.object({
  items: z.union([z.literal('all'), z.array(idSchema).min(1).max(200)]),
  to: z.enum(['credit', 'original']),
});

// POST /api/v3/admin/orders/{id}/refund — refunds a paid order in full or some lines: downloads
// stop, a cancellation invoice is issued, the money comes back as credit or by the provider.
export const POST = defineRoute(
  {
    summary: 'Refund an order or some of its lines (admin)',
    description:
      '409 order_not_paid or item_not_refundable (a line of another order, or refunded already). A test payment refunded to credit goes back to the test payment instead (test money never becomes spendable credit; any real credit the order used comes back as credit). money_back says what goes back to the original payment (minor units) and who pays it: card (Stripe, by a job that is retried until it succeeds), manual (a bank transfer someone makes), none (credit only, or a test or free payment).',
    auth: 'admin',
    params: z.object({ id: idTextSchema }),
    body: bodySchema,
  },
  async ({ request, params, body, session }) => {
    const result = await refundOrder(params.id, { itemIds: body.items, to: body.to });
    await audit({
      actorUserId: session.userId,
      action: 'order.refund',
      ip: clientIp(request),
      details: { order_id: params.id, items: result.refunded, to: body.to },
    });
    return {
      order: await adminOrderView(getDb(), params.id),
      refunded: result.refunded,
      cancellation: result.document ? { id: result.document.id, number: result.document.number } : null,
      money_back: { amount: result.moneyBack, by: result.providerRefund },
    };
  },
);
