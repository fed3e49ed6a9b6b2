import 'server-only';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { parseId } from '@/lib/input/schemas';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { downloadUrl } from '@/lib/downloads/links';
import { coverRefusal, readCover } from './coverage';

/** A material page asks for one; a page of cards fits too. More in one call is refused. */
export const MAX_BUYER_STATE_IDS = 50;

/**
 * `ids` of `GET v3/materials/my-licences`: material ids, comma-separated (`12,34`) or repeated
 * (`ids=12&ids=34`), at least one and at most MAX_BUYER_STATE_IDS, each a valid row id.
 */
export const buyerStateIdsSchema = z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(','));
  const ids = parts.map(parseId);
  if (ids.some((id) => id === null)) {
    ctx.addIssue({ code: 'custom', message: 'Expected material ids (whole numbers), separated by commas' });
    return z.NEVER;
  }
  const unique = [...new Set(ids as number[])];
  if (unique.length > MAX_BUYER_STATE_IDS) {
    ctx.addIssue({ code: 'custom', message: `At most ${MAX_BUYER_STATE_IDS} ids` });
    return z.NEVER;
  }
  return unique;
});

/** Why a licence of a material cannot be added to the buyer's cart now (the add call's 409 reasons). */
export type AddRefusalReason = 'own_material' | 'already_owned' | 'bundle_contains_owned' | 'order_pending';

/** What one signed-in buyer has to do with one material, as the material page shows it. */
export interface BuyerMaterialState {
  material_id: number;
  /** The best licence held, of the material itself or of a bundle it is in; null: none. */
  licence: 'single' | 'school' | null;
  /** A signed link (valid minutes) to download the file, when a licence of this very material is held and a file is released. */
  download_url: string | null;
  /** The buyer's own order holding it (or a bundle with it, or one of a bundle's materials) that waits for payment. */
  pending_order: { id: number; reference: string; provider: 'invoice' | 'card' } | null;
  /** The buyer is its seller. */
  own_material: boolean;
  /** Per licence, why adding it is refused now (the same rule the add call and the checkout apply), or null. */
  refused: { single: AddRefusalReason | null; school: AddRefusalReason | null };
}

/**
 * The buyer's relation to each of these materials: what they hold, the unpaid order of theirs
 * holding it, whether it is their own, and which licences the cart would refuse and why. Only
 * materials with something to say are listed; an unknown id says nothing. The rule is the one of
 * `coverage.ts`, so the page never offers what the cart refuses.
 */
export async function listBuyerStates(
  userId: number,
  materialIds: readonly number[],
  now: Date = new Date(),
): Promise<BuyerMaterialState[]> {
  if (materialIds.length === 0) return [];
  const db = getDb();
  const [covers, authored, downloadable] = await Promise.all([
    readCover(db, userId, materialIds, now),
    db
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(and(inArray(t.materials.id, [...materialIds]), eq(t.materials.authorId, userId))),
    // A licence of the material itself (not only of a bundle it is in) and a released file.
    db
      .selectDistinct({ id: t.licences.materialId })
      .from(t.licences)
      .innerJoin(t.materialFileVersions, eq(t.materialFileVersions.materialId, t.licences.materialId))
      .where(
        and(
          eq(t.licences.userId, userId),
          inArray(t.licences.materialId, [...materialIds]),
          isNull(t.licences.revokedAt),
          isNotNull(t.materialFileVersions.publishedAt),
        ),
      ),
  ]);
  const own = new Set(authored.map((row) => row.id));
  const files = new Set(downloadable.map((row) => row.id));
  const pendingIds = [...new Set([...covers.values()].flatMap((cover) => cover.pendingOrderId ?? []))];
  const pending = pendingIds.length
    ? await db
        .select({ id: t.orders.id, reference: t.orders.reference, provider: t.orders.provider })
        .from(t.orders)
        .where(and(inArray(t.orders.id, pendingIds), eq(t.orders.userId, userId)))
    : [];
  const orders = new Map(pending.map((order) => [order.id, order]));
  const states: BuyerMaterialState[] = [];
  for (const id of materialIds) {
    const cover = covers.get(id);
    const order = cover?.pendingOrderId != null ? orders.get(cover.pendingOrderId) : undefined;
    const isOwn = own.has(id);
    const refusal = (licence: 'single' | 'school'): AddRefusalReason | null =>
      isOwn ? 'own_material' : (coverRefusal(licence, cover)?.reason ?? null);
    const state: BuyerMaterialState = {
      material_id: id,
      licence: cover?.heldKind ?? null,
      download_url: files.has(id) ? downloadUrl(userId, id, now.getTime()) : null,
      pending_order: order
        ? { id: order.id, reference: order.reference, provider: order.provider === 'card' ? 'card' : 'invoice' }
        : null,
      own_material: isOwn,
      refused: { single: refusal('single'), school: refusal('school') },
    };
    if (state.licence || state.pending_order || isOwn || state.refused.single || state.refused.school)
      states.push(state);
  }
  return states;
}
