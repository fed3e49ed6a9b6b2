/**
 * The distinct searches of `npm run bench` (scripts/bench-queries/<world>.txt, written by
 * scripts/generate-search-queries.ts) as search page paths of a running Kreide.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathFor } from '@/lib/routing/localized-routes';
import { MAIN_WORLDS, type MainWorld } from '@/lib/worlds/worlds';

export const BENCH_QUERIES_DIR = path.join(__dirname, '..', 'bench-queries');

/** One line: `name=value` pairs separated by tabs, `@Title` for a filter value's id. */
export function readBenchQueries(world: MainWorld): string[][][] {
  return fs
    .readFileSync(path.join(BENCH_QUERIES_DIR, `${world}.txt`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) =>
      line.split('\t').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
}

/** Filter value ids by title, per filter name, as `GET v1/filters` answers them. */
export type FilterTitles = Record<string, Map<string, number>>;

/** The URL query of a line, its `@Title`s replaced by ids; null when a title is unknown. */
export function benchQueryString(pairs: string[][], titles: FilterTitles): string | null {
  const query = new URLSearchParams();
  for (const [name, value] of pairs) {
    if (!value!.startsWith('@')) {
      query.append(name!, value!);
      continue;
    }
    const id = titles[name!]?.get(value!.slice(1));
    if (id === undefined) return null;
    query.append(name!, String(id));
  }
  return query.toString();
}

/**
 * Every main world's distinct searches as page paths (`/de/suchergebnisse?q=…`), interleaved so
 * a run of any length asks every world. `filtersOf` answers a world's filter titles.
 */
export async function benchSearchPaths(filtersOf: (world: MainWorld) => Promise<FilterTitles>): Promise<string[]> {
  const perWorld: string[][] = [];
  for (const world of MAIN_WORLDS) {
    const titles = await filtersOf(world);
    const searchPath = pathFor(world, 'search');
    const paths = readBenchQueries(world).flatMap((pairs) => {
      const query = benchQueryString(pairs, titles);
      return query === null ? [] : [`${searchPath}?${query}`];
    });
    perWorld.push(paths);
  }
  const longest = Math.max(...perWorld.map((paths) => paths.length));
  const all: string[] = [];
  for (let i = 0; i < longest; i++) for (const paths of perWorld) if (paths[i]) all.push(paths[i]!);
  return all;
}
