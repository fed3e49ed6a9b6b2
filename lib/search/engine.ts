import type { WorldCode } from '@/lib/worlds/worlds';
import { noFacets, type FacetTitles } from './memory-index';
import type { SearchParams, SearchSort } from './params';

export { noFacets, type FacetTitles };

/**
 * The one interface behind which search runs. Kreide has two engines: the in-memory index of
 * each process (lib/search/memory-engine.ts) and the database's full-text search
 * (lib/search/database-engine.ts), used while the index is being built. An installation that
 * outgrows one machine puts an existing search engine (OpenSearch, Elasticsearch) behind the same
 * interface: docs/architecture.md says what such an adapter must do.
 */
export interface SearchEngine {
  readonly name: 'memory' | 'database' | (string & {});
  search(world: WorldCode, params: SearchParams, options: SearchOptions): Promise<EngineResult>;
  /** The titles of the world's filter values, for the facet counts a search returns. */
  facetTitles(world: WorldCode): Promise<FacetTitles>;
}

export interface SearchOptions {
  /** Results wanted, from `offset` on, in the search's order. */
  limit: number;
  offset: number;
  /** Count every filter value over the hits (a results page); not needed for a list of ids. */
  facets: boolean;
}

export interface EngineResult {
  total: number;
  /** Material ids of the requested slice, in order. */
  ids: number[];
  sort: SearchSort;
  /** How many hits have each filter value (values without hits are absent). */
  facets: {
    subject: Map<number, number>;
    class_grade: Map<number, number>;
    learning_years: Map<number, number>;
    material_type: Map<number, number>;
    school_type: Map<string, number>;
  };
  price: { free: number; paid: number };
  /** The query the results are for, when the query as typed found nothing and was corrected. */
  correctedQuery: string | null;
  /** A corrected query to offer when even it found nothing. */
  suggestion: string | null;
}

/** The sort of a search: relevance when there is text, best-selling first when there is none. */
export function sortOf(params: SearchParams): SearchSort {
  return params.sort ?? (params.q.trim() ? 'relevance' : 'bestseller');
}
