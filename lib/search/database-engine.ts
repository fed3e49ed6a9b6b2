import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getFilters } from '@/lib/catalog/classification';
import { getDb } from '@/lib/db/client';
import type { WorldCode } from '@/lib/worlds/worlds';
import { noFacets, sortOf, type EngineResult, type SearchEngine, type SearchOptions } from './engine';
import type { SearchParams, SearchSort } from './params';
import { parseQuery } from './query';
import { correctQuery } from './terms';

/**
 * Search in the database (PostgreSQL full-text search in the world's language, accent-insensitive):
 * what a process answers while its in-memory index is being built. Slower, and stemmed by
 * PostgreSQL's configurations (docs/decisions.md, "Search in the process").
 */

/** The price a buyer pays now: the sale price while a sale runs. */
const EFFECTIVE_PRICE = sql`(CASE WHEN m.sale_price_cents IS NOT NULL AND (m.sale_ends_at IS NULL OR m.sale_ends_at > now()) THEN m.sale_price_cents ELSE m.price_cents END)`;

/**
 * The query as a tsquery, operators only where the visitor meant them (lib/search/query.ts): each
 * part is handed to plainto_tsquery or phraseto_tsquery as a value, which read no operators.
 */
function textQuery(world: WorldCode, text: string): SQL | null {
  const parsed = parseQuery(text);
  const config = sql`kreide_search_config(${world})`;
  const parts: SQL[] = [
    ...parsed.plain.map((part) => sql`plainto_tsquery(${config}, kreide_unaccent(${part}))`),
    ...parsed.phrases.map((part) => sql`phraseto_tsquery(${config}, kreide_unaccent(${part}))`),
    ...parsed.excluded.map((part) => sql`!! plainto_tsquery(${config}, kreide_unaccent(${part}))`),
  ];
  if (parts.length === 0) return null;
  return sql`(${sql.join(parts, sql` && `)})`;
}

function joinFilter(table: string, column: string, ids: number[]): SQL {
  return sql`AND EXISTS (SELECT 1 FROM ${sql.raw(table)} f WHERE f.material_id = m.id AND f.${sql.raw(column)} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}

function whereClause(world: WorldCode, params: SearchParams, query: SQL | null): SQL {
  const parts: SQL[] = [sql`m.world = ${world} AND m.is_active AND m.deleted_at IS NULL`];
  if (query) parts.push(sql`AND m.search_vector @@ ${query}`);
  if (params.subject.length) parts.push(joinFilter('material_subjects', 'subject_id', params.subject));
  if (params.class_grade.length) parts.push(joinFilter('material_grades', 'grade_id', params.class_grade));
  if (params.learning_years.length)
    parts.push(joinFilter('material_learning_years', 'learning_year_id', params.learning_years));
  if (params.material_type.length)
    parts.push(joinFilter('material_material_types', 'material_type_id', params.material_type));
  if (params.school_type.length) {
    parts.push(
      sql`AND EXISTS (SELECT 1 FROM material_school_types f WHERE f.material_id = m.id AND f.school_type IN (${sql.join(
        params.school_type.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    );
  }
  if (params.author) parts.push(sql`AND m.author_id = ${params.author}`);
  if (params.price === 'free') parts.push(sql`AND m.price_cents = 0`);
  if (params.price === 'paid') parts.push(sql`AND m.price_cents > 0`);
  if (params.price_min !== undefined) parts.push(sql`AND ${EFFECTIVE_PRICE} >= ${Math.round(params.price_min * 100)}`);
  if (params.price_max !== undefined) parts.push(sql`AND ${EFFECTIVE_PRICE} <= ${Math.round(params.price_max * 100)}`);
  return sql.join(parts, sql` `);
}

function orderClause(sort: SearchSort, query: SQL | null): SQL {
  switch (sort) {
    case 'newest':
      return sql`m.created_at DESC, m.id DESC`;
    case 'bestseller':
      return sql`m.sales_count DESC, m.id DESC`;
    case 'price_asc':
      return sql`${EFFECTIVE_PRICE} ASC, m.sales_count DESC, m.id`;
    case 'price_desc':
      return sql`${EFFECTIVE_PRICE} DESC, m.sales_count DESC, m.id`;
    case 'relevance':
      if (!query) return sql`m.sales_count DESC, m.id DESC`;
      return sql`ts_rank_cd(m.search_vector, ${query}) DESC, m.sales_count DESC, m.created_at DESC, m.id DESC`;
  }
}

/** One statement for the slice, the total and every facet (PGlite answers one query at a time). */
async function runSearch(
  world: WorldCode,
  params: SearchParams,
  text: string,
  sort: SearchSort,
  options: SearchOptions,
) {
  const query = textQuery(world, text);
  if (text && !query) return [];
  const where = whereClause(world, params, query);
  const facets = options.facets
    ? sql`
    UNION ALL SELECT 'subject', f.subject_id::text, count(*)::int FROM hits JOIN material_subjects f ON f.material_id = hits.id GROUP BY f.subject_id
    UNION ALL SELECT 'class_grade', f.grade_id::text, count(*)::int FROM hits JOIN material_grades f ON f.material_id = hits.id GROUP BY f.grade_id
    UNION ALL SELECT 'learning_years', f.learning_year_id::text, count(*)::int FROM hits JOIN material_learning_years f ON f.material_id = hits.id GROUP BY f.learning_year_id
    UNION ALL SELECT 'material_type', f.material_type_id::text, count(*)::int FROM hits JOIN material_material_types f ON f.material_id = hits.id GROUP BY f.material_type_id
    UNION ALL SELECT 'school_type', f.school_type, count(*)::int FROM hits JOIN material_school_types f ON f.material_id = hits.id GROUP BY f.school_type
    UNION ALL SELECT 'price', CASE WHEN m.price_cents = 0 THEN 'free' ELSE 'paid' END, count(*)::int FROM hits JOIN materials m ON m.id = hits.id GROUP BY 2`
    : sql``;
  const result = await getDb().execute<{ kind: string; key: string; n: number }>(sql`
    WITH hits AS MATERIALIZED (SELECT m.id FROM materials m WHERE ${where}),
    page AS (
      SELECT m.id, row_number() OVER () AS position FROM (
        SELECT m.id FROM materials m JOIN hits h ON h.id = m.id ORDER BY ${orderClause(sort, query)}
        LIMIT ${options.limit} OFFSET ${options.offset}
      ) m
    )
    SELECT 'page' AS kind, id::text AS key, position::int AS n FROM page
    UNION ALL SELECT 'total', '', count(*)::int FROM hits
    ${facets}
  `);
  return result.rows;
}

function toResult(rows: { kind: string; key: string; n: number }[], sort: SearchSort): EngineResult {
  const facets = noFacets();
  const price = { free: 0, paid: 0 };
  const ids: { id: number; position: number }[] = [];
  let total = 0;
  for (const row of rows) {
    if (row.kind === 'page') ids.push({ id: Number(row.key), position: row.n });
    else if (row.kind === 'total') total = row.n;
    else if (row.kind === 'price') price[row.key as 'free' | 'paid'] = row.n;
    else if (row.kind === 'school_type') facets.school_type.set(row.key, row.n);
    else facets[row.kind as 'subject'].set(Number(row.key), row.n);
  }
  return {
    total,
    ids: ids.sort((a, b) => a.position - b.position).map((entry) => entry.id),
    sort,
    facets,
    price,
    correctedQuery: null,
    suggestion: null,
  };
}

const byId = (values: { id: number; title: string }[]) => new Map(values.map((value) => [value.id, value.title]));

export const databaseEngine: SearchEngine = {
  name: 'database',
  async facetTitles(world) {
    const filters = await getFilters(world);
    return {
      subject: byId(filters.subject),
      class_grade: byId(filters.class_grade),
      learning_years: byId(filters.learning_years),
      material_type: byId(filters.material_type),
    };
  },
  async search(world, params, options) {
    const text = params.q.trim();
    const sort = sortOf(params);
    const first = toResult(await runSearch(world, params, text, sort, options), sort);
    if (!text || first.total > 0) return first;
    const correctedQuery = await correctQuery(getDb(), world, text);
    if (!correctedQuery) return first;
    const corrected = toResult(await runSearch(world, params, correctedQuery, sort, options), sort);
    if (corrected.total === 0) return { ...corrected, suggestion: correctedQuery };
    return { ...corrected, correctedQuery };
  },
};
