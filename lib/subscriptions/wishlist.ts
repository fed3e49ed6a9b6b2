import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getMaterialCards, type MaterialCard } from '@/lib/catalog/materials';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import type { WishlistQuery, WishlistSort } from './schemas';
import type { SubscriptionOwner } from './subscriptions';

export interface WishlistItem extends MaterialCard {
  /** When it became a favourite. */
  favouritedAt: string;
}

export interface WishlistPage {
  items: WishlistItem[];
  /** Favourites of this world that are shown, over all pages. */
  total: number;
  page: number;
  limit: number;
}

/** The owner's favourites as (material id, added at) rows of one table. */
function favouriteRows(owner: SubscriptionOwner): SQL {
  if (owner.userId === null)
    return sql`SELECT subject_id AS material_id, created_at FROM ${t.anonymousSubscriptions}
               WHERE token_id = ${owner.tokenId} AND subject_type = 'material'`;
  return sql`SELECT material_id, created_at FROM ${t.favourites} WHERE user_id = ${owner.userId}`;
}

/** The price a buyer pays now: the sale price while a sale runs. */
const CURRENT_PRICE = sql`CASE WHEN m.sale_price_cents IS NOT NULL AND (m.sale_ends_at IS NULL OR m.sale_ends_at > now()) THEN m.sale_price_cents ELSE m.price_cents END`;

const ORDER_OF: Record<WishlistSort, SQL> = {
  added_desc: sql`f.created_at DESC, m.id DESC`,
  added_asc: sql`f.created_at ASC, m.id ASC`,
  title: sql`lower(m.title) ASC, m.id ASC`,
  price_asc: sql`${CURRENT_PRICE} ASC, m.id ASC`,
  price_desc: sql`${CURRENT_PRICE} DESC, m.id DESC`,
};

/**
 * One page of the owner's favourites in a world (`v3/elastic-indexer/wishlist/query` and
 * `anonymous-wishlist/query`): only materials of that world that are published and not deleted,
 * with the total of all pages, so a client reads the first page and then the rest in parallel.
 */
export async function queryWishlist(
  owner: SubscriptionOwner,
  world: WorldCode,
  query: Pick<WishlistQuery, 'sort' | 'limit' | 'page'>,
): Promise<WishlistPage> {
  const shown = sql`FROM (${favouriteRows(owner)}) f JOIN ${t.materials} m ON m.id = f.material_id
                    WHERE m.world = ${world} AND m.is_active AND m.deleted_at IS NULL`;
  // The total comes with the page (a window count), so a page costs one query for the ids.
  const rows = await getDb().execute<{ id: number; created_at: string | Date; total: number }>(
    sql`SELECT m.id, f.created_at, count(*) OVER ()::int AS total ${shown} ORDER BY ${ORDER_OF[query.sort]}
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  );
  // A page past the end has no rows to carry the total.
  const total =
    rows.rows[0]?.total ??
    (query.page > 1
      ? ((await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n ${shown}`)).rows[0]?.n ?? 0)
      : 0);
  const added = new Map(rows.rows.map((row) => [row.id, new Date(row.created_at).toISOString()]));
  const cards = await getMaterialCards(rows.rows.map((row) => row.id));
  return {
    items: cards.map((card) => ({ ...card, favouritedAt: added.get(card.id)! })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
