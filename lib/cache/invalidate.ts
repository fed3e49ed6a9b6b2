import { revalidateTag } from 'next/cache';
import { applyTagsLocally, publishTags } from './bus';
import { authorFootprintTags, authorListTags, materialFootprintTags, orderCabinetTags } from './footprint';
import { TAGS } from './tags';

// Call these after the change has committed, never inside a transaction: the footprint is read
// through the pool, and the embedded database serves only the open transaction's connection.

/**
 * A material changed (text, price, files, visibility): its data and pages go, and so do the lists
 * it appears in (its author's, its world's, its bundles', the landings), in every process.
 */
export async function invalidateMaterial(id: number): Promise<void> {
  const own = invalidateTags([TAGS.material(id)]);
  await Promise.all([own, invalidateTags(await reach(materialFootprintTags(id)))]);
}

/**
 * An author's public profile changed: their profile, pages, materials list, posts list and
 * follow list go in every process, and the popular-authors shelf of their world (follower counts;
 * a private profile leaves it). With `catalogue` (a new public name or picture, which cards,
 * material pages, posts and other people's follow lists show) so do each of their materials and
 * posts, their followers' follow lists and the lists of the worlds they publish in. The author's
 * own tags are expired before this returns its promise; the rest after one lookup.
 */
export async function invalidateAuthor(id: number, options: { catalogue?: boolean } = {}): Promise<void> {
  const own = invalidateTags([TAGS.author(id), TAGS.followList(id)]);
  const lookup = options.catalogue ? authorFootprintTags(id) : authorListTags(id);
  await Promise.all([own, invalidateTags(await reach(lookup))]);
}

/**
 * An account was deleted. Like a changed public name, except that its follows and custom domains
 * are already gone from the database, so every follow list and storefront lookup goes.
 */
export async function invalidateDeletedAccount(userId: number): Promise<void> {
  const own = invalidateTags([TAGS.author(userId), TAGS.followList(userId), TAGS.followLists, TAGS.storefronts]);
  await Promise.all([own, invalidateTags(await reach(authorFootprintTags(userId)))]);
}

/** A world's lists and counts changed (shelves, filters, subject menu, landings), in every process. */
export async function invalidateWorld(world: string): Promise<void> {
  await invalidateTags([TAGS.world(world), TAGS.landings]);
}

/**
 * A world published new terms: its terms pages (the actual version and the list of earlier ones)
 * go in every process. Terms of the German world also fill in where other worlds lack a text,
 * and every world's terms page carries its tag, so their pages go too.
 */
export async function invalidateTerms(world: string): Promise<void> {
  await invalidateTags([TAGS.terms(world)]);
}

/**
 * The seller's cabinet figures (their materials list, sales, downloads and evaluation) are cached
 * under one tag per seller (`seller:<id>`), so 20 requests of a seller with 50,000 sales do not
 * each add them up again. What changes them expires the tag on every process: the seller's own
 * changes (lib/selling/seller-materials.ts) and an order that became paid or refunded
 * (`expireCabinetsOfOrder`).
 */
export async function expireSellerCabinet(sellerIds: readonly number[]): Promise<void> {
  await invalidateTags([...new Set(sellerIds)].map((id) => TAGS.seller(id)));
}

/** The cabinets of every seller with a line in `orderId`, and the buyer's own pages. */
export async function expireCabinetsOfOrder(orderId: number): Promise<void> {
  await invalidateTags(await orderCabinetTags(orderId));
}

/**
 * An account wrote something: every page kept rendered for it (lib/http/private-pages.ts)
 * goes, in this process at once and in every other through NOTIFY. No data carries the tag, so
 * Next's request state is left alone.
 */
export async function expireAccountPages(userId: number): Promise<void> {
  const tags = [TAGS.accountPages(userId)];
  applyTagsLocally(tags);
  await publishTags(tags);
}

/**
 * Expires `tags`: in this process at once (before the returned promise is first awaited), in
 * Next's request state when called inside a request, and in every other process through NOTIFY.
 */
export function invalidateTags(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return Promise.resolve();
  applyTagsLocally(tags);
  revalidateInRequest(tags);
  return publishTags(tags);
}

/**
 * How many tags are also handed to Next's revalidateTag: it keeps them in a list it searches per
 * tag, and correctness does not depend on it (the tag store already has them).
 */
const MAX_REQUEST_TAGS = 64;

/**
 * Inside a route handler or server action Next's own revalidateTag works too: it marks the tags in
 * the request's state (a re-render in the same request, a server action's router refresh) and
 * hands them to the cache handler when the request ends. Outside a request (a NOTIFY, a job) it
 * throws ("static generation store missing"), as it does during a render: ignored, because the tag
 * store has the tags either way.
 */
function revalidateInRequest(tags: readonly string[]): void {
  for (const tag of tags.slice(0, MAX_REQUEST_TAGS)) {
    if (tag === TAGS.all) continue;
    try {
      revalidateTag(tag, { expire: 0 });
    } catch {
      return;
    }
  }
}

/** The tags a lookup found; everything when the lookup failed (the change is committed anyway). */
async function reach(lookup: Promise<string[]>): Promise<string[]> {
  try {
    return await lookup;
  } catch (error) {
    console.error(`cache: reach of a change unknown, expiring everything: ${(error as Error).message}`);
    return [TAGS.all];
  }
}
