/**
 * `npx tsx scripts/measure-clean-up.ts [rows]`: how long the periodic clean-up takes to delete
 * `rows` expired sessions (default 1,000,000), on a fresh embedded database in a temporary folder,
 * or on DATABASE_URL's PostgreSQL when set (there it deletes every expired row, as the job would).
 * Prints the time, the batches and the rows per second. A measurement, not part of the suite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { closeDb, getDb } from '@/lib/db/client';
import { spawnEmbeddedDatabase } from '@/lib/db/embedded/spawn';
import { runMigrations } from '@/lib/db/migrate';
import { CLEAN_UP_BATCH, cleanUpExpired, RETENTION_MS } from '@/lib/maintenance/clean-up';

const rows = z.coerce
  .number()
  .int()
  .min(1)
  .max(10_000_000)
  .parse(process.argv[2] ?? 1_000_000);

async function main() {
  let stop = async () => {};
  if (!process.env.DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-clean-up-'));
    // In a process of its own, as server.ts runs it.
    const embedded = await spawnEmbeddedDatabase(path.join(dir, 'db'));
    process.env.KREIDE_RUNTIME_DATABASE_URL = embedded.url;
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const url = process.env.KREIDE_RUNTIME_DATABASE_URL ?? process.env.DATABASE_URL!;
  try {
    await runMigrations(url);
    const db = getDb();
    const expired = new Date(Date.now() - RETENTION_MS.sessions - 60 * 60_000);
    const seeding = Date.now();
    await db.execute(sql`
      INSERT INTO access_tokens (token_hash, client_id, grant_type, expires_at)
      SELECT 'clean-up-measure-' || g, 'web', 'password', ${expired} FROM generate_series(1, ${rows}) g`);
    console.log(`seeded ${rows} expired sessions in ${Date.now() - seeding} ms`);
    const started = Date.now();
    // One run deletes at most its batch budget; further runs (the next periods) take the rest.
    let deleted = 0;
    let batches = 0;
    let runs = 0;
    while (deleted < rows) {
      const report = await cleanUpExpired();
      runs += 1;
      deleted += report.sessions.deleted;
      batches += report.sessions.batches;
      if (report.sessions.deleted === 0) break;
    }
    const ms = Date.now() - started;
    console.log(
      `clean-up: ${deleted} rows in ${ms} ms (${runs} run(s), ${batches} batches of up to ${CLEAN_UP_BATCH}, ` +
        `${Math.round(ms / batches)} ms a batch, ${Math.round((deleted / ms) * 1000)} rows/s)`,
    );
  } finally {
    await closeDb();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
