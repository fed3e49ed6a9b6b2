import { sql } from 'drizzle-orm';
import { getDb } from './client';

/** Runs one round trip to the database and reports how long it took. */
export async function checkDatabase(): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    await getDb().execute(sql`SELECT 1`);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

/** Refreshes the planner's statistics (PGlite has no autovacuum to do it). */
export async function analyzeDatabase(): Promise<void> {
  await getDb().execute(sql`ANALYZE`);
}
