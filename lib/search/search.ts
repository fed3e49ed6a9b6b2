import 'server-only';
import type { WorldCode } from '@/lib/worlds/worlds';
import { databaseEngine } from './database-engine';
import type { SearchEngine } from './engine';
import { memoryEngine } from './memory-engine';
import type { SearchParams } from './params';
import { searchWith, type SearchResult } from './results';

export type { FacetValue, SearchResult } from './results';

/** The engine searching now: the in-memory index, or the database while the index is built. */
export async function currentEngine(): Promise<SearchEngine> {
  return (await memoryEngine()) ?? databaseEngine;
}

/**
 * Searches a world's materials with the engine searching now: one page of results and facet
 * counts (lib/search/results.ts).
 */
export async function searchMaterials(world: WorldCode, params: SearchParams): Promise<SearchResult> {
  return searchWith(await currentEngine(), world, params);
}

/**
 * The ids of a search's first `limit` materials, in its order, without facets (what "add all
 * materials of this search to a folder" takes: the results as the page showed them).
 */
export async function searchMaterialIds(world: WorldCode, params: SearchParams, limit: number): Promise<number[]> {
  const engine = await currentEngine();
  return (await engine.search(world, params, { limit, offset: 0, facets: false })).ids;
}
