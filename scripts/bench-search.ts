/**
 * The search rows of `npm run bench` (issue 26): uncached search pages with distinct queries, as a
 * crawler following filter links asks them, from scripts/bench-queries/ (every main world's
 * list, interleaved); the time the engine takes for those queries inside the server (`tookMs`);
 * and one page at a time, so time in the engine and time rendering can be told apart.
 */
import autocannon from 'autocannon';
import { MAIN_WORLDS, type MainWorld } from '@/lib/worlds/worlds';
import { percentile } from './lib/percentile';
import { benchSearchPaths, type FilterTitles } from './lib/search-queries';

export interface SearchFigures {
  queries: number;
  distinct: { rps: number; p50: number; p99: number; bytes: number; errors: number; requests: number };
  /** Inside the server: the engine's time per query (the API's tookMs). */
  engine: { p50: number; p99: number; count: number };
  /** One request at a time: the whole page. */
  page: { p50: number; p99: number; count: number };
  /** Which engine answered (the in-memory index once it is built). */
  engineName: string;
}

async function filterTitles(origin: string, world: MainWorld): Promise<FilterTitles> {
  const answer = (await (await fetch(`${origin}/api/v1/filters?world=${world}`)).json()) as {
    filters: Record<string, { id: number; title: string }[]>;
  };
  return Object.fromEntries(
    Object.entries(answer.filters).map(([name, values]) => [name, new Map(values.map((v) => [v.title, v.id]))]),
  );
}

/** Waits until the server searches its in-memory index (it builds it after starting). */
export async function waitForSearchIndex(origin: string, timeoutMs = 600_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = (await (await fetch(`${origin}/api/v3/search?world=de&q=Mathematik`)).json()) as { engine: string };
    if (answer.engine === 'memory' || Date.now() > until) return answer.engine;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function searchRows(options: {
  origin: string;
  connections: number;
  seconds: number;
}): Promise<SearchFigures> {
  const { origin, connections, seconds } = options;
  const engineName = await waitForSearchIndex(origin);
  const paths = await benchSearchPaths((world) => filterTitles(origin, world));
  // Pages asked once each: the in-process HTML cache never answers (a crawler's view). The last
  // 300 warm the server up first (every other row warms up too), and are not asked again.
  const warmUp = paths.splice(-300);
  for (let i = 0; i < warmUp.length; i += 10) {
    await Promise.all(warmUp.slice(i, i + 10).map((p) => fetch(origin + p).then((r) => r.arrayBuffer())));
  }
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length]! }),
      },
    ],
  });
  const askedOnce = next;

  // The engine's time and the whole page's, one request at a time, on queries not asked above.
  const engineTimes: number[] = [];
  const pageTimes: number[] = [];
  const sample = paths.slice(askedOnce, askedOnce + 400);
  for (const pagePath of sample) {
    const [searchPath, query] = pagePath.split('?') as [string, string];
    const world = MAIN_WORLDS.find((w) => searchPath.startsWith(`/${w}/`))!;
    const api = (await (await fetch(`${origin}/api/v3/search?world=${world}&${query}`)).json()) as { tookMs: number };
    engineTimes.push(api.tookMs);
  }
  for (const pagePath of paths.slice(askedOnce + 400, askedOnce + 600)) {
    const started = performance.now();
    const answer = await fetch(origin + pagePath, { headers: { 'accept-encoding': 'gzip' } });
    await answer.arrayBuffer();
    pageTimes.push(performance.now() - started);
  }
  return {
    queries: paths.length,
    distinct: {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bytes: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
      errors: result.errors + result.non2xx,
      requests: result.requests.total,
    },
    engine: { p50: percentile(engineTimes, 50), p99: percentile(engineTimes, 99), count: engineTimes.length },
    page: {
      p50: Math.round(percentile(pageTimes, 50) * 10) / 10,
      p99: Math.round(percentile(pageTimes, 99) * 10) / 10,
      count: pageTimes.length,
    },
    engineName,
  };
}

export function printSearch(controlRps: number, figures: SearchFigures): void {
  console.log(`control route: ${Math.round(controlRps)} req/s`);
  console.table([
    {
      route: `search, ${figures.queries.toLocaleString('en')} distinct queries, uncached`,
      'req/s': Math.round(figures.distinct.rps),
      'p50 ms': figures.distinct.p50,
      'p99 ms': figures.distinct.p99,
      'bytes/resp': figures.distinct.bytes,
      'ratio to control': (figures.distinct.rps / controlRps).toFixed(2),
      requests: figures.distinct.requests,
      errors: figures.distinct.errors,
    },
  ]);
  console.log(
    `search engine (${figures.engineName}) in the server over ${figures.engine.count} distinct queries: p50 ${figures.engine.p50} ms, p99 ${figures.engine.p99} ms (budget 10 / 40 ms); one page at a time: p50 ${figures.page.p50} ms, p99 ${figures.page.p99} ms over ${figures.page.count} pages`,
  );
}
