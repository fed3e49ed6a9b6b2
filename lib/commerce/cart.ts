import 'server-only';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Database } from '@/lib/db/client';
import { getMessages } from '@/lib/i18n/messages';
import * as t from '@/lib/db/schema';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { buyerVat } from './buyer-vat';
import { CART_LINE_MATERIAL_COLUMNS, licenceToBuy, offeredInCart, pricingLines } from './cart-lines';
import { hashCartToken, newCartToken } from './cart-token';
import { sellerShareBasisPoints } from './commission';
import { coverRefusal, readCover, type CoverRefusal } from './coverage';
import { getCredits } from './credits';
import type { CartLicence } from './licence-price';
import { priceCart, type PricedCart, type VoucherError } from './pricing';
import { findUsableVoucher, normaliseVoucherCode } from './vouchers';

/** A cart holds at most this many materials (a school's term order fits; a script's flood does not). */
export const MAX_CART_ITEMS = 100;

/** Whose cart: a signed-in user's, or the holder of a cart token; always in one world. */
export interface CartOwner {
  world: WorldCode;
  userId: number | null;
  cartToken: string | null;
}

type CartRow = typeof t.carts.$inferSelect;

async function findCart(db: Database, owner: CartOwner): Promise<CartRow | null> {
  if (owner.userId !== null) {
    const [row] = await db
      .select()
      .from(t.carts)
      .where(and(eq(t.carts.userId, owner.userId), eq(t.carts.world, owner.world)));
    return row ?? null;
  }
  if (!owner.cartToken) return null;
  const [row] = await db
    .select()
    .from(t.carts)
    .where(
      and(
        eq(t.carts.tokenHash, hashCartToken(owner.cartToken)),
        eq(t.carts.world, owner.world),
        isNull(t.carts.userId),
      ),
    );
  return row ?? null;
}

/**
 * The owner's cart, made on first use (an anonymous owner without a token is given one), and
 * marked as just used: one upsert, which also settles two first adds at the same moment.
 */
async function findOrCreateCart(db: Database, owner: CartOwner): Promise<{ cart: CartRow; token: string | null }> {
  const now = new Date();
  if (owner.userId !== null) {
    const [cart] = await db
      .insert(t.carts)
      .values({ world: owner.world, userId: owner.userId })
      .onConflictDoUpdate({ target: [t.carts.userId, t.carts.world], set: { updatedAt: now } })
      .returning();
    return { cart: cart!, token: owner.cartToken };
  }
  const token = owner.cartToken ?? newCartToken();
  const [cart] = await db
    .insert(t.carts)
    .values({ world: owner.world, tokenHash: hashCartToken(token) })
    .onConflictDoUpdate({ target: [t.carts.tokenHash, t.carts.world], set: { updatedAt: now } })
    .returning();
  return { cart: cart!, token };
}

/**
 * The licence a signed-in buyer's cart line gets (an owned single licence turns a school licence
 * into the upgrade), or the refusal why the material cannot go into a payable order of theirs:
 * owned, a bundle with owned contents, or on an order waiting for its payment.
 */
async function lineFor(
  db: Database,
  userId: number,
  materialId: number,
  requested: 'single' | 'school',
): Promise<CartLicence> {
  const cover = (await readCover(db, userId, [materialId])).get(materialId);
  const refusal = coverRefusal(requested, cover);
  if (refusal) throw new AppError('conflict', undefined, refusal);
  return licenceToBuy(requested, cover?.heldKind) ?? requested;
}

/** Adds a material (or bundle) to the owner's cart. Returns the cart and the token it is under. */
export async function addToCart(
  owner: CartOwner,
  materialId: number,
  licence: 'single' | 'school',
): Promise<{ cart: CartView; token: string | null }> {
  const db = getDb();
  const [material] = await db
    .select({
      id: t.materials.id,
      world: t.materials.world,
      authorId: t.materials.authorId,
      priceCents: t.materials.priceCents,
      isActive: t.materials.isActive,
      deletedAt: t.materials.deletedAt,
    })
    .from(t.materials)
    .where(eq(t.materials.id, materialId));
  if (!material || !material.isActive || material.deletedAt || material.world !== owner.world)
    throw new AppError('not_found', undefined, { reason: 'material_not_found' });
  if (material.priceCents === 0) throw new AppError('conflict', undefined, { reason: 'free_material' });
  let lineKind: CartLicence = licence;
  if (owner.userId !== null) {
    if (material.authorId === owner.userId) throw new AppError('conflict', undefined, { reason: 'own_material' });
    lineKind = await lineFor(db, owner.userId, materialId, licence);
  }
  const { cart, token } = await findOrCreateCart(db, owner);
  // The line goes in unless the cart is full (a material already there only changes licence):
  // the count and the insert are one statement.
  const added = await db.execute(sql`
    INSERT INTO ${t.cartItems} (cart_id, material_id, licence)
    SELECT ${cart.id}, ${materialId}, ${lineKind}
    WHERE (SELECT count(*) FROM ${t.cartItems}
           WHERE ${t.cartItems.cartId} = ${cart.id} AND ${t.cartItems.materialId} <> ${materialId}) < ${MAX_CART_ITEMS}
    ON CONFLICT (cart_id, material_id) DO UPDATE SET licence = excluded.licence
    RETURNING material_id`);
  if (added.rows.length === 0) throw new AppError('conflict', undefined, { reason: 'cart_full' });
  return { cart: await viewCart({ ...owner, cartToken: token }, new Date(), cart), token };
}

/** Removes a material from the owner's cart (removing one that is not there changes nothing). */
export async function removeFromCart(owner: CartOwner, materialId: number): Promise<CartView> {
  const db = getDb();
  const cart = await findCart(db, owner);
  if (cart) {
    await db.delete(t.cartItems).where(and(eq(t.cartItems.cartId, cart.id), eq(t.cartItems.materialId, materialId)));
    await touch(db, cart.id);
  }
  return viewCart(owner);
}

/**
 * Puts a voucher code on the cart, or takes it off (null). A code that cannot be used is still
 * kept, so the cart shows it with the reason in the buyer's language; it changes no price.
 */
export async function setCartVoucher(
  owner: CartOwner,
  code: string | null,
): Promise<{ cart: CartView; token: string | null }> {
  const db = getDb();
  const { cart, token } = await findOrCreateCart(db, owner);
  await db
    .update(t.carts)
    .set({ voucherCode: code === null ? null : normaliseVoucherCode(code), updatedAt: new Date() })
    .where(eq(t.carts.id, cart.id));
  return { cart: await viewCart({ ...owner, cartToken: token }), token };
}

/** How much credit to spend: none (null), all of it, or at most an amount. Signed-in buyers only. */
export async function setCartCredits(owner: CartOwner & { userId: number }, credits: number | 'all' | null) {
  const db = getDb();
  const { cart } = await findOrCreateCart(db, owner);
  const requested = credits === 'all' ? MAX_CREDIT_REQUEST : credits;
  await db
    .update(t.carts)
    .set({ creditsRequestedMinor: requested, updatedAt: new Date() })
    .where(eq(t.carts.id, cart.id));
  return viewCart(owner);
}

/** "All my credit", stored as the largest amount a balance can reach. */
const MAX_CREDIT_REQUEST = 2_000_000_000;

async function touch(db: Database, cartId: number): Promise<void> {
  await db.update(t.carts).set({ updatedAt: new Date() }).where(eq(t.carts.id, cartId));
}

/** One line of the cart as the API answers it. */
export interface CartItemView {
  material: {
    id: number;
    title: string;
    slug: string;
    isBundle: boolean;
    hasFixedPrice: boolean;
    price: number;
    currency: string;
    sellerId: number;
  };
  licence: CartLicence;
  originalPrice: number;
  finalPrice: number;
  inBundle: boolean;
}

/**
 * A line of the cart that is not offered for ordering, and why: the buyer owns it (or a bundle
 * with it, or a material inside the bundle), or it is on an order of theirs waiting for payment
 * (`orderId`, to pay that order instead). Not priced, not ordered; the buyer can remove it.
 */
export interface BlockedCartItemView {
  material: { id: number; title: string; slug: string; isBundle: boolean };
  licence: CartLicence;
  reason: CoverRefusal['reason'];
  orderId: number | null;
}

/** The cart as `GET v1/cart/view` answers it under `items.cart` (amounts in minor units). */
export interface CartView {
  token: string | null;
  loaded: true;
  world: WorldCode;
  currency: string;
  cartItems: CartItemView[];
  /** Lines the buyer cannot order now, with the reason (see BlockedCartItemView). */
  blockedItems: BlockedCartItemView[];
  itemsInBundles: number[];
  voucher: { code: string } | null;
  /** Why the voucher on the cart takes nothing off, with the reason in the world's language. */
  voucherError: { code: VoucherError; message: string } | null;
  usedCredits: number;
  availableCredits: number;
  hadCredits: boolean;
  originalPrice: number;
  totalVoucherDiscount: number;
  finalPrice: number;
  vat: { kind: string; country: string; rateBasisPoints: number; amount: number; net: number };
}

/**
 * The owner's cart, priced now on the server (nothing a client sent about prices is used).
 * `cart` is its row when the caller has just written it.
 */
export async function viewCart(owner: CartOwner, now: Date = new Date(), cart?: CartRow): Promise<CartView> {
  const quote = await quoteCart(getDb(), owner, now, { cart });
  return quote.view;
}

/** Everything the checkout needs besides the view: the cart row and the full pricing. */
export interface CartQuote {
  cart: CartRow | null;
  view: CartView;
  priced: PricedCart;
  voucherId: number | null;
  vat: Awaited<ReturnType<typeof buyerVat>>;
  sellerActivePaidMaterials: Map<number, number>;
  titles: Map<number, string>;
}

/**
 * The cart priced now. `forOrder` also counts each seller's active paid materials for their
 * commission tier, which only an order records (the view shows no seller shares). `cart` and
 * `billing` are the cart row and the buyer's billing address when the caller has just read them
 * (null: there is none), so they are not read again.
 */
export async function quoteCart(
  db: Database,
  owner: CartOwner,
  now: Date = new Date(),
  options: {
    forOrder?: boolean;
    cart?: CartRow | null;
    billing?: { countryCode: string; vatId: string | null } | null;
  } = {},
): Promise<CartQuote> {
  const currency = getWorld(owner.world).currency;
  const { cart, lines, credits: knownCredits } = await readCartLines(db, owner, options.cart);
  // What the buyer came to own since adding it (another tab's order), or ordered and has not paid
  // yet, is not offered again: the view says why instead.
  const covers =
    owner.userId !== null && lines.length > 0
      ? await readCover(
          db,
          owner.userId,
          lines.map((line) => line.materialId),
          now,
        )
      : new Map<number, never>();
  const blockedItems: BlockedCartItemView[] = [];
  const rows = lines.flatMap((row) => {
    const requested = row.licence === 'single' ? 'single' : 'school';
    const cover = covers.get(row.materialId);
    const refusal = coverRefusal(requested, cover);
    if (refusal) {
      blockedItems.push({
        material: { id: row.materialId, title: row.title, slug: row.slug, isBundle: row.isBundle },
        licence: row.licence as CartLicence,
        reason: refusal.reason,
        orderId: refusal.reason === 'order_pending' ? refusal.order_id : null,
      });
      return [];
    }
    return [{ ...row, licence: licenceToBuy(requested, cover?.heldKind) ?? requested }];
  });
  const pricing = await pricingLines(db, rows, now);
  const sellerIds = [...new Set(rows.map((row) => row.authorId))];
  const sellerActivePaidMaterials = options.forOrder
    ? await activePaidMaterials(db, sellerIds)
    : new Map<number, number>();

  const voucherState = cart?.voucherCode
    ? await findUsableVoucher(db, cart.voucherCode, { world: owner.world, userId: owner.userId }, now)
    : null;
  const credits =
    owner.userId === null
      ? { availableCredits: 0, hadCredits: false }
      : (knownCredits ?? (await getCredits(db, owner.userId, owner.world)));
  const vat = await buyerVat(db, owner.userId, owner.world, now, options.billing);

  const priced = priceCart({
    currency,
    lines: pricing,
    voucher: voucherState?.voucher && !voucherState.error ? voucherInput(voucherState.voucher) : null,
    credits: {
      availableMinor: credits.availableCredits,
      requestedMinor: Math.min(cart?.creditsRequestedMinor ?? 0, credits.availableCredits),
    },
    vat: { rateBasisPoints: vat.rateBasisPoints },
    sellerShareBasisPoints: (sellerId) => sellerShareBasisPoints(sellerActivePaidMaterials.get(sellerId) ?? 0),
  });

  const voucherError: VoucherError | null = voucherState?.error ?? priced.voucher?.error ?? null;
  const view: CartView = {
    token: owner.userId === null ? owner.cartToken : null,
    loaded: true,
    world: owner.world,
    currency,
    cartItems: rows.map((row, index) => {
      const line = priced.lines[index]!;
      return {
        material: {
          id: row.materialId,
          title: row.title,
          slug: row.slug,
          isBundle: row.isBundle,
          hasFixedPrice: row.hasFixedPrice,
          price: line.unitGross,
          currency,
          sellerId: row.authorId,
        },
        licence: row.licence as CartLicence,
        originalPrice: line.chargedGross,
        finalPrice: line.payableGross,
        inBundle: line.inBundle,
      };
    }),
    blockedItems,
    itemsInBundles: priced.itemsInBundles,
    voucher: cart?.voucherCode ? { code: cart.voucherCode } : null,
    voucherError:
      cart?.voucherCode && voucherError
        ? { code: voucherError, message: voucherErrorText(owner.world, voucherError) }
        : null,
    usedCredits: priced.usedCredits,
    availableCredits: credits.availableCredits,
    hadCredits: credits.hadCredits,
    originalPrice: priced.originalPrice,
    totalVoucherDiscount: priced.totalVoucherDiscount,
    finalPrice: priced.finalPrice,
    vat: {
      kind: vat.kind,
      country: vat.country,
      rateBasisPoints: vat.rateBasisPoints,
      amount: priced.vatTotal,
      net: priced.netTotal,
    },
  };
  return {
    cart,
    view,
    priced,
    voucherId: voucherState?.voucher && !voucherError ? voucherState.voucher.id : null,
    vat,
    sellerActivePaidMaterials,
    titles: new Map(rows.map((row) => [row.materialId, row.title])),
  };
}

/** A line of the cart with what pricing needs, and the licence the buyer holds of it now. */
interface CartLineRow {
  materialId: number;
  licence: string;
  title: string;
  slug: string;
  authorId: number;
  priceCents: number;
  salePriceCents: number | null;
  saleEndsAt: Date | null;
  schoolPriceCents: number | null;
  hasFixedPrice: boolean;
  isBundle: boolean;
}

/**
 * The owner's cart row (or the one given), its lines still on offer (a material withdrawn,
 * deleted or made free since it was added is simply no longer offered), each with the licence the
 * buyer holds of it, and a signed-in owner's credit in the world: one query, because every cart
 * call and checkout reads all of it and the embedded database answers one query at a time.
 * `credits` is null when there is no cart row to read it with.
 */
async function readCartLines(
  db: Database,
  owner: CartOwner,
  known?: CartRow | null,
): Promise<{
  cart: CartRow | null;
  lines: CartLineRow[];
  credits: { availableCredits: number; hadCredits: boolean } | null;
}> {
  if (known === null) return { cart: null, lines: [], credits: null };
  const ownerCondition = known
    ? eq(t.carts.id, known.id)
    : owner.userId !== null
      ? and(eq(t.carts.userId, owner.userId), eq(t.carts.world, owner.world))
      : owner.cartToken
        ? and(
            eq(t.carts.tokenHash, hashCartToken(owner.cartToken)),
            eq(t.carts.world, owner.world),
            isNull(t.carts.userId),
          )
        : null;
  if (!ownerCondition) return { cart: null, lines: [], credits: null };
  const signedIn = owner.userId !== null;
  const rows = await db
    .select({
      cart: t.carts,
      materialId: t.materials.id,
      licence: t.cartItems.licence,
      ...CART_LINE_MATERIAL_COLUMNS,
      balance: signedIn
        ? sql<number | null>`(SELECT ${t.creditBalances.balanceMinor} FROM ${t.creditBalances}
            WHERE ${t.creditBalances.userId} = ${owner.userId} AND ${t.creditBalances.world} = ${owner.world})`
        : sql<number | null>`NULL`,
      hadCredits: signedIn
        ? sql<boolean | null>`(SELECT ${t.creditBalances.hadCredits} FROM ${t.creditBalances}
            WHERE ${t.creditBalances.userId} = ${owner.userId} AND ${t.creditBalances.world} = ${owner.world})`
        : sql<boolean | null>`NULL`,
    })
    .from(t.carts)
    .leftJoin(t.cartItems, eq(t.cartItems.cartId, t.carts.id))
    .leftJoin(t.materials, and(eq(t.materials.id, t.cartItems.materialId), offeredInCart(owner.world)))
    .where(ownerCondition)
    .orderBy(t.cartItems.addedAt, t.cartItems.materialId);
  const first = rows[0];
  if (!first) return { cart: null, lines: [], credits: null };
  return {
    cart: first.cart,
    lines: rows.flatMap((row) =>
      row.materialId !== null && row.licence !== null && row.title !== null && row.authorId !== null
        ? [
            {
              materialId: row.materialId,
              licence: row.licence,
              title: row.title,
              slug: row.slug!,
              authorId: row.authorId,
              priceCents: row.priceCents!,
              salePriceCents: row.salePriceCents,
              saleEndsAt: row.saleEndsAt,
              schoolPriceCents: row.schoolPriceCents,
              hasFixedPrice: row.hasFixedPrice!,
              isBundle: row.isBundle!,
            },
          ]
        : [],
    ),
    credits: { availableCredits: Number(first.balance ?? 0), hadCredits: first.hadCredits === true },
  };
}

/** The buyer-facing text of a voucher error in the world's language. */
export function voucherErrorText(world: WorldCode, error: VoucherError): string {
  const texts = getMessages(getWorld(world).language).cart;
  const errors = typeof texts === 'object' ? texts.voucherErrors : undefined;
  const text = typeof errors === 'object' ? errors[error] : undefined;
  return typeof text === 'string' ? text : error;
}

function voucherInput(voucher: typeof t.vouchers.$inferSelect) {
  return voucher.kind === 'percent'
    ? {
        code: voucher.code,
        kind: 'percent' as const,
        percentBasisPoints: voucher.percentBasisPoints ?? 0,
        minimumOrderMinor: voucher.minimumOrderMinor,
      }
    : {
        code: voucher.code,
        kind: 'amount' as const,
        amountMinor: voucher.amountMinor ?? 0,
        currency: voucher.currency,
        minimumOrderMinor: voucher.minimumOrderMinor,
      };
}

/** Active paid materials per seller, the count that chooses the commission tier. */
async function activePaidMaterials(db: Database, sellerIds: number[]): Promise<Map<number, number>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db
    .select({ sellerId: t.materials.authorId, n: count() })
    .from(t.materials)
    .where(
      and(
        inArray(t.materials.authorId, sellerIds),
        eq(t.materials.isActive, true),
        isNull(t.materials.deletedAt),
        sql`${t.materials.priceCents} > 0`,
      ),
    )
    .groupBy(t.materials.authorId);
  return new Map(rows.map((row) => [row.sellerId, row.n]));
}

/**
 * At sign-in, the anonymous carts of `cartToken` (one per world) join the user's carts: their
 * items are added unless the user wrote them (an owned single licence turns a school line into
 * the upgrade), the user's own lines win on a clash, and the anonymous cart is gone afterwards,
 * so the token opens nothing any more. A line the user owns or has on an unpaid order comes
 * along too, so the cart can say why it will not be ordered (see quoteCart's blocked items).
 */
export async function mergeAnonymousCart(userId: number, cartToken: string): Promise<number> {
  const db = getDb();
  const anonymous = await db
    .select()
    .from(t.carts)
    .where(and(eq(t.carts.tokenHash, hashCartToken(cartToken)), isNull(t.carts.userId)));
  let moved = 0;
  for (const source of anonymous) {
    const items = await db
      .select({ materialId: t.cartItems.materialId, licence: t.cartItems.licence, authorId: t.materials.authorId })
      .from(t.cartItems)
      .innerJoin(t.materials, eq(t.materials.id, t.cartItems.materialId))
      .where(eq(t.cartItems.cartId, source.id));
    const covers = await readCover(
      db,
      userId,
      items.map((item) => item.materialId),
    );
    await db.transaction(async (tx) => {
      const { cart: target } = await findOrCreateCart(tx as unknown as Database, {
        world: source.world,
        userId,
        cartToken: null,
      });
      for (const item of items) {
        if (item.authorId === userId) continue;
        const requested = item.licence === 'single' ? 'single' : 'school';
        const licence = licenceToBuy(requested, covers.get(item.materialId)?.heldKind) ?? requested;
        const inserted = await tx
          .insert(t.cartItems)
          .values({ cartId: target.id, materialId: item.materialId, licence })
          .onConflictDoNothing()
          .returning({ id: t.cartItems.materialId });
        moved += inserted.length;
      }
      if (source.voucherCode && !target.voucherCode)
        await tx.update(t.carts).set({ voucherCode: source.voucherCode }).where(eq(t.carts.id, target.id));
      await tx.delete(t.carts).where(eq(t.carts.id, source.id));
    });
  }
  return moved;
}

/**
 * Copies lines of another cart into the owner's cart (restoring a cart from a reminder's link),
 * by the rules of adding one by one: a material no longer offered here (withdrawn, deleted,
 * free, another world's), the owner's own, what the owner already owns and what waits on an
 * unpaid order of theirs are left out, an
 * owned single licence turns a school licence into the upgrade, the owner's own lines win on a
 * clash, and the cart stops at MAX_CART_ITEMS. Prices are not copied: the cart prices itself.
 * Returns the cart and the token it is under (an anonymous owner without one is given one when
 * something is added).
 */
export async function copyLinesIntoCart(
  owner: CartOwner,
  lines: readonly { materialId: number; licence: CartLicence }[],
): Promise<{ cart: CartView; token: string | null }> {
  const db = getDb();
  const ids = lines.map((line) => line.materialId);
  const materials = ids.length
    ? await db
        .select({
          id: t.materials.id,
          world: t.materials.world,
          authorId: t.materials.authorId,
          priceCents: t.materials.priceCents,
          isActive: t.materials.isActive,
          deletedAt: t.materials.deletedAt,
        })
        .from(t.materials)
        .where(inArray(t.materials.id, ids))
    : [];
  const byId = new Map(materials.map((material) => [material.id, material]));
  const covers = owner.userId !== null ? await readCover(db, owner.userId, ids) : new Map<number, never>();
  const wanted = lines.flatMap((line) => {
    const material = byId.get(line.materialId);
    if (!material || !material.isActive || material.deletedAt || material.world !== owner.world) return [];
    if (material.priceCents === 0 || material.authorId === owner.userId) return [];
    const requested = line.licence === 'single' ? 'single' : 'school';
    if (owner.userId === null) return [{ materialId: line.materialId, licence: requested as CartLicence }];
    const cover = covers.get(line.materialId);
    if (coverRefusal(requested, cover)) return [];
    return [{ materialId: line.materialId, licence: licenceToBuy(requested, cover?.heldKind) ?? requested }];
  });
  if (wanted.length === 0) return { cart: await viewCart(owner), token: owner.cartToken };
  const { cart, token } = await findOrCreateCart(db, owner);
  const present = await db
    .select({ materialId: t.cartItems.materialId })
    .from(t.cartItems)
    .where(eq(t.cartItems.cartId, cart.id));
  const have = new Set(present.map((row) => row.materialId));
  const room = Math.max(0, MAX_CART_ITEMS - have.size);
  const added = wanted.filter((line) => !have.has(line.materialId)).slice(0, room);
  if (added.length > 0)
    await db
      .insert(t.cartItems)
      .values(added.map((line) => ({ cartId: cart.id, materialId: line.materialId, licence: line.licence })))
      .onConflictDoNothing();
  return { cart: await viewCart({ ...owner, cartToken: token }), token };
}
