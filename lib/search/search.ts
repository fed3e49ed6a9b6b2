import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { getMaterialCards, type MaterialCard } from '@/lib/catalog/materials';
import type { WorldCode } from '@/lib/worlds/worlds';
import { SEARCH_PAGE_SIZE, type SearchParams, type SearchSort } from './params';
import { correctQuery } from './terms';

export interface FacetValue {
  id: number | string;
  title: string;
  count: number;
}

export interface SearchResult {
  total: number;
  page: number;
  pages: number;
  sort: SearchSort;
  items: MaterialCard[];
  facets: {
    subject: FacetValue[];
    class_grade: FacetValue[];
    learning_years: FacetValue[];
    material_type: FacetValue[];
    school_type: FacetValue[];
    price: { free: number; paid: number };
  };
  /** The corrected query the results are for, when the query as typed found nothing. */
  correctedQuery: string | null;
  /** A spelling suggestion when even the corrected query found nothing. */
  suggestion: string | null;
  /** Time spent in the database, in milliseconds. */
  tookMs: number;
}

/** The price a buyer pays now: the sale price while a sale runs. */
const EFFECTIVE_PRICE = sql`(CASE WHEN m.sale_price_cents IS NOT NULL AND (m.sale_ends_at IS NULL OR m.sale_ends_at > now()) THEN m.sale_price_cents ELSE m.price_cents END)`;

function joinFilter(table: string, column: string, ids: number[]): SQL {
  return sql`AND EXISTS (SELECT 1 FROM ${sql.raw(table)} f WHERE f.material_id = m.id AND f.${sql.raw(column)} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}

/**
 * The WHERE clause of a search: world, visibility, the text (stemmed full-text in the world's
 * language, accent-insensitive, or a title with a word within one or two letters of the query)
 * and every filter.
 */
function whereClause(world: WorldCode, params: SearchParams, text: string): SQL {
  const parts: SQL[] = [sql`m.world = ${world} AND m.is_active AND m.deleted_at IS NULL`];
  if (text) {
    parts.push(
      sql`AND m.search_vector @@ websearch_to_tsquery(kreide_search_config(${world}), kreide_unaccent(${text}))`,
    );
  }
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

function orderClause(sort: SearchSort, world: WorldCode, text: string): SQL {
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
      if (!text) return sql`m.sales_count DESC, m.id DESC`;
      return sql`ts_rank_cd(m.search_vector, websearch_to_tsquery(kreide_search_config(${world}), kreide_unaccent(${text}))) DESC, m.sales_count DESC, m.id DESC`;
  }
}

/** Runs one search statement: the page, the total and every facet in one round trip. */
async function runSearch(world: WorldCode, params: SearchParams, text: string, sort: SearchSort) {
  const where = whereClause(world, params, text);
  const offset = (params.page - 1) * SEARCH_PAGE_SIZE;
  // One statement for the page, the total and every facet: PGlite answers one query at a time,
  // so fewer, larger statements are what keeps search fast there.
  const result = await getDb().execute<{ kind: string; key: string; title: string | null; n: number }>(sql`
    WITH hits AS MATERIALIZED (SELECT m.id FROM materials m WHERE ${where}),
    page AS (
      SELECT m.id, row_number() OVER () AS position FROM (
        SELECT m.id FROM materials m JOIN hits h ON h.id = m.id ORDER BY ${orderClause(sort, world, text)} LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}
      ) m
    )
    SELECT 'page' AS kind, id::text AS key, NULL AS title, position::int AS n FROM page
    UNION ALL SELECT 'total', '', NULL, count(*)::int FROM hits
    UNION ALL SELECT 'subject', s.id::text, s.title, count(*)::int FROM hits JOIN material_subjects f ON f.material_id = hits.id JOIN subjects s ON s.id = f.subject_id GROUP BY s.id, s.title
    UNION ALL SELECT 'class_grade', g.id::text, g.title, count(*)::int FROM hits JOIN material_grades f ON f.material_id = hits.id JOIN grades g ON g.id = f.grade_id GROUP BY g.id, g.title
    UNION ALL SELECT 'learning_years', y.id::text, y.title, count(*)::int FROM hits JOIN material_learning_years f ON f.material_id = hits.id JOIN learning_years y ON y.id = f.learning_year_id GROUP BY y.id, y.title
    UNION ALL SELECT 'material_type', t.id::text, t.title, count(*)::int FROM hits JOIN material_material_types f ON f.material_id = hits.id JOIN material_types t ON t.id = f.material_type_id GROUP BY t.id, t.title
    UNION ALL SELECT 'school_type', f.school_type, NULL, count(*)::int FROM hits JOIN material_school_types f ON f.material_id = hits.id GROUP BY f.school_type
    UNION ALL SELECT 'price', CASE WHEN m.price_cents = 0 THEN 'free' ELSE 'paid' END, NULL, count(*)::int FROM hits JOIN materials m ON m.id = hits.id GROUP BY 2
  `);
  return result.rows;
}

/**
 * Searches a world's materials: one page of results and facet counts. A query that finds
 * nothing is retried with misspelt words corrected (one or two letters off a word of the
 * catalogue); the correction is returned so the page can say what it searched for.
 */
export async function searchMaterials(world: WorldCode, params: SearchParams): Promise<SearchResult> {
  const started = performance.now();
  const db = getDb();
  let text = params.q.trim();
  const sort = params.sort ?? (text ? 'relevance' : 'bestseller');
  let rows = await runSearch(world, params, text, sort);
  let correctedQuery: string | null = null;
  if (text && !rows.some((r) => r.kind === 'total' && r.n > 0)) {
    correctedQuery = await correctQuery(db, world, text);
    if (correctedQuery) {
      text = correctedQuery;
      rows = await runSearch(world, params, text, sort);
    }
  }

  const total = rows.find((r) => r.kind === 'total')?.n ?? 0;
  const pageIds = rows
    .filter((r) => r.kind === 'page')
    .sort((a, b) => a.n - b.n)
    .map((r) => Number(r.key));
  const facet = (kind: string, byId = true): FacetValue[] =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: byId ? Number(r.key) : r.key, title: r.title ?? r.key, count: r.n }))
      .sort((a, b) => (byId ? Number(a.id) - Number(b.id) : String(a.id).localeCompare(String(b.id))));
  const items = await getMaterialCards(pageIds);

  return {
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
    sort,
    items,
    facets: {
      subject: facet('subject'),
      class_grade: facet('class_grade'),
      learning_years: facet('learning_years'),
      material_type: facet('material_type'),
      school_type: facet('school_type', false),
      price: {
        free: rows.find((r) => r.kind === 'price' && r.key === 'free')?.n ?? 0,
        paid: rows.find((r) => r.kind === 'price' && r.key === 'paid')?.n ?? 0,
      },
    },
    correctedQuery: total > 0 ? correctedQuery : null,
    suggestion: total === 0 ? correctedQuery : null,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

/**
 * The ids of a search's first `limit` materials, in its order, without facets or correction (what
 * "add all materials of this search to a folder" takes: the results as the page showed them).
 */
export async function searchMaterialIds(world: WorldCode, params: SearchParams, limit: number): Promise<number[]> {
  const text = params.q.trim();
  const sort = params.sort ?? (text ? 'relevance' : 'bestseller');
  const rows = await getDb().execute<{ id: number }>(
    sql`SELECT m.id FROM materials m WHERE ${whereClause(world, params, text)} ORDER BY ${orderClause(sort, world, text)} LIMIT ${limit}`,
  );
  return rows.rows.map((row) => Number(row.id));
}
