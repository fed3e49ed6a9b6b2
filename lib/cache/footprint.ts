import { eq, or } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { TAGS } from './tags';

/**
 * Where an author's name and picture appear besides their own pages, as tags: each of their
 * materials (cards and detail pages name the author), the lists of the worlds those materials and
 * the author belong to, their blog posts, the follow lists of their followers, and the landings.
 * Read from the database after the change committed; a few indexed queries by author id.
 */
export async function authorFootprintTags(authorId: number): Promise<string[]> {
  const db = getDb();
  const [materials, posts, followers, users] = await Promise.all([
    db
      .select({ id: t.materials.id, world: t.materials.world })
      .from(t.materials)
      .where(eq(t.materials.authorId, authorId)),
    db.select({ id: t.blogPosts.id }).from(t.blogPosts).where(eq(t.blogPosts.authorId, authorId)),
    db.select({ id: t.authorFollows.followerId }).from(t.authorFollows).where(eq(t.authorFollows.authorId, authorId)),
    db.select({ world: t.users.world }).from(t.users).where(eq(t.users.id, authorId)),
  ]);
  const worlds = new Set([...materials.map((m) => m.world), ...users.map((u) => u.world)]);
  return [
    ...materials.map((m) => TAGS.material(m.id)),
    ...posts.map((p) => TAGS.blogPost(p.id)),
    ...followers.map((f) => TAGS.followList(f.id)),
    ...[...worlds].filter(isWorldTagCode).map((world) => TAGS.world(world)),
    ...users.filter((u) => isWorldTagCode(u.world)).map((u) => TAGS.popularAuthors(u.world)),
    TAGS.landings,
  ];
}

/**
 * The lists an author is on whatever changed on their profile: the popular-authors shelf of their
 * world (follower counts; a private profile leaves it).
 */
export async function authorListTags(authorId: number): Promise<string[]> {
  const [user] = await getDb().select({ world: t.users.world }).from(t.users).where(eq(t.users.id, authorId));
  return user && isWorldTagCode(user.world) ? [TAGS.popularAuthors(user.world)] : [];
}

/**
 * What a material's change reaches besides its own page, as tags: its author's pages and lists,
 * its world's lists, the bundles it belongs to and the items of a bundle (their pages show each
 * other), and the landings. Empty when there is no such material.
 */
export async function materialFootprintTags(materialId: number): Promise<string[]> {
  const db = getDb();
  const [[material], related] = await Promise.all([
    db
      .select({ world: t.materials.world, authorId: t.materials.authorId })
      .from(t.materials)
      .where(eq(t.materials.id, materialId)),
    db
      .select({ bundleId: t.bundleItems.bundleId, materialId: t.bundleItems.materialId })
      .from(t.bundleItems)
      .where(or(eq(t.bundleItems.bundleId, materialId), eq(t.bundleItems.materialId, materialId))),
  ]);
  if (!material) return [];
  const others = new Set(related.flatMap((r) => [r.bundleId, r.materialId]));
  others.delete(materialId);
  return [
    TAGS.author(material.authorId),
    ...(isWorldTagCode(material.world) ? [TAGS.world(material.world)] : []),
    ...[...others].map((id) => TAGS.material(id)),
    TAGS.landings,
  ];
}

// Rows hold world codes; one that is not a code names no world list (and would not make a tag).
function isWorldTagCode(code: string): boolean {
  return /^[a-z]{2}$/.test(code);
}

/**
 * The cabinets an order's payment or refund changes: each seller's figures, and the buyer's own
 * pages kept rendered (their folders of bought materials), which no write of theirs expires
 * when a webhook or an admin settles the order.
 */
export async function orderCabinetTags(orderId: number): Promise<string[]> {
  const [sellers, [order]] = await Promise.all([
    getDb()
      .selectDistinct({ sellerId: t.orderItems.sellerId })
      .from(t.orderItems)
      .where(eq(t.orderItems.orderId, orderId)),
    getDb().select({ userId: t.orders.userId }).from(t.orders).where(eq(t.orders.id, orderId)),
  ]);
  const tags = sellers.map((row) => TAGS.seller(row.sellerId));
  if (order?.userId) tags.push(TAGS.accountPages(order.userId));
  return tags;
}
