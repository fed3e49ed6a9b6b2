import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { licenceToBuy } from './cart-lines';

/**
 * How long a pending card order can be paid, from the moment it was ordered: its Checkout Session
 * is made to expire then (lib/commerce/stripe.ts), so after that nobody can pay it and it blocks
 * nothing. Stripe's own limit for a session is 24 hours from when it is made.
 */
export const CARD_ORDER_PAYABLE_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe refuses a Checkout Session that expires in less than 30 minutes; one minute more for the
 * clocks between us and Stripe. A card order with less time left gets no new payment page.
 */
export const CARD_PAGE_MIN_LIFETIME_MS = 31 * 60 * 1000;

/**
 * How much earlier than the order's end its payment page expires: Stripe allows at most 24 hours
 * from when it makes the page, by its own clock, and the order's time was taken before the
 * checkout's transaction. Ending the page early is safe; ending it late is not.
 */
export const CARD_PAGE_EXPIRY_MARGIN_MS = 5 * 60 * 1000;

/** Until when a card order can be paid: when its payment page expires. */
export function cardOrderPayableUntil(order: { createdAt: Date }): Date {
  return new Date(order.createdAt.getTime() + CARD_ORDER_PAYABLE_MS - CARD_PAGE_EXPIRY_MARGIN_MS);
}

/**
 * Whether a card order can still be paid at `now`: before its end, and, when it has no page yet
 * (`providerReference` null), with the time left that Stripe asks of a new page.
 */
export function cardOrderPayable(order: { createdAt: Date; providerReference: string | null }, now: Date): boolean {
  const left = cardOrderPayableUntil(order).getTime() - now.getTime();
  return left > 0 && (order.providerReference !== null || left >= CARD_PAGE_MIN_LIFETIME_MS);
}

/** Why a buyer cannot put a material (or bundle) into a payable order. */
export type CoverRefusal =
  { reason: 'already_owned' } | { reason: 'bundle_contains_owned' } | { reason: 'order_pending'; order_id: number };

/** What a buyer already has of one material: licences (own, through a bundle, of its contents) and pending orders. */
export interface Cover {
  /** The best licence held of the material itself or of a bundle it is in. */
  heldKind: 'single' | 'school' | null;
  /** For a bundle: the licences held of the materials inside it (null: none). */
  contentKinds: ('single' | 'school' | null)[];
  /** A pending, still payable order of the buyer with this material, a bundle it is in, or one of its contents. */
  pendingOrderId: number | null;
}

const better = (a: 'single' | 'school' | null, b: 'single' | 'school' | null) =>
  a === 'school' || b === 'school' ? 'school' : (a ?? b);

/**
 * What the buyer already has of each of these materials, in one statement: active licences of the
 * material, of any bundle it is in and of a bundle's contents, and the pending orders (an invoice
 * not yet paid; a card order whose payment page still lives) holding the material, a bundle it is
 * in, or one of its contents. `exceptOrderId` leaves out the order being checked itself.
 */
export async function readCover(
  db: Database,
  userId: number,
  materialIds: readonly number[],
  now: Date = new Date(),
  exceptOrderId: number | null = null,
): Promise<Map<number, Cover>> {
  const covers = new Map<number, Cover>();
  if (materialIds.length === 0) return covers;
  const cardCutoff = new Date(now.getTime() - CARD_ORDER_PAYABLE_MS);
  const result = await db.execute<{ asked: number; rel: string; held: string | null; pending: number | null }>(sql`
    WITH asked AS (SELECT DISTINCT unnest(${`{${materialIds.join(',')}}`}::int[]) AS id),
    related AS (
      SELECT id AS asked, id AS other, 'self' AS rel FROM asked
      UNION ALL
      SELECT asked.id, bundle_items.bundle_id, 'bundle' FROM asked JOIN bundle_items ON bundle_items.material_id = asked.id
      UNION ALL
      SELECT asked.id, bundle_items.material_id, 'content' FROM asked JOIN bundle_items ON bundle_items.bundle_id = asked.id
    )
    SELECT related.asked, related.rel,
      (SELECT kind FROM licences
        WHERE user_id = ${userId} AND material_id = related.other AND revoked_at IS NULL) AS held,
      (SELECT min(orders.id) FROM order_items JOIN orders ON orders.id = order_items.order_id
        WHERE orders.user_id = ${userId} AND orders.status = 'pending' AND order_items.material_id = related.other
          AND order_items.refunded_at IS NULL AND orders.id <> ${exceptOrderId ?? 0}
          AND (orders.provider <> 'card' OR orders.created_at > ${cardCutoff})) AS pending
    FROM related`);
  for (const id of materialIds) covers.set(id, { heldKind: null, contentKinds: [], pendingOrderId: null });
  for (const row of result.rows) {
    const cover = covers.get(Number(row.asked))!;
    const held = row.held === 'school' ? 'school' : row.held === 'single' ? 'single' : null;
    if (row.rel === 'content') cover.contentKinds.push(held);
    else cover.heldKind = better(cover.heldKind, held);
    if (row.pending !== null && cover.pendingOrderId === null) cover.pendingOrderId = Number(row.pending);
  }
  return covers;
}

/**
 * Whether the buyer may put the material into a payable order with this licence: not while an
 * order of theirs holding it waits for its payment (paying it would pay twice), not when they
 * hold it (or a bundle with it) with the same or a better licence, and not a bundle with a
 * material inside it they hold so. An owned single licence still allows the school upgrade.
 */
export function coverRefusal(requested: 'single' | 'school', cover: Cover | undefined): CoverRefusal | null {
  if (!cover) return null;
  if (cover.pendingOrderId !== null) return { reason: 'order_pending', order_id: cover.pendingOrderId };
  if (licenceToBuy(requested, cover.heldKind) === null) return { reason: 'already_owned' };
  if (cover.contentKinds.some((kind) => licenceToBuy(requested, kind) === null))
    return { reason: 'bundle_contains_owned' };
  return null;
}
