import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { syncVatRates } from '@/lib/commerce/vat-rates';
import { closeDb, getDb } from '@/lib/db/client';
import { spawnEmbeddedDatabase } from '@/lib/db/embedded/spawn';
import { runMigrations } from '@/lib/db/migrate';
import { seedDemoCatalogue } from '@/lib/db/seed/seed';
import { resetEnvCache } from '@/lib/env';
import { getQueue, stopJobs } from '@/lib/jobs/queue';
import { LocalFileStorage } from '@/lib/storage/storage';

/** Which database the integration suite runs on: PGlite by default, PostgreSQL on request. */
export const BACKEND = process.env.KREIDE_TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file, with the job queue started on it: PGlite in its
 * own process behind its socket (the same `pg` path the app uses), or a new database on the
 * PostgreSQL of TEST_DATABASE_URL.
 */
export async function startTestDatabase(options: { seedMaterials?: number } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-test-'));
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  let url: string;
  let dispose: () => Promise<void>;
  if (BACKEND === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('KREIDE_TEST_BACKEND=postgres needs TEST_DATABASE_URL');
    const name = `kreide_test_${crypto.randomBytes(6).toString('hex')}`;
    const client = new Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const parsed = new URL(admin);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dispose = async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    // Its own process, as in production: PGlite's WASM loader cannot run inside Jest's VM.
    const embedded = await spawnEmbeddedDatabase(path.join(dataDir, 'db'));
    url = embedded.url;
    dispose = () => embedded.stop();
  }
  process.env.KREIDE_RUNTIME_DATABASE_URL = url;
  await runMigrations(url);
  // The job queue's schema (pgboss) and the queues of the jobs defined so far, as server.ts
  // makes them on start: routes may then enqueue inside a transaction. Tests run due jobs with
  // drainJobs() from lib/jobs/workers.
  await getQueue();
  await syncVatRates(getDb());
  if (options.seedMaterials) {
    await seedDemoCatalogue(getDb(), new LocalFileStorage(path.join(dataDir, 'files')), {
      materials: options.seedMaterials,
    });
  }
  return {
    url,
    dataDir,
    async stop() {
      await stopJobs({ timeoutMs: 1000 });
      await closeDb();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
