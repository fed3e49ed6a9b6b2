/**
 * The in-memory search index at a larger catalogue without seeding one: the materials of a running
 * database (the bench's 100,000) read once and put into an index `SCALE_COPIES` times under new
 * ids, then memory and query times. `KREIDE_RUNTIME_DATABASE_URL=postgres://… node --expose-gc
 * --require tsx/cjs scripts/experiments/search-index-scale.ts`.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { searchWorldIndex } from '@/lib/search/memory-engine';
import { MemoryIndex, type IndexedMaterial } from '@/lib/search/memory-index';
import { searchParamsSchema } from '@/lib/search/params';
import { isWorldCode } from '@/lib/worlds/worlds';
import { percentile } from '../lib/percentile';

const COPIES = Number(process.env.SCALE_COPIES ?? 10);

async function main() {
  const rows = await getDb().execute<Record<string, unknown>>(sql`SELECT m.id, m.world, m.title,
    regexp_replace(m.description, '<[^>]+>', ' ', 'g') AS description, m.author_id, m.price_cents,
    m.sale_price_cents, m.sales_count, (extract(epoch FROM m.created_at) * 1000)::float8 AS created_at,
    ARRAY(SELECT subject_id FROM material_subjects WHERE material_id = m.id) AS subjects,
    ARRAY(SELECT grade_id FROM material_grades WHERE material_id = m.id) AS grades,
    ARRAY(SELECT school_type FROM material_school_types WHERE material_id = m.id) AS school_types
    FROM materials m WHERE m.is_active AND m.deleted_at IS NULL`);
  global.gc?.();
  const before = process.memoryUsage();
  const index = new MemoryIndex();
  const started = performance.now();
  for (let copy = 0; copy < COPIES; copy++) {
    for (const row of rows.rows) {
      if (!isWorldCode(row.world)) continue;
      const material: IndexedMaterial = {
        id: Number(row.id) + copy * 10_000_000,
        world: row.world,
        title: String(row.title),
        description: String(row.description),
        authorId: Number(row.author_id),
        priceCents: Number(row.price_cents),
        salePriceCents: row.sale_price_cents === null ? null : Number(row.sale_price_cents),
        saleEndsAt: null,
        salesCount: Number(row.sales_count),
        createdAt: Number(row.created_at),
        subjects: row.subjects as number[],
        grades: row.grades as number[],
        learningYears: [],
        materialTypes: [],
        schoolTypes: row.school_types as string[],
      };
      index.put(material);
    }
  }
  index.trim();
  const buildMs = performance.now() - started;
  const rawRows = rows.rows.length;
  rows.rows.length = 0;
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `${index.count.toLocaleString('en')} materials (${rawRows} read × ${COPIES}) indexed in ${(buildMs / 1000).toFixed(1)} s; heap +${Math.round((after.heapUsed - before.heapUsed) / 1e6)} MB, array buffers +${Math.round((after.arrayBuffers - before.arrayBuffers) / 1e6)} MB, rss ${Math.round(after.rss / 1e6)} MB`,
  );
  const de = index.world('de');
  for (const query of ['', 'subject=1', 'q=Brüche', 'q=Mathematik', 'q=Arbeitsblatt Klasse', 'q=Bruchrechnug']) {
    const params = searchParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      total = searchWorldIndex(de, params, { limit: 24, offset: 0, facets: true }).total;
      times.push(performance.now() - t);
    }
    console.log(
      `${(query || '(no text)').padEnd(22)} ${String(total).padStart(7)} hits  p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
  }
  process.exit(0);
}
main();
