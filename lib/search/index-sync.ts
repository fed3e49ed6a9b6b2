import { sql } from 'drizzle-orm';
import { watchAppliedTags } from '@/lib/cache/bus';
import { getDb, type Database } from '@/lib/db/client';
import { processWide } from '@/lib/process-wide.cjs';
import { isWorldCode, type WorldCode } from '@/lib/worlds/worlds';
import { MemoryIndex, noFacetTitles, type FacetKind, type FacetTitles, type IndexedMaterial } from './memory-index';

/**
 * Keeps this process's search index (lib/search/memory-index.ts) in step with the database: built
 * at start in batches, then every second the materials named in `search_changes` since (written
 * by triggers, so every write path and every process is covered) are read again. A change made in
 * this process is read at once: its invalidation (lib/cache/bus.ts) asks for a look.
 */

/** Materials read per statement while building. */
const BUILD_BATCH = 2000;
/** How often the change rows are read when the index runs in the background. */
const SEARCH_SYNC_INTERVAL_MS = 1000;
/**
 * Change rows are read again for this long: a transaction that took its row's number earlier
 * but committed later than a row already read is still seen (numbers are taken in order, not
 * committed in order). Re-reading a material is harmless; rows once applied are skipped.
 */
const LATE_COMMIT_WINDOW_MS = 30_000;
/** A rebuild is due when more than this share of a world's document numbers are dead. */
const REBUILD_DEAD_SHARE = 0.25;

/** Where an index stands in the change rows. */
interface Cursor {
  /** Change rows above this number are read on each look. */
  since: number;
  /** Rows above `since` already applied. */
  applied: Set<number>;
  marks: { at: number; highest: number }[];
}

interface Current {
  index: MemoryIndex;
  cursor: Cursor;
}

interface State {
  db: Database | null;
  current: Current | null;
  building: Promise<MemoryIndex> | null;
  /** Started by server.ts: build and look in the background; search the database until ready. */
  background: boolean;
  timer: NodeJS.Timeout | null;
  syncing: Promise<void> | null;
  again: boolean;
  stopWatching: (() => void) | null;
  buildMs: number;
  /** Of the build's time, waiting for the database. */
  readMs: number;
}

const state = processWide('search-index', (): State => ({
  db: null,
  current: null,
  building: null,
  background: false,
  timer: null,
  syncing: null,
  again: false,
  stopWatching: null,
  buildMs: 0,
  readMs: 0,
}));

interface MaterialRow extends Record<string, unknown> {
  id: number;
  world: string;
  title: string;
  description: string;
  author_id: number;
  price_cents: number;
  sale_price_cents: number | null;
  sale_ends_at: number | null;
  sales_count: number;
  created_at: number;
  listed: boolean;
  subjects: number[];
  grades: number[];
  learning_years: number[];
  material_types: number[];
  school_types: string[];
}

const MATERIAL_COLUMNS = sql`m.id, m.world, m.title, m.description, m.author_id, m.price_cents, m.sale_price_cents,
  (extract(epoch FROM m.sale_ends_at) * 1000)::float8 AS sale_ends_at, m.sales_count,
  (extract(epoch FROM m.created_at) * 1000)::float8 AS created_at,
  (m.is_active AND m.deleted_at IS NULL) AS listed,
  ARRAY(SELECT subject_id FROM material_subjects WHERE material_id = m.id) AS subjects,
  ARRAY(SELECT grade_id FROM material_grades WHERE material_id = m.id) AS grades,
  ARRAY(SELECT learning_year_id FROM material_learning_years WHERE material_id = m.id) AS learning_years,
  ARRAY(SELECT material_type_id FROM material_material_types WHERE material_id = m.id) AS material_types,
  ARRAY(SELECT school_type FROM material_school_types WHERE material_id = m.id) AS school_types`;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * The words of a stored description (sanitized author HTML): tags become spaces, the entities
 * sanitize-html writes become their characters. Only for the index, never for display.
 */
function descriptionText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!);
}

function toIndexed(row: MaterialRow): IndexedMaterial | null {
  if (!row.listed || !isWorldCode(row.world)) return null;
  return {
    id: row.id,
    world: row.world,
    title: row.title,
    description: descriptionText(row.description),
    authorId: row.author_id,
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    saleEndsAt: row.sale_ends_at,
    salesCount: row.sales_count,
    createdAt: row.created_at,
    subjects: row.subjects,
    grades: row.grades,
    learningYears: row.learning_years,
    materialTypes: row.material_types,
    schoolTypes: row.school_types,
  };
}

async function highestChange(db: Database): Promise<number> {
  const result = await db.execute<{ seq: number }>(
    sql`SELECT coalesce(max(seq), 0)::float8 AS seq FROM search_changes`,
  );
  return Number(result.rows[0]?.seq ?? 0);
}

/**
 * The words of every world's subjects and keywords (known to the spelling correction) and the
 * titles of its filter values (shown with their counts), read again when a world changes.
 */
async function loadVocabulary(db: Database, index: MemoryIndex): Promise<void> {
  const result = await db.execute<{ kind: FacetKind | 'keyword'; id: number; world: string; title: string }>(
    sql`SELECT 'subject' AS kind, id, world, title FROM subjects
      UNION ALL SELECT 'class_grade', id, world, title FROM grades
      UNION ALL SELECT 'learning_years', id, world, title FROM learning_years
      UNION ALL SELECT 'material_type', id, world, title FROM material_types
      UNION ALL SELECT 'keyword', id, world, title FROM keywords`,
  );
  const words = new Map<WorldCode, string[]>();
  const titles = new Map<WorldCode, FacetTitles>();
  for (const row of result.rows) {
    if (!isWorldCode(row.world)) continue;
    if (row.kind === 'keyword' || row.kind === 'subject') {
      const list = words.get(row.world) ?? [];
      list.push(row.title);
      words.set(row.world, list);
    }
    if (row.kind === 'keyword') continue;
    let world = titles.get(row.world);
    if (!world) titles.set(row.world, (world = noFacetTitles()));
    world[row.kind].set(row.id, row.title);
  }
  for (const [world, list] of words) index.world(world).setVocabulary(list);
  index.setFacetTitles(titles);
}

/** Reads every listed material into a new index (in batches, so requests are served between). */
async function buildIndex(db: Database): Promise<Current> {
  const started = performance.now();
  // Read before the materials: a change committed while they are read is looked at afterwards.
  const since = await highestChange(db);
  const index = new MemoryIndex();
  await loadVocabulary(db, index);
  let after = 0;
  let reading = 0;
  for (;;) {
    const readStarted = performance.now();
    const result = await db.execute<MaterialRow>(
      sql`SELECT ${MATERIAL_COLUMNS} FROM materials m
        WHERE m.id > ${after} AND m.is_active AND m.deleted_at IS NULL ORDER BY m.id LIMIT ${BUILD_BATCH}`,
    );
    reading += performance.now() - readStarted;
    for (const row of result.rows) {
      const material = toIndexed(row);
      if (material) index.put(material);
    }
    if (result.rows.length < BUILD_BATCH) break;
    after = result.rows[result.rows.length - 1]!.id;
    // Let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  index.trim();
  state.buildMs = performance.now() - started;
  state.readMs = reading;
  return { index, cursor: { since, applied: new Set(), marks: [] } };
}

/** Reads the change rows since the last look and applies the materials they name. */
async function applyChanges(db: Database, { index, cursor }: Current): Promise<void> {
  for (;;) {
    const result = await db.execute<{ seq: number; material_id: number }>(
      sql`SELECT seq::float8 AS seq, material_id FROM search_changes WHERE seq > ${cursor.since} ORDER BY seq LIMIT 10000`,
    );
    const fresh = new Set<number>();
    let highest = cursor.since;
    for (const row of result.rows) {
      const seq = Number(row.seq);
      highest = Math.max(highest, seq);
      if (cursor.applied.has(seq)) continue;
      cursor.applied.add(seq);
      fresh.add(row.material_id);
    }
    if (fresh.size > 0) {
      const ids = [...fresh];
      const materials = await db.execute<MaterialRow>(
        sql`SELECT ${MATERIAL_COLUMNS} FROM materials m WHERE m.id = ANY(${`{${ids.join(',')}}`}::int[])`,
      );
      const found = new Set<number>();
      for (const row of materials.rows) {
        found.add(row.id);
        const material = toIndexed(row);
        if (material) index.put(material);
        else index.remove(row.id);
      }
      for (const id of ids) if (!found.has(id)) index.remove(id);
    }
    advanceWindow(cursor, highest);
    if (result.rows.length < 10000) return;
  }
}

/** Moves the lower bound of the change rows read to the highest seen a window ago. */
function advanceWindow(cursor: Cursor, highest: number): void {
  const now = Date.now();
  cursor.marks.push({ at: now, highest });
  let since = cursor.since;
  while (cursor.marks.length > 0 && cursor.marks[0]!.at < now - LATE_COMMIT_WINDOW_MS) {
    since = Math.max(since, cursor.marks.shift()!.highest);
  }
  if (since === cursor.since) return;
  cursor.since = since;
  for (const seq of cursor.applied) if (seq <= since) cursor.applied.delete(seq);
}

function reset(db: Database): void {
  state.db = db;
  state.current = null;
  state.building = null;
}

/** Looks at the change rows, and reads the vocabulary again, when this process applies an invalidation. */
function watchInvalidations(): void {
  if (state.stopWatching) return;
  state.stopWatching = watchAppliedTags((tags) => {
    if (tags.some((tag) => tag === '*' || tag.startsWith('material:') || tag.startsWith('world:'))) {
      syncSearchIndex().catch((error: Error) => console.error(`search index: look failed: ${error.message}`));
    }
    // A world's subjects, grades or keywords may have changed (their titles, the vocabulary).
    if (tags.some((tag) => tag === '*' || tag.startsWith('world:'))) {
      const { db, current } = state;
      if (db && current)
        loadVocabulary(db, current.index).catch((error: Error) =>
          console.error(`search index: vocabulary not read: ${error.message}`),
        );
    }
  });
}

/** Builds (or rebuilds) the index for `db` and makes it the one searched. */
function startBuild(db: Database): Promise<MemoryIndex> {
  watchInvalidations();
  const building = buildIndex(db).then(async (built) => {
    if (state.db !== db) return built.index;
    await applyChanges(db, built);
    state.current = built;
    state.building = null;
    return built.index;
  });
  building.catch((error: Error) => {
    console.error(`search index: build failed, searching the database: ${error.message}`);
    if (state.building === building) state.building = null;
  });
  state.building = building;
  return building;
}

/** Looks at the change rows now (one look at a time; a request during a look runs once more). */
export function syncSearchIndex(): Promise<void> {
  const { db, current } = state;
  if (!db || !current) return Promise.resolve();
  if (state.syncing) {
    state.again = true;
    return state.syncing;
  }
  const run = async () => {
    try {
      do {
        state.again = false;
        // The index searched now: a rebuild may have replaced the one this look began with.
        await applyChanges(db, state.current ?? current);
      } while (state.again);
      if (state.background && current.index.deadShare > REBUILD_DEAD_SHARE && !state.building) void startBuild(db);
    } finally {
      state.syncing = null;
    }
  };
  state.syncing = run();
  return state.syncing;
}

/**
 * The index to search `db` with, or null while it is being built in the background (the caller
 * searches the database meanwhile). Without a background start (tests, scripts) the first search
 * builds it and every search first looks at the change rows, so a write is found by the next
 * search; in the background, a look already under way (a change in this process asked for it)
 * is waited for.
 */
export async function searchIndexFor(db: Database = getDb()): Promise<MemoryIndex | null> {
  if (state.db !== db) reset(db);
  if (!state.current) {
    const building = state.building ?? startBuild(db);
    if (state.background) return null;
    await building;
  } else if (!state.background) await syncSearchIndex();
  else if (state.syncing) await state.syncing;
  return state.current?.index ?? null;
}

/**
 * Starts the index in the background (server.ts): built from the database now, kept current by a
 * look every second and by this process's own invalidations.
 */
export function startSearchIndex(): void {
  if (state.background) return;
  state.background = true;
  const db = getDb();
  reset(db);
  void startBuild(db).then(
    (index) =>
      console.log(
        `search index: ${index.count} materials in ${Math.round(state.buildMs)} ms (${Math.round(state.readMs)} ms reading the database)`,
      ),
    () => undefined,
  );
  state.timer = setInterval(() => {
    syncSearchIndex().catch((error: Error) => console.error(`search index: look failed: ${error.message}`));
  }, SEARCH_SYNC_INTERVAL_MS);
  state.timer.unref();
}

export function stopSearchIndex(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  state.stopWatching?.();
  state.stopWatching = null;
  state.background = false;
}
