import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { absoluteLink } from '@/lib/accounts/links';
import { idSchema } from '@/lib/input/schemas';
import { createFreeDownloadToken } from '@/lib/downloads/links';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getMessages } from '@/lib/i18n/messages';
import { enqueue, type JobConnection } from '@/lib/jobs/enqueue';
import { defineJob, MAIL_JOB_RULES } from '@/lib/jobs/registry';
import { sendMail } from '@/lib/mail/mailer';
import { formatPrice } from '@/lib/pricing/format-price';
import { fill } from '@/lib/text/fill';
import { getWorld, isWorldCode } from '@/lib/worlds/worlds';
import { PLATFORM } from './platform';

/**
 * The mails an order sends its buyer: paid (downloads ready), waiting for a bank transfer, a
 * free material taken (with a link that downloads it for 30 days), or a payment that came for
 * what they held by then or for a cancelled order and went (partly) back.
 */
export const ORDER_MAIL_KINDS = ['paid', 'awaiting-payment', 'free-material', 'payment-returned'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

interface OrderMailTexts {
  subject: Record<OrderMailKind, string>;
  greeting: string;
  intro: Record<OrderMailKind, string>;
  total: string;
  transfer: string;
  testPayment: string;
  freeValidity: string;
  returned: { cancelled: string; held: string; credit: string; card: string };
  links: { order: string; bought: string };
  signature: string;
}

/**
 * Renders an order mail in the language of the order's world: the reference, the lines and the
 * total, what happens next (downloads, or the transfer to make with its reference) and links to
 * the order and the bought materials. Null when the order does not exist (any more).
 */
export async function renderOrderMail(
  kind: OrderMailKind,
  orderId: number,
): Promise<{ to: string; subject: string; text: string } | null> {
  const db = getDb();
  const [order] = await db
    .select({
      id: t.orders.id,
      reference: t.orders.reference,
      world: t.orders.world,
      currency: t.orders.currency,
      total: t.orders.totalMinor,
      provider: t.orders.provider,
      status: t.orders.status,
      returned: t.orders.paymentReturnedMinor,
      userId: t.orders.userId,
      email: t.users.email,
      name: t.users.publicName,
    })
    .from(t.orders)
    .innerJoin(t.users, eq(t.users.id, t.orders.userId))
    .where(eq(t.orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({
      materialId: t.orderItems.materialId,
      title: t.orderItems.title,
      price: t.orderItems.payableGrossMinor,
      inBundle: t.orderItems.inBundle,
      refunded: t.orderItems.refundedAt,
    })
    .from(t.orderItems)
    .where(eq(t.orderItems.orderId, orderId))
    .orderBy(t.orderItems.id);
  const world = getWorld(isWorldCode(order.world) ? order.world : 'de');
  const texts = (getMessages(world.language).payment as unknown as { mails: OrderMailTexts }).mails;
  const money = (minor: number) => formatPrice(minor, order.currency, world.locale);
  const values = {
    reference: order.reference,
    name: order.name,
    total: money(order.total),
    title: items[0]?.title ?? '',
  };
  if (kind === 'free-material') {
    // The link carries a signed token made now: the stored job holds no secret.
    const links = items.map(
      (item) =>
        `- ${item.title}: ${absoluteLink(world.code, 'free-download', { token: createFreeDownloadToken(order.userId, item.materialId) })}`,
    );
    const text = [
      fill(texts.greeting, values),
      '',
      fill(texts.intro[kind], values),
      '',
      ...links,
      texts.freeValidity,
      '',
      `${texts.links.bought}: ${absoluteLink(world.code, 'cabinet-bought')}`,
      '',
      texts.signature,
    ].join('\n');
    return { to: order.email, subject: fill(texts.subject[kind], values), text };
  }
  if (kind === 'payment-returned') {
    // What came back: the whole transfer of a cancelled order, else the lines held already.
    const cancelled = order.status === 'cancelled';
    const back = items.filter((item) => !item.inBundle && (cancelled || item.refunded !== null));
    const returned = { ...values, returned: money(order.returned ?? 0) };
    const text = [
      fill(texts.greeting, values),
      '',
      fill(cancelled ? texts.returned.cancelled : texts.returned.held, returned),
      '',
      ...back.map((item) => `- ${item.title}: ${money(item.price)}`),
      '',
      fill(order.provider === 'card' && !cancelled ? texts.returned.card : texts.returned.credit, returned),
      '',
      `${texts.links.order}: ${absoluteLink(world.code, 'order-confirmation', { orderId: String(order.id) })}`,
      ...(cancelled ? [] : [`${texts.links.bought}: ${absoluteLink(world.code, 'cabinet-bought')}`]),
      '',
      texts.signature,
    ].join('\n');
    return { to: order.email, subject: fill(texts.subject[kind], returned), text };
  }
  const lines = items.filter((item) => !item.inBundle).map((item) => `- ${item.title}: ${money(item.price)}`);
  const text = [
    fill(texts.greeting, values),
    '',
    fill(texts.intro[kind], values),
    '',
    ...lines,
    fill(texts.total, values),
    ...(order.provider === 'test' ? ['', texts.testPayment] : []),
    ...(kind === 'awaiting-payment'
      ? ['', fill(texts.transfer, { ...values, holder: PLATFORM.name, iban: PLATFORM.iban, bic: PLATFORM.bic })]
      : []),
    '',
    `${texts.links.order}: ${absoluteLink(world.code, 'order-confirmation', { orderId: String(order.id) })}`,
    ...(kind === 'paid' ? [`${texts.links.bought}: ${absoluteLink(world.code, 'cabinet-bought')}`] : []),
    '',
    texts.signature,
  ].join('\n');
  return { to: order.email, subject: fill(texts.subject[kind], values), text };
}

/**
 * The order mail job. It carries only the order's id and reads the rest when it runs, so the
 * stored job holds no address, and a retry sends what the order says then. A failing mail server
 * is retried nine times with doubling delays (MAIL_JOB_RULES).
 */
export const orderMailJob = defineJob(
  {
    name: 'order-mail',
    schema: z.object({ kind: z.enum(ORDER_MAIL_KINDS), orderId: idSchema }).strict(),
    ...MAIL_JOB_RULES,
    summarize: ({ kind, orderId }) => ({ kind, orderId }),
  },
  async ({ kind, orderId }) => {
    const mail = await renderOrderMail(kind, orderId);
    if (!mail) return { sent: false };
    await sendMail(mail);
    return { sent: true };
  },
);

/** Queues an order mail; pass the order's transaction as `db` so it is sent only if the order commits. */
export function enqueueOrderMail(kind: OrderMailKind, orderId: number, options: { db?: JobConnection } = {}) {
  return enqueue(orderMailJob, { kind, orderId }, options);
}
