import 'server-only';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getWorld, isWorldCode } from '@/lib/worlds/worlds';
import type { ComparableMaterial } from './price-recommender';

/** The most comparables one recommendation reads: plenty for percentiles, cheap on PGlite. */
export const MAX_COMPARABLES = 200;
/** The most subject or type ids a question may name; more is not a real material. */
const MAX_IDS = 20;
/** Ids are int4 columns: nothing outside 1..2^31−1 can match, and nothing else is sent. */
const MAX_ID = 2_147_483_647;
/** The pages column is a smallint. */
const MAX_PAGES = 32_767;
/** Page counts further apart than this factor describe a different kind of material. */
const PAGE_BAND_FACTOR = 3;

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID;
}

/** Valid, distinct ids, at most MAX_IDS of them: the caller validates, but this reaches SQL. */
function boundedIds(ids: readonly unknown[]): number[] {
  return [...new Set((Array.isArray(ids) ? ids : []).filter(isId))].slice(0, MAX_IDS);
}

/** A join table from materials to a classification, by its names in the schema. */
interface Link {
  table: string;
  column: string;
}
const SUBJECTS: Link = { table: getTableName(t.materialSubjects), column: t.materialSubjects.subjectId.name };
const TYPES: Link = {
  table: getTableName(t.materialMaterialTypes),
  column: t.materialMaterialTypes.materialTypeId.name,
};

function idList(ids: number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** Whether the material `m` is linked to one of `ids`; FALSE for no ids. */
function linkedTo(link: Link, ids: number[]): SQL {
  if (ids.length === 0) return sql`FALSE`;
  return sql`EXISTS (SELECT 1 FROM ${sql.identifier(link.table)} j WHERE j.material_id = m.id AND j.${sql.identifier(link.column)} IN (${idList(ids)}))`;
}

/** The ids of the materials linked to one of `ids`, read through the join table's index on the linked id. */
function materialsLinkedTo(link: Link, ids: number[]): SQL {
  return sql`SELECT material_id FROM ${sql.identifier(link.table)} WHERE ${sql.identifier(link.column)} IN (${idList(ids)})`;
}

/**
 * The materials a new one of this world, subjects, types and page count competes with, for
 * lib/selling/price-recommender.ts: published, paid, no bundles (their price is for several
 * materials), in the same world and priced in its currency (another currency's prices cannot be
 * compared), sharing at least a subject or a type, with between a third and three times our
 * pages. The seller's own materials are left out (their own prices would only echo back), as is
 * the material being priced. Closest first: same subject and type, then same subject, then same
 * type; then the best-selling; at most 200.
 *
 * `currency` defaults to the world's currency; an unknown world without one has no comparables.
 */
export async function findComparables(input: {
  world: string;
  subjectIds: number[];
  materialTypeIds: number[];
  pages: number;
  excludeAuthorId?: number;
  excludeMaterialId?: number;
  limit?: number;
  currency?: string;
}): Promise<ComparableMaterial[]> {
  const currency = input.currency ?? (isWorldCode(input.world) ? getWorld(input.world).currency : null);
  if (currency === null) return [];
  const subjectIds = boundedIds(input.subjectIds);
  const typeIds = boundedIds(input.materialTypeIds);
  if (subjectIds.length === 0 && typeIds.length === 0) return [];

  const pages = Number.isFinite(input.pages) ? Math.min(MAX_PAGES, Math.max(1, Math.round(input.pages))) : 1;
  const fewestPages = Math.max(1, Math.floor(pages / PAGE_BAND_FACTOR));
  const mostPages = pages * PAGE_BAND_FACTOR;
  const limit =
    input.limit !== undefined && Number.isSafeInteger(input.limit)
      ? Math.min(MAX_COMPARABLES, Math.max(1, input.limit))
      : MAX_COMPARABLES;
  // An id that is no id cannot be anyone's: leaving the filter out then excludes exactly the same.
  const excludeAuthor = isId(input.excludeAuthorId) ? sql`AND m.author_id <> ${input.excludeAuthorId}` : sql``;
  const excludeMaterial = isId(input.excludeMaterialId) ? sql`AND m.id <> ${input.excludeMaterialId}` : sql``;

  // Starting from the materials that share a subject or a type keeps the work proportional to
  // them rather than to the whole world's catalogue.
  const candidates = sql.join(
    [
      ...(subjectIds.length ? [materialsLinkedTo(SUBJECTS, subjectIds)] : []),
      ...(typeIds.length ? [materialsLinkedTo(TYPES, typeIds)] : []),
    ],
    sql` UNION `,
  );
  const result = await getDb().execute<{
    price_cents: number;
    sales_count: number;
    pages: number;
    same_subject: boolean;
    same_type: boolean;
  }>(sql`
    SELECT m.price_cents, m.sales_count, m.pages,
      ${linkedTo(SUBJECTS, subjectIds)} AS same_subject,
      ${linkedTo(TYPES, typeIds)} AS same_type
    FROM materials m
    WHERE m.id IN (${candidates})
      AND m.world = ${input.world} AND m.currency = ${currency}
      AND m.is_active AND m.deleted_at IS NULL
      AND m.price_cents > 0 AND NOT m.is_bundle
      AND m.pages BETWEEN ${fewestPages}::int AND ${mostPages}::int
      ${excludeAuthor} ${excludeMaterial}
    ORDER BY same_subject DESC, same_type DESC, m.sales_count DESC, abs(m.pages - ${pages}::int), m.id
    LIMIT ${limit}::int`);

  return result.rows.map((row) => ({
    priceCents: Number(row.price_cents),
    salesCount: Number(row.sales_count),
    pages: Number(row.pages),
    sameSubject: row.same_subject === true,
    sameType: row.same_type === true,
  }));
}
