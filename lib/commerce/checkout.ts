import 'server-only';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getEnv, testPaymentsEnabled } from '@/lib/env';
import { pathFor } from '@/lib/routing/localized-routes';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { buyerVat } from './buyer-vat';
import { quoteCart } from './cart';
import { cardOrderPayable, cardOrderPayableUntil, coverRefusal, readCover } from './coverage';
import { crashPoint } from './crash-points';
import { deliverOrder } from './fulfilment';
import { issueDocument, type InvoiceItem } from './invoices';
import { enqueueOrderMail } from './order-mails';
import { newOrderReference } from './order-reference';
import { findBuyerOrder, toOrderView, type OrderView } from './order-view';
import { PLATFORM } from './platform';
import { cardPaymentUrl } from './stripe';
import { redemptionsBy } from './vouchers';
import { expireCabinetsOfOrder } from '@/lib/cache/invalidate';

/** How an order is paid. `free` is chosen by the server when nothing is left to pay. */
export const PAYMENT_PROVIDERS = ['invoice', 'card', 'free', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** An idempotency key: what the client makes once per checkout attempt and sends with every retry. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,80}$/;

/** The providers a buyer can choose now (the ones with a price to pay). */
export function availableProviders(): PaymentProvider[] {
  const env = getEnv();
  const providers: PaymentProvider[] = ['invoice'];
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) providers.push('card');
  if (testPaymentsEnabled()) providers.push('test');
  return providers;
}

export interface CheckoutInput {
  userId: number;
  world: WorldCode;
  provider: PaymentProvider;
  idempotencyKey: string;
  /** The total the buyer saw; when the server's differs (a price changed), nothing is ordered. */
  expectedTotal: number | null;
  /** The buyer agreed to immediate delivery and to losing the withdrawal right. */
  deliveryConsent: true;
}

type OrderRow = typeof t.orders.$inferSelect;

async function findByKey(db: Database, userId: number, key: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.userId, userId), eq(t.orders.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Turns the buyer's cart into an order, once per idempotency key: a double click, a retry or a
 * replay returns the order the first attempt made. Prices come from the cart as the server
 * prices it now; the voucher redemption and the credit are taken in the same transaction as the
 * order with statements that check their limits, so concurrent checkouts cannot overspend either.
 * A free or test payment is delivered at once; an invoice purchase waits for its payment, with
 * its invoice issued now (it is what the buyer pays by transfer); a card payment waits for
 * Stripe. Returns the order and whether this call made it.
 */
export async function checkout(
  input: CheckoutInput,
  now: Date = new Date(),
): Promise<{ order: OrderRow; created: boolean }> {
  const db = getDb();
  const previous = await findByKey(db, input.userId, input.idempotencyKey);
  if (previous) return { order: previous, created: false };
  try {
    return await placeOrder(db, input, now);
  } catch (error) {
    // An attempt with the same key that committed meanwhile emptied the cart this one read: a
    // retry is answered with that order, not with the refusal its empty cart would give.
    if (!(error instanceof AppError)) throw error;
    const winner = await findByKey(db, input.userId, input.idempotencyKey);
    if (winner) return { order: winner, created: false };
    throw error;
  }
}

/** The checkout after its first look for the key: the order made, or the one a same-key attempt made. */
async function placeOrder(
  db: Database,
  input: CheckoutInput,
  now: Date,
): Promise<{ order: OrderRow; created: boolean }> {
  // The buyer's billing address and inviter in one read, before the transaction.
  const [buyer] = await db
    .select({ address: t.billingAddresses, inviterId: t.accountStates.invitedByUserId })
    .from(t.users)
    .leftJoin(t.billingAddresses, eq(t.billingAddresses.userId, t.users.id))
    .leftJoin(t.accountStates, eq(t.accountStates.userId, t.users.id))
    .where(eq(t.users.id, input.userId));
  const address = buyer?.address ?? null;
  const quote = await quoteCart(db, { world: input.world, userId: input.userId, cartToken: null }, now, {
    forOrder: true,
    billing: address,
  });
  const { priced, view } = quote;
  // A cart whose every line is owned or waits on an unpaid order says so, not just "empty".
  const blocked = view.blockedItems[0];
  if (priced.lines.length === 0 && blocked)
    throw new AppError(
      'conflict',
      undefined,
      blocked.orderId === null ? { reason: blocked.reason } : { reason: blocked.reason, order_id: blocked.orderId },
    );
  if (priced.lines.length === 0) throw new AppError('conflict', undefined, { reason: 'cart_empty' });
  if (view.voucherError)
    throw new AppError('conflict', undefined, { reason: 'voucher_invalid', voucher_error: view.voucherError.code });
  if (input.expectedTotal !== null && input.expectedTotal !== priced.finalPrice)
    throw new AppError('conflict', undefined, { reason: 'price_changed', final_price: priced.finalPrice });

  const provider: PaymentProvider = priced.finalPrice === 0 ? 'free' : input.provider;
  if (provider === 'free' && priced.finalPrice > 0)
    throw new AppError('conflict', undefined, { reason: 'payment_required' });
  if (provider !== 'free' && !availableProviders().includes(provider))
    throw new AppError('conflict', undefined, { reason: 'payment_method_unavailable' });

  if (!address && priced.originalPrice > 0)
    throw new AppError('conflict', undefined, { reason: 'billing_address_required' });
  const billing = address
    ? {
        fullName: address.fullName,
        company: address.company,
        street: address.street,
        postalCode: address.postalCode,
        city: address.city,
        countryCode: address.countryCode,
        vatId: quote.vat.vatId,
      }
    : null;
  const items = priced.lines.map((line) => ({
    materialId: line.materialId,
    sellerId: line.sellerId,
    title: quote.titles.get(line.materialId) ?? '',
    licence: view.cartItems.find((item) => item.material.id === line.materialId)?.licence ?? line.licence,
    inBundle: line.inBundle,
    unitGrossMinor: line.unitGross,
    chargedGrossMinor: line.chargedGross,
    voucherDiscountMinor: line.voucherDiscount,
    creditUsedMinor: line.creditUsed,
    payableGrossMinor: line.payableGross,
    vatMinor: line.vat,
    netMinor: line.net,
    sellerShareBasisPoints: line.sellerShareBasisPoints,
    sellerShareMinor: line.sellerShare,
    platformShareMinor: line.platformShare,
    sellerActivePaidMaterials: quote.sellerActivePaidMaterials.get(line.sellerId) ?? 0,
  }));
  // A free or test order is paid the moment it is made.
  const paidAtOnce = provider === 'free' || provider === 'test';

  // Few statements on purpose: on the embedded database an open transaction holds every other
  // connection, so each round trip in here is waited for by every buyer at once.
  const made = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // One checkout per buyer at a time, and what they hold or have on an unpaid order read after
    // the lock, in a statement of its own (a fresh snapshot): two carts ordered at once (a cart
    // filled again in another tab while the first order was being written) cannot both put the
    // same material on payable orders. The cart was quoted before the transaction; this is the
    // check that counts.
    await tx.execute(sql`SELECT 1 FROM ${t.users} WHERE ${t.users.id} = ${input.userId} FOR NO KEY UPDATE`);
    const covers = await readCover(
      tx,
      input.userId,
      items.map((item) => item.materialId),
      now,
    );
    for (const item of items) {
      const refusal = coverRefusal(item.licence === 'single' ? 'single' : 'school', covers.get(item.materialId));
      if (refusal) throw new AppError('conflict', undefined, refusal);
    }
    const [order] = await tx
      .insert(t.orders)
      .values({
        reference: newOrderReference(),
        userId: input.userId,
        world: input.world,
        language: getWorld(input.world).language,
        currency: priced.currency,
        status: paidAtOnce ? 'paid' : 'pending',
        provider,
        idempotencyKey: input.idempotencyKey,
        originalMinor: priced.originalPrice,
        voucherDiscountMinor: priced.totalVoucherDiscount,
        creditsUsedMinor: priced.usedCredits,
        totalMinor: priced.finalPrice,
        vatMinor: priced.vatTotal,
        netMinor: priced.netTotal,
        vatKind: quote.vat.kind,
        vatCountry: quote.vat.country,
        vatRateBasisPoints: quote.vat.rateBasisPoints,
        buyerVatId: quote.vat.vatId,
        billingAddress: billing ?? {},
        voucherId: quote.voucherId,
        voucherCode: quote.voucherId ? (view.voucher?.code ?? null) : null,
        deliveryConsentAt: now,
        createdAt: now,
        paidAt: paidAtOnce ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    // Another attempt with the same key committed first: that order is the answer.
    if (!order) return null;

    if (quote.voucherId !== null && priced.totalVoucherDiscount > 0) {
      const [taken] = await tx
        .update(t.vouchers)
        .set({ redemptions: sql`${t.vouchers.redemptions} + 1` })
        .where(
          and(
            eq(t.vouchers.id, quote.voucherId),
            or(isNull(t.vouchers.maxRedemptions), lt(t.vouchers.redemptions, t.vouchers.maxRedemptions)),
          ),
        )
        .returning({ perUser: t.vouchers.maxRedemptionsPerUser });
      if (!taken) throw new AppError('conflict', undefined, { reason: 'voucher_invalid', voucher_error: 'used-up' });
      // The voucher row stays locked by the update until commit, so this count cannot race.
      if ((await redemptionsBy(tx, quote.voucherId, input.userId)) > taken.perUser)
        throw new AppError('conflict', undefined, { reason: 'voucher_invalid', voucher_error: 'already-used' });
    }
    if (priced.usedCredits > 0) {
      const [spent] = await tx
        .update(t.creditBalances)
        .set({ balanceMinor: sql`${t.creditBalances.balanceMinor} - ${priced.usedCredits}` })
        .where(
          and(
            eq(t.creditBalances.userId, input.userId),
            eq(t.creditBalances.world, input.world),
            gte(t.creditBalances.balanceMinor, priced.usedCredits),
          ),
        )
        .returning({ balance: t.creditBalances.balanceMinor });
      if (!spent) throw new AppError('conflict', undefined, { reason: 'credits_changed' });
      await tx.insert(t.creditEntries).values({
        userId: input.userId,
        world: input.world,
        amountMinor: -priced.usedCredits,
        reason: 'order',
        orderId: order.id,
      });
    }
    const settled = await writeLinesAndTakeCart(tx, order.id, quote.cart!.id, items, now);
    if (settled.taken !== items.length) throw new AppError('conflict', undefined, { reason: 'cart_changed' });
    if (paidAtOnce)
      await deliverOrder(tx, order, { now, items, mayHaveInvoice: false, inviterId: buyer?.inviterId ?? null });
    else if (provider === 'invoice') {
      await issueDocument(tx, order, 'invoice', { now, items });
      await enqueueOrderMail('awaiting-payment', order.id, { db: tx });
    }
    crashPoint('checkout:before-commit');
    return order;
  });
  crashPoint('checkout:after-commit');
  if (made) {
    if (made.status === 'paid') await expireCabinetsOfOrder(made.id);
    return { order: made, created: true };
  }
  const winner = await findByKey(db, input.userId, input.idempotencyKey);
  if (!winner) throw new Error('an order with this idempotency key vanished');
  return { order: winner, created: false };
}

/**
 * One statement in the order's transaction: the order's lines written and the ordered materials
 * taken out of the cart (with the voucher and credit choice, and the link of an abandoned-cart
 * reminder: what it would restore is ordered now). The delete locks those cart rows; with the
 * buyer's lock taken first no other checkout of theirs runs meanwhile, and `taken` still shows a
 * cart emptied before this transaction began (fewer taken than ordered).
 */
async function writeLinesAndTakeCart(
  tx: Database,
  orderId: number,
  cartId: number,
  items: (InvoiceItem & { materialId: number; sellerId: number })[],
  now: Date,
): Promise<{ taken: number }> {
  const lines = items.map((item, position) => ({ ...item, position }));
  const result = await tx.execute<{ taken: number }>(sql`
    WITH lines AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS line(
        "position" int, "materialId" int, "sellerId" int, "title" text, "licence" text, "inBundle" boolean,
        "unitGrossMinor" int, "chargedGrossMinor" int, "voucherDiscountMinor" int, "creditUsedMinor" int,
        "payableGrossMinor" int, "vatMinor" int, "netMinor" int, "sellerShareBasisPoints" int,
        "sellerShareMinor" int, "platformShareMinor" int, "sellerActivePaidMaterials" int)
    ), written AS (
      INSERT INTO ${t.orderItems} (order_id, material_id, seller_id, title, licence, in_bundle, unit_gross_minor,
        charged_gross_minor, voucher_discount_minor, credit_used_minor, payable_gross_minor, vat_minor, net_minor,
        seller_share_basis_points, seller_share_minor, platform_share_minor, seller_active_paid_materials)
      SELECT ${orderId}, "materialId", "sellerId", "title", "licence", "inBundle", "unitGrossMinor",
        "chargedGrossMinor", "voucherDiscountMinor", "creditUsedMinor", "payableGrossMinor", "vatMinor", "netMinor",
        "sellerShareBasisPoints", "sellerShareMinor", "platformShareMinor", "sellerActivePaidMaterials"
      FROM lines ORDER BY "position"
      RETURNING 1
    ), taken AS (
      DELETE FROM ${t.cartItems}
      WHERE ${t.cartItems.cartId} = ${cartId} AND ${t.cartItems.materialId} IN (SELECT "materialId" FROM lines)
      RETURNING 1
    ), cart AS (
      UPDATE ${t.carts} SET voucher_code = NULL, credits_requested_minor = NULL, updated_at = ${now},
        restore_token_hash = NULL, restore_token_expires_at = NULL, restore_mailed_at = NULL
      WHERE ${t.carts.id} = ${cartId}
      RETURNING 1
    )
    SELECT
      (SELECT count(*) FROM taken)::int AS taken,
      (SELECT count(*) FROM written)::int AS written,
      (SELECT count(*) FROM cart)::int AS cart`);
  return { taken: Number(result.rows[0]!.taken) };
}

/**
 * A free material "bought" in one click: an order of one line at 0 with a licence, no cart, no
 * invoice (nothing is charged), and a mail with the material's download link. Idempotent per material: the key is derived from it, so a second
 * click returns the first order.
 */
export async function claimFreeMaterial(
  userId: number,
  world: WorldCode,
  materialId: number,
  now: Date = new Date(),
): Promise<{ order: OrderRow; created: boolean }> {
  const db = getDb();
  const [material] = await db
    .select({
      id: t.materials.id,
      title: t.materials.title,
      world: t.materials.world,
      authorId: t.materials.authorId,
      priceCents: t.materials.priceCents,
      isActive: t.materials.isActive,
      deletedAt: t.materials.deletedAt,
    })
    .from(t.materials)
    .where(eq(t.materials.id, materialId));
  if (!material || !material.isActive || material.deletedAt || material.world !== world)
    throw new AppError('not_found', undefined, { reason: 'material_not_found' });
  if (material.priceCents !== 0) throw new AppError('conflict', undefined, { reason: 'not_free' });
  const key = `free-material-${materialId}`;
  const previous = await findByKey(db, userId, key);
  if (previous) return { order: previous, created: false };
  const vat = await buyerVat(db, userId, world, now);
  const made = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [order] = await tx
      .insert(t.orders)
      .values({
        reference: newOrderReference(),
        userId,
        world,
        language: getWorld(world).language,
        currency: getWorld(world).currency,
        status: 'paid',
        provider: 'free',
        idempotencyKey: key,
        paidAt: now,
        originalMinor: 0,
        voucherDiscountMinor: 0,
        creditsUsedMinor: 0,
        totalMinor: 0,
        vatMinor: 0,
        netMinor: 0,
        vatKind: vat.kind,
        vatCountry: vat.country,
        vatRateBasisPoints: vat.rateBasisPoints,
        billingAddress: {},
        deliveryConsentAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!order) return null;
    await tx.insert(t.orderItems).values({
      orderId: order.id,
      materialId,
      sellerId: material.authorId,
      title: material.title,
      licence: 'single',
      unitGrossMinor: 0,
      chargedGrossMinor: 0,
      voucherDiscountMinor: 0,
      creditUsedMinor: 0,
      payableGrossMinor: 0,
      vatMinor: 0,
      netMinor: 0,
      sellerShareBasisPoints: 0,
      sellerShareMinor: 0,
      platformShareMinor: 0,
      sellerActivePaidMaterials: 0,
    });
    await deliverOrder(tx, order, { now, mayHaveInvoice: false });
    // The teacher's mail with a link that downloads it for a while, sent only if this commits.
    await enqueueOrderMail('free-material', order.id, { db: tx });
    return order;
  });
  if (made) {
    await expireCabinetsOfOrder(made.id);
    return { order: made, created: true };
  }
  const winner = await findByKey(db, userId, key);
  if (!winner) throw new Error('an order with this idempotency key vanished');
  return { order: winner, created: false };
}

/** What the buyer does next after ordering. */
export type PaymentStep =
  | { kind: 'done' }
  | { kind: 'redirect'; url: string }
  | { kind: 'expired' }
  | {
      kind: 'bank-transfer';
      reference: string;
      amount: number;
      currency: string;
      accountHolder: string;
      iban: string;
      bic: string;
    };

/**
 * The next step of an order for its buyer: nothing (paid or free), Stripe's payment page for a
 * pending card order (made on the first call, the same session on every retry; `expired` once the
 * order can no longer be paid), or the bank details and reference to quote for an invoice
 * purchase.
 */
export async function paymentStep(order: OrderRow): Promise<PaymentStep> {
  if (order.status === 'pending' && order.provider === 'card') {
    try {
      return { kind: 'redirect', url: await cardPaymentPageUrl(order) };
    } catch (error) {
      if (error instanceof AppError && error.reason === 'payment_expired') return { kind: 'expired' };
      throw error;
    }
  }
  const step = orderNextStep(order);
  // A waiting card order was answered above.
  return step.kind === 'card' ? { kind: 'expired' } : step;
}

/** What the order page offers a card order that waits: its payment page until then, or nothing. */
export type OrderNextStep = Exclude<PaymentStep, { kind: 'redirect' }> | { kind: 'card'; payableUntil: string };

/**
 * The next step as the order page shows it, without asking Stripe (the page is shown often; the
 * payment page is made when the buyer presses "pay now"): a waiting card order can be paid until
 * `payableUntil`, then it is `expired`.
 */
export function orderNextStep(order: OrderRow, now: Date = new Date()): OrderNextStep {
  if (order.status !== 'pending') return { kind: 'done' };
  if (order.provider === 'invoice')
    return {
      kind: 'bank-transfer',
      reference: order.reference,
      amount: order.totalMinor,
      currency: order.currency,
      accountHolder: PLATFORM.name,
      iban: PLATFORM.iban,
      bic: PLATFORM.bic,
    };
  if (order.provider === 'card')
    return cardOrderPayable(order, now)
      ? { kind: 'card', payableUntil: cardOrderPayableUntil(order).toISOString() }
      : { kind: 'expired' };
  return { kind: 'done' };
}

/** Stripe's page for a waiting card order; a failure to reach Stripe is a 503 (nothing changes). */
async function cardPaymentPageUrl(order: OrderRow): Promise<string> {
  const [buyer] = await getDb().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, order.userId));
  try {
    return await cardPaymentUrl(order, buyer!.email);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The order stays pending; ordering again with the same key, or "pay now", asks Stripe again.
    console.error(`stripe checkout session for order ${order.id} failed:`, (error as Error).message);
    throw new AppError('unavailable', undefined, { reason: 'payment_provider_unavailable' });
  }
}

/**
 * The buyer's "pay now" for their card order that waits: the page to send them to (Stripe's, or
 * the order's own when the page was paid already). 404 order_not_found (also another account's
 * order); 409 order_not_payable (with status) for an order that waits for no card payment, 409
 * payment_expired once it can no longer be paid; 503 payment_provider_unavailable.
 */
export async function payCardOrder(userId: number, orderId: number): Promise<string> {
  const order = await findBuyerOrder(getDb(), userId, orderId);
  if (!order) throw new AppError('not_found', undefined, { reason: 'order_not_found' });
  if (order.status !== 'pending' || order.provider !== 'card')
    throw new AppError('conflict', undefined, { reason: 'order_not_payable', status: order.status });
  return cardPaymentPageUrl(order);
}

/**
 * One order of this buyer as the confirmation page shows it, with its next step; null for an
 * order that is not theirs (a stranger learns nothing, not even that it exists).
 */
export async function getBuyerOrderWithStep(
  userId: number,
  orderId: number,
): Promise<{ order: OrderView; step: OrderNextStep } | null> {
  const db = getDb();
  const row = await findBuyerOrder(db, userId, orderId);
  if (!row) return null;
  return { order: await toOrderView(db, row), step: orderNextStep(row) };
}

/** The page of an active material of this world, or null: where a visitor is sent back to. */
export async function materialPagePath(world: WorldCode, materialId: number): Promise<string | null> {
  const [material] = await getDb()
    .select({ slug: t.materials.slug })
    .from(t.materials)
    .where(
      and(
        eq(t.materials.id, materialId),
        eq(t.materials.world, world),
        eq(t.materials.isActive, true),
        isNull(t.materials.deletedAt),
      ),
    );
  return material ? pathFor(world, 'material', { id: String(materialId), slug: material.slug }) : null;
}
