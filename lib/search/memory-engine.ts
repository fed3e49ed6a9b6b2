import type { WorldCode } from '@/lib/worlds/worlds';
import { noFacets, sortOf, type EngineResult, type SearchEngine, type SearchOptions } from './engine';
import { searchIndexFor } from './index-sync';
import type { IndexQuery, WorldIndex } from './memory-index';
import type { SearchParams } from './params';
import { parseQuery } from './query';
import { tokenize } from './text';

/** The words of a query as the index takes them (stop words dropped, so "für die" asks nothing). */
export function readQuery(
  world: WorldCode,
  text: string,
): Pick<IndexQuery, 'words' | 'exact' | 'phrases' | 'excluded'> {
  const parsed = parseQuery(text);
  const words = (part: string) => tokenize(world, part).map((token) => token.word);
  const phrases = parsed.phrases.map(words);
  return {
    words: parsed.plain.flatMap(words),
    exact: phrases.flat(),
    phrases,
    excluded: parsed.excluded.flatMap(words),
  };
}

/** `text` with each corrected word put in the place of the word typed (the rest as typed). */
function replaceWords(text: string, corrections: Map<string, string>): string {
  let result = '';
  let cursor = 0;
  for (const [typed, corrected] of corrections) {
    const at = text.indexOf(typed, cursor);
    if (at === -1) continue;
    result += text.slice(cursor, at) + corrected;
    cursor = at + typed.length;
  }
  return result + text.slice(cursor);
}

/** Runs a search on one world's index: as typed, then with misspelt words corrected. */
export function searchWorldIndex(
  index: WorldIndex,
  params: SearchParams,
  options: SearchOptions,
  now = Date.now(),
): EngineResult {
  const text = params.q.trim();
  const sort = sortOf(params);
  const read = readQuery(index.world, text);
  const empty: EngineResult = {
    total: 0,
    ids: [],
    sort,
    facets: noFacets(),
    price: { free: 0, paid: 0 },
    correctedQuery: null,
    suggestion: null,
  };
  // Text with nothing to look for (only stop words or punctuation) finds nothing, as typed.
  if (text && read.words.length + read.exact.length + read.excluded.length === 0) return empty;
  const query: IndexQuery = {
    ...read,
    filters: {
      subject: params.subject,
      class_grade: params.class_grade,
      learning_years: params.learning_years,
      material_type: params.material_type,
      school_type: params.school_type,
      author: params.author,
      price: params.price,
      minCents: params.price_min === undefined ? undefined : Math.round(params.price_min * 100),
      maxCents: params.price_max === undefined ? undefined : Math.round(params.price_max * 100),
    },
    sort,
    offset: options.offset,
    limit: options.limit,
    now,
    facets: options.facets,
  };
  const hits = index.search(query);
  if (hits.total > 0 || read.words.length === 0) return { ...empty, ...hits };

  // Nothing found: unknown words replaced by the closest word of the catalogue, searched again.
  const corrections = new Map<string, string>();
  const words = read.words.map((word) => {
    if (word.length < 3 || index.knows(word)) return word;
    const corrected = index.correct(word);
    if (!corrected) return word;
    corrections.set(word, corrected);
    return corrected;
  });
  if (corrections.size === 0) return empty;
  const correctedQuery = replaceWords(text, corrections);
  const corrected = index.search({ ...query, words });
  if (corrected.total === 0) return { ...empty, suggestion: correctedQuery };
  return { ...empty, ...corrected, correctedQuery };
}

/** Search on this process's in-memory index; null while the index is being built. */
export async function memoryEngine(): Promise<SearchEngine | null> {
  const index = await searchIndexFor();
  if (!index) return null;
  return {
    name: 'memory',
    search: async (world, params, options) => searchWorldIndex(index.world(world), params, options),
    facetTitles: async (world) => index.facetTitles(world),
  };
}
