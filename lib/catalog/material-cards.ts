import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';

// Not server-only: the front door reads the cards of a search it answers from the page's shell
// (lib/http/search-shell.ts), outside Next.

/** What a material card in a list shows. Dates are ISO strings (cache-safe). */
export interface MaterialCard {
  id: number;
  world: WorldCode;
  title: string;
  slug: string;
  priceCents: number;
  currency: string;
  salePriceCents: number | null;
  saleEndsAt: string | null;
  bestInCategories: number[];
  createdAt: string;
  coverPath: string | null;
  authorName: string;
  ratingAverage: number | null;
  ratingCount: number;
}

export const cardColumns = {
  id: t.materials.id,
  world: t.materials.world,
  title: t.materials.title,
  slug: t.materials.slug,
  priceCents: t.materials.priceCents,
  currency: t.materials.currency,
  salePriceCents: t.materials.salePriceCents,
  saleEndsAt: t.materials.saleEndsAt,
  bestInCategories: t.materials.bestInCategories,
  createdAt: t.materials.createdAt,
  ratingSum: t.materials.ratingSum,
  ratingCount: t.materials.ratingCount,
  authorName: t.users.publicName,
  coverPath: sql<
    string | null
  >`(SELECT storage_path FROM material_files f WHERE f.material_id = ${t.materials.id} AND f.type = 'cover' LIMIT 1)`,
};

export type CardRow = {
  [K in keyof typeof cardColumns]: unknown;
} & { saleEndsAt: Date | null; createdAt: Date; ratingSum: number; ratingCount: number };

export function toCard(row: CardRow): MaterialCard {
  return {
    id: row.id as number,
    world: row.world as WorldCode,
    title: row.title as string,
    slug: row.slug as string,
    priceCents: row.priceCents as number,
    currency: row.currency as string,
    salePriceCents: row.salePriceCents as number | null,
    saleEndsAt: row.saleEndsAt ? row.saleEndsAt.toISOString() : null,
    bestInCategories: row.bestInCategories as number[],
    createdAt: row.createdAt.toISOString(),
    coverPath: row.coverPath as string | null,
    authorName: row.authorName as string,
    ratingAverage: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null,
    ratingCount: row.ratingCount,
  };
}

/** Material cards for the given ids, in the order of the ids (search results, related lists). */
export async function getMaterialCards(ids: number[]): Promise<MaterialCard[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select(cardColumns)
    .from(t.materials)
    .innerJoin(t.users, eq(t.users.id, t.materials.authorId))
    .where(inArray(t.materials.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toCard(row as CardRow)]));
  return ids.map((id) => byId.get(id)).filter((card): card is MaterialCard => Boolean(card));
}

/** A world's best-selling materials (the home page's shelf, and what a search that finds nothing offers). */
export async function bestsellerCards(world: WorldCode, limit: number): Promise<MaterialCard[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(t.materials)
    .innerJoin(t.users, eq(t.users.id, t.materials.authorId))
    .where(and(eq(t.materials.world, world), eq(t.materials.isActive, true), isNull(t.materials.deletedAt)))
    .orderBy(desc(t.materials.salesCount), asc(t.materials.id))
    .limit(limit);
  return rows.map((row) => toCard(row as CardRow));
}
