import { sql } from 'drizzle-orm';
import { GET as search } from '@/app/api/v3/search/route';
import { invalidateWorld } from '@/lib/cache/invalidate';
import { getDb } from '@/lib/db/client';
import { cleanUpExpired } from '@/lib/maintenance/clean-up';
import { databaseEngine } from '@/lib/search/database-engine';
import type { SearchEngine } from '@/lib/search/engine';
import { memoryEngine } from '@/lib/search/memory-engine';
import { searchParamsSchema } from '@/lib/search/params';
import { MAIN_WORLDS, type WorldCode } from '@/lib/worlds/worlds';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { apiRequest } from './support/request';

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 1000 });
});
afterAll(() => database.stop());

const params = (query: string) => searchParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)));
const page = { limit: 24, offset: 0, facets: true };

async function memory(): Promise<SearchEngine> {
  const engine = await memoryEngine();
  if (!engine) throw new Error('the index should be built on first use outside server.ts');
  return engine;
}

async function searchApi(query: string) {
  const response = await search(apiRequest(`/api/v3/search?${query}`));
  return { status: response.status, body: await response.json() };
}

describe(`search index on ${BACKEND}`, () => {
  it('finds every title of the demo catalogue, pasted whole, first', async () => {
    const engine = await memory();
    const titles = await getDb().execute<{ id: number; world: WorldCode; title: string }>(
      sql`SELECT id, world, title FROM materials WHERE is_active AND deleted_at IS NULL ORDER BY id`,
    );
    expect(titles.rows.length).toBeGreaterThan(900);
    const missed: string[] = [];
    for (const row of titles.rows) {
      const found = await engine.search(row.world, params(`q=${encodeURIComponent(row.title)}`), {
        ...page,
        facets: false,
      });
      const first = found.ids[0];
      // Several materials may share a title: the first hit must carry the one pasted.
      const firstTitle = titles.rows.find((r) => r.id === first)?.title;
      if (firstTitle?.toLowerCase() !== row.title.toLowerCase()) missed.push(`${row.world}: ${row.title}`);
    }
    expect(missed).toEqual([]);
  });

  it('finds a title with a spaced dash in the database engine too (used while the index is built)', async () => {
    for (const world of ['de', 'gr'] as const) {
      const row = (
        await getDb().execute<{ id: number; title: string }>(
          sql`SELECT id, title FROM materials WHERE world = ${world} AND title LIKE '% – %' AND is_active ORDER BY sales_count DESC LIMIT 1`,
        )
      ).rows[0]!;
      const found = await databaseEngine.search(world, params(`q=${encodeURIComponent(row.title)}`), page);
      expect(found.total).toBeGreaterThan(0);
      expect(found.ids).toContain(row.id);
    }
  });

  it('answers filter-only searches as the database does, in the same order', async () => {
    const engine = await memory();
    const subject = (
      await getDb().execute<{ id: number }>(sql`SELECT id FROM subjects WHERE world = 'it' ORDER BY position LIMIT 1`)
    ).rows[0]!.id;
    for (const query of ['', `subject=${subject}`, `subject=${subject}&price=paid&sort=price_asc`, 'sort=newest']) {
      const [fromIndex, fromDatabase] = await Promise.all([
        engine.search('it', params(query), page),
        databaseEngine.search('it', params(query), page),
      ]);
      expect(fromIndex.total).toBe(fromDatabase.total);
      expect(fromIndex.ids).toEqual(fromDatabase.ids);
      expect(Object.fromEntries(fromIndex.facets.subject)).toEqual(Object.fromEntries(fromDatabase.facets.subject));
      expect(fromIndex.price).toEqual(fromDatabase.price);
    }
  });

  it('sees every write to a material at the next search, whoever wrote it', async () => {
    const db = getDb();
    const row = (
      await db.execute<{ id: number }>(
        sql`SELECT id FROM materials WHERE world = 'fr' AND is_active ORDER BY id LIMIT 1`,
      )
    ).rows[0]!;
    // A raw write, as a script or another process would make it: the trigger records it.
    await db.execute(sql`UPDATE materials SET title = 'Zygomorphe Quokkas' WHERE id = ${row.id}`);
    const found = await searchApi('world=fr&q=quokkas');
    expect(found.body.items.map((m: { id: number }) => m.id)).toEqual([row.id]);
    expect(found.body.engine).toBe('memory');

    await db.execute(sql`UPDATE materials SET is_active = false WHERE id = ${row.id}`);
    expect((await searchApi('world=fr&q=quokkas')).body.total).toBe(0);
    await db.execute(sql`UPDATE materials SET is_active = true WHERE id = ${row.id}`);
    expect((await searchApi('world=fr&q=quokkas')).body.total).toBe(1);

    // Its classification counts too.
    const grade = (
      await db.execute<{ id: number }>(sql`SELECT id FROM grades WHERE world = 'fr' ORDER BY level DESC LIMIT 1`)
    ).rows[0]!.id;
    await db.execute(sql`DELETE FROM material_grades WHERE material_id = ${row.id}`);
    await db.execute(sql`INSERT INTO material_grades (material_id, grade_id) VALUES (${row.id}, ${grade})`);
    const graded = await searchApi(`world=fr&q=quokkas&class_grade=${grade}`);
    expect(graded.body.total).toBe(1);
    expect(graded.body.facets.class_grade).toEqual([expect.objectContaining({ id: grade, count: 1 })]);

    // Moved to another world, it leaves the first.
    await db.execute(sql`UPDATE materials SET world = 'es' WHERE id = ${row.id}`);
    expect((await searchApi('world=fr&q=quokkas')).body.total).toBe(0);
    expect((await searchApi('world=es&q=quokkas')).body.total).toBe(1);
    await db.execute(sql`UPDATE materials SET deleted_at = now() WHERE id = ${row.id}`);
    expect((await searchApi('world=es&q=quokkas')).body.total).toBe(0);
  });

  it('names filter values as the catalogue does, again after a world changed them', async () => {
    const db = getDb();
    const subject = (
      await db.execute<{ id: number; title: string }>(
        sql`SELECT id, title FROM subjects WHERE world = 'gr' ORDER BY position LIMIT 1`,
      )
    ).rows[0]!;
    const before = await searchApi(`world=gr&subject=${subject.id}`);
    expect(before.body.facets.subject).toContainEqual(
      expect.objectContaining({ id: subject.id, title: subject.title }),
    );
    await db.execute(sql`UPDATE subjects SET title = 'Μαθηματικά νέα' WHERE id = ${subject.id}`);
    await invalidateWorld('gr');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await searchApi(`world=gr&subject=${subject.id}`);
    expect(after.body.facets.subject).toContainEqual(
      expect.objectContaining({ id: subject.id, title: 'Μαθηματικά νέα' }),
    );
  });

  it('keeps the change rows for an hour', async () => {
    const db = getDb();
    const before = Number(
      (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_changes`)).rows[0]!.n,
    );
    expect(before).toBeGreaterThan(0);
    await db.execute(sql`UPDATE search_changes SET changed_at = now() - interval '2 hours'`);
    const report = await cleanUpExpired();
    expect(report.searchChanges.deleted).toBe(before);
  });

  it.each(MAIN_WORLDS)('corrects a misspelt title word in %s and says what it searched for', async (world) => {
    const engine = await memory();
    const word = (
      await getDb().execute<{ display: string }>(
        sql`SELECT display FROM search_terms WHERE world = ${world} AND char_length(term) >= 9 AND term ~ '^[a-z]+$|^[α-ω]+$' ORDER BY frequency DESC LIMIT 1`,
      )
    ).rows[0]!.display;
    const misspelt = word.slice(0, 3) + word.slice(4);
    const found = await engine.search(world, params(`q=${encodeURIComponent(misspelt)}`), page);
    expect(found.total).toBeGreaterThan(0);
    expect(found.correctedQuery?.toLowerCase()).toBe(word.toLowerCase());
  });
});
