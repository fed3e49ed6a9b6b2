import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '@/lib/input/schemas';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { enqueue, type JobConnection } from '@/lib/jobs/enqueue';
import { defineJob } from '@/lib/jobs/registry';
import { getStripe } from './stripe-client';

/**
 * Paying a refund back to the card: a job queued in the refund's transaction, so the money moves
 * only if the refund is recorded, and is retried with doubling delays while Stripe cannot be
 * reached. Stripe's idempotency key is the refund's own (order and lines), so a retry, or the
 * job run twice after a crash, pays back once. The job reads the order's Checkout Session when it
 * runs and refunds its payment by the amount the refund recorded.
 */
export const cardRefundJob = defineJob(
  {
    name: 'card-refund',
    schema: z
      .object({
        orderId: idSchema,
        amount: z.number().int().positive(),
        refundKey: z.string().regex(/^kreide-refund-[a-z0-9-]{1,100}$/),
        // A Checkout Session other than the order's own: a second payment of the order.
        session: z
          .string()
          .regex(/^cs_[A-Za-z0-9_]{1,200}$/)
          .optional(),
      })
      .strict(),
    retryLimit: 8,
    retryDelay: 60,
    retryBackoff: true,
    // Longer than the Stripe client's own 80 s timeout, so a slow answer is not run twice at once.
    expireInSeconds: 120,
    // A run waits on Stripe's API; five side by side stay far below its rate limit.
    concurrency: 5,
    summarize: ({ orderId, amount }) => ({ orderId, amount }),
  },
  async ({ orderId, amount, refundKey, session: paidSession }) => {
    const [order] = await getDb()
      .select({ provider: t.orders.provider, session: t.orders.providerReference, currency: t.orders.currency })
      .from(t.orders)
      .where(eq(t.orders.id, orderId));
    // A page paid for an order that never stored it (made while the order was cancelled, and not
    // closed again) is named by the job itself.
    const sessionId = paidSession ?? order?.session;
    if (!order || order.provider !== 'card' || !sessionId)
      throw new Error(`order ${orderId} has no card payment to refund`);
    const stripe = getStripe();
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new Error(`checkout session ${session.id} has no payment to refund`);
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount, metadata: { order_id: String(orderId) } },
      { idempotencyKey: refundKey },
    );
    return { refundId: refund.id, status: refund.status };
  },
);

/**
 * Queues the card refund of some lines of an order (their ids) for `amount` minor units, in the
 * refund's transaction (`db`).
 */
export function enqueueCardRefund(orderId: number, itemIds: number[], amount: number, options: { db: JobConnection }) {
  const lines = crypto
    .createHash('sha256')
    .update([...itemIds].sort((a, b) => a - b).join(','))
    .digest('hex')
    .slice(0, 24);
  return enqueue(cardRefundJob, { orderId, amount, refundKey: `kreide-refund-${orderId}-${lines}` }, options);
}

/**
 * Queues the card refund of a whole Checkout Session's payment (`sessionId`, `amount` minor units)
 * that came for an order no longer waiting for it, in the webhook's transaction (`db`); the key is
 * the session's, so a replayed event pays back once.
 */
export function enqueueSessionRefund(
  orderId: number,
  sessionId: string,
  amount: number,
  options: { db: JobConnection },
) {
  const paid = crypto.createHash('sha256').update(sessionId).digest('hex').slice(0, 24);
  return enqueue(
    cardRefundJob,
    { orderId, amount, refundKey: `kreide-refund-${orderId}-session-${paid}`, session: sessionId },
    options,
  );
}
