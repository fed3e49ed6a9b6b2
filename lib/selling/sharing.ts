import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { absoluteLink } from '@/lib/accounts/links';
import { ensureAccountState } from '@/lib/cabinet/account-state';
import { isOnSale } from '@/lib/catalog/labels';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { mediaUrl } from '@/lib/routing/media-url';
import { getMessages, type Messages } from '@/lib/i18n/messages';
import { formatPrice } from '@/lib/pricing/format-price';
import { getPublicOrigin } from '@/lib/seo/origin';
import { getStorage } from '@/lib/storage/storage';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { renderShareCard } from './share-card';

/** How many of a seller's published materials the sharing page offers (the newest). */
export const SHAREABLE_LIST_LIMIT = 500;

export interface ShareableListItem {
  id: number;
  title: string;
  world: WorldCode;
}

/**
 * What can be shared is what anyone can open: published, not hidden by Kreide, not deleted
 * (the catalogue's `is_active`), and the seller's own.
 */
const shareable = (sellerId: number) =>
  and(
    eq(t.materials.authorId, sellerId),
    eq(t.materials.isActive, true),
    eq(t.materials.status, 'published'),
    isNull(t.materials.deletedAt),
  );

/** The seller's shareable materials, most recently published first, at most SHAREABLE_LIST_LIMIT. */
export async function listShareableMaterials(sellerId: number): Promise<ShareableListItem[]> {
  return getDb()
    .select({ id: t.materials.id, title: t.materials.title, world: t.materials.world })
    .from(t.materials)
    .where(shareable(sellerId))
    .orderBy(sql`${t.materials.publishedAt} DESC NULLS LAST`, desc(t.materials.id))
    .limit(SHAREABLE_LIST_LIMIT);
}

export interface ShareableMaterial {
  id: number;
  title: string;
  slug: string;
  world: WorldCode;
  /** What a buyer pays now (the sale price while a sale runs), in minor units; 0 is free. */
  priceCents: number;
  currency: string;
  coverPath: string | null;
  authorName: string;
}

/** One of the seller's shareable materials, or null (someone else's, a draft, hidden, missing). */
export async function getShareableMaterial(sellerId: number, materialId: number): Promise<ShareableMaterial | null> {
  const [row] = await getDb()
    .select({
      id: t.materials.id,
      title: t.materials.title,
      slug: t.materials.slug,
      world: t.materials.world,
      priceCents: t.materials.priceCents,
      salePriceCents: t.materials.salePriceCents,
      saleEndsAt: t.materials.saleEndsAt,
      currency: t.materials.currency,
      authorName: t.users.publicName,
      coverPath: sql<
        string | null
      >`(SELECT storage_path FROM material_files f WHERE f.material_id = ${t.materials.id} AND f.type = 'cover' ORDER BY f.id DESC LIMIT 1)`,
    })
    .from(t.materials)
    .innerJoin(t.users, eq(t.users.id, t.materials.authorId))
    .where(and(eq(t.materials.id, materialId), shareable(sellerId)));
  if (!row) return null;
  const { salePriceCents, saleEndsAt, ...rest } = row;
  return {
    ...rest,
    priceCents: salePriceCents !== null && isOnSale({ salePriceCents, saleEndsAt }) ? salePriceCents : row.priceCents,
  };
}

/** The material's public page, absolute, in its own world. */
export function materialShareUrl(material: Pick<ShareableMaterial, 'id' | 'slug' | 'world'>): string {
  return absoluteLink(material.world, 'material', { id: String(material.id), slug: material.slug });
}

/** The public address of the material's cover, for a pin; null without a cover. */
export function coverImageUrl(material: Pick<ShareableMaterial, 'coverPath'>): string | null {
  return material.coverPath ? `${getPublicOrigin()}${mediaUrl(material.coverPath)}` : null;
}

/** A text of `seller.sharing.card` in a language (falling back per key as every text does). */
function cardText(world: WorldCode, key: 'by' | 'free'): string {
  const seller = getMessages(getWorld(world).language).seller as Messages;
  const card = (seller.sharing as Messages).card as Messages;
  return String(card[key]);
}

/**
 * The image card of one of the seller's shareable materials as PNG (lib/selling/share-card.ts),
 * worded in the material's world: its language, its price format. Null when the material is not
 * one of theirs to share. A cover that is missing from storage or unreadable gives the drawn
 * placeholder instead of an error.
 */
export async function shareCardFor(
  sellerId: number,
  materialId: number,
): Promise<{ png: Buffer; fileName: string } | null> {
  const material = await getShareableMaterial(sellerId, materialId);
  if (!material) return null;
  const world = getWorld(material.world);
  const cover = material.coverPath
    ? await getStorage()
        .read(material.coverPath)
        .catch(() => null)
    : null;
  const png = await renderShareCard({
    title: material.title,
    byline: cardText(world.code, 'by').replace('{name}', material.authorName),
    price:
      material.priceCents === 0
        ? cardText(world.code, 'free')
        : formatPrice(material.priceCents, material.currency, world.locale),
    cover,
    locale: world.locale,
  });
  return { png, fileName: `kreide-${material.id}.png` };
}

export interface ShareProfile {
  isSeller: boolean;
  /** The teacher's invitation link (it earns credit), absolute, in the page's world. */
  inviteUrl: string | null;
  /** The seller's author page, absolute, in the page's world; null for a teacher who does not sell. */
  authorUrl: string | null;
  publicName: string;
}

/**
 * What the share page offers a teacher: their invitation link and, for a seller, their author
 * page. An account without an account-state row (older, imported) gets one, with its code.
 */
export async function getShareProfile(userId: number, world: WorldCode): Promise<ShareProfile | null> {
  const db = getDb();
  const read = () =>
    db
      .select({
        isSeller: t.users.isSeller,
        slug: t.users.slug,
        publicName: t.users.publicName,
        inviteCode: t.accountStates.inviteCode,
      })
      .from(t.users)
      .leftJoin(t.accountStates, eq(t.accountStates.userId, t.users.id))
      .where(eq(t.users.id, userId));
  let [row] = await read();
  if (!row) return null;
  if (row.inviteCode === null) {
    await ensureAccountState(db, userId);
    [row] = await read();
  }
  return {
    isSeller: row!.isSeller,
    publicName: row!.publicName,
    inviteUrl: row!.inviteCode ? absoluteLink(world, 'invitation', { code: row!.inviteCode }) : null,
    authorUrl: row!.isSeller ? absoluteLink(world, 'author', { id: String(userId), slug: row!.slug }) : null,
  };
}
