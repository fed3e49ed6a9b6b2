import { getMaterialCards, type MaterialCard } from '@/lib/catalog/material-cards';
import type { WorldCode } from '@/lib/worlds/worlds';
import type { SearchEngine } from './engine';
import { SEARCH_PAGE_SIZE, type SearchParams, type SearchSort } from './params';

// Not server-only: the front door answers anonymous searches from the page's shell with it
// (lib/http/search-shell.ts), outside Next.

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
  /** Time spent finding the hits (the engine's share), in milliseconds. */
  tookMs: number;
  /** Which engine answered: the in-memory index, or the database while the index is built. */
  engine: string;
}

function facetValues(counts: Map<number, number>, titles: Map<number, string>): FacetValue[] {
  return [...counts]
    .map(([id, count]) => ({ id, title: titles.get(id) ?? String(id), count }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Searches a world's materials: one page of results and facet counts. A query that finds
 * nothing is retried with misspelt words corrected (one or two letters off a word of the
 * catalogue); the correction is returned so the page can say what it searched for.
 */
export async function searchWith(engine: SearchEngine, world: WorldCode, params: SearchParams): Promise<SearchResult> {
  const started = performance.now();
  const found = await engine.search(world, params, {
    limit: SEARCH_PAGE_SIZE,
    offset: (params.page - 1) * SEARCH_PAGE_SIZE,
    facets: true,
  });
  const tookMs = Math.round((performance.now() - started) * 10) / 10;
  const [items, titles] = await Promise.all([getMaterialCards(found.ids), engine.facetTitles(world)]);
  return {
    total: found.total,
    page: params.page,
    pages: Math.max(1, Math.ceil(found.total / SEARCH_PAGE_SIZE)),
    sort: found.sort,
    items,
    facets: {
      subject: facetValues(found.facets.subject, titles.subject),
      class_grade: facetValues(found.facets.class_grade, titles.class_grade),
      learning_years: facetValues(found.facets.learning_years, titles.learning_years),
      material_type: facetValues(found.facets.material_type, titles.material_type),
      school_type: [...found.facets.school_type]
        .map(([id, count]) => ({ id, title: id, count }))
        .sort((a, b) => a.id.localeCompare(b.id)),
      price: found.price,
    },
    correctedQuery: found.correctedQuery,
    suggestion: found.suggestion,
    tookMs,
    engine: engine.name,
  };
}
