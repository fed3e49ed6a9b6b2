/**
 * Builds the in-memory search index from a running database and times queries on it, outside
 * the web process: `KREIDE_RUNTIME_DATABASE_URL=postgres://… npx tsx scripts/experiments/search-index-profile.ts`.
 */
import { searchIndexFor, searchIndexStatus } from '@/lib/search/index-sync';
import { searchWorldIndex } from '@/lib/search/memory-engine';
import { searchParamsSchema } from '@/lib/search/params';
import { percentile } from '../lib/percentile';

async function main() {
  const before = process.memoryUsage().rss;
  const index = (await searchIndexFor())!;
  const status = searchIndexStatus();
  global.gc?.();
  console.log(
    `built ${status.materials} in ${Math.round(status.buildMs)} ms; rss +${Math.round((process.memoryUsage().rss - before) / 1e6)} MB, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
  );
  const de = index.world('de');
  const cases: Record<string, string> = {
    empty: '',
    subject: 'subject=1',
    word: 'q=Brüche',
    common: 'q=Mathematik',
    two: 'q=Arbeitsblatt Klasse',
    typo: 'q=Bruchrechnug',
    none: 'q=zzqxj',
  };
  for (const [name, query] of Object.entries(cases)) {
    const params = searchParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      total = searchWorldIndex(de, params, { limit: 24, offset: 0, facets: true }).total;
      times.push(performance.now() - started);
    }
    console.log(
      `${name.padEnd(8)} ${String(total).padStart(6)} hits  p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
  }
  process.exit(0);
}
main();
