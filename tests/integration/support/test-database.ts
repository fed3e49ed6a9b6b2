import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { syncVatRates } from '@/lib/commerce/vat-rates';
import { closeDb, getDb } from '@/lib/db/client';
import { spawnEmbeddedDatabase } from '@/lib/db/embedded/spawn';
import { runMigrations } from '@/lib/db/migrate';
import { seedDemoCatalogue } from '@/lib/seed/seed';
import { resetEnvCache } from '@/lib/env';
import { getQueue, stopJobs } from '@/lib/jobs/queue';
import { LocalFileStorage } from '@/lib/storage/storage';
import { linkTree, readTemplateManifest, runDatabasePrefix, scratchRoot, type Template } from './templates';

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
 * PostgreSQL of TEST_DATABASE_URL. Under Jest's global setup it is a copy of this run's template
 * with the same seed (template-setup.ts), which no other file touches; without one (or for a
 * size it did not build) the file migrates and seeds its own database.
 */
export async function startTestDatabase(options: { seedMaterials?: number } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), 'kreide-test-'));
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  const manifest = readTemplateManifest();
  const template = manifest?.backend === BACKEND ? manifest.templates[String(options.seedMaterials ?? 0)] : undefined;
  let url: string;
  let dispose: () => Promise<void>;
  if (BACKEND === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('KREIDE_TEST_BACKEND=postgres needs TEST_DATABASE_URL');
    const prefix = manifest ? runDatabasePrefix(manifest.runId) : 'kreide_test_';
    const name = `${prefix}${crypto.randomBytes(6).toString('hex')}`;
    const client = new Client({ connectionString: admin });
    await client.connect();
    await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template.database}` : `CREATE DATABASE ${name}`);
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
    // A copy, never a link: PGlite writes its files in place.
    if (template) fs.cpSync(template.dbDir!, path.join(dataDir, 'db'), { recursive: true });
    // Its own process, as in production: PGlite's WASM loader cannot run inside Jest's VM.
    const embedded = await spawnEmbeddedDatabase(path.join(dataDir, 'db'));
    url = embedded.url;
    dispose = () => embedded.stop();
  }
  process.env.KREIDE_RUNTIME_DATABASE_URL = url;
  if (template) await fromTemplate(template, dataDir);
  else await migrateAndSeed(url, dataDir, options.seedMaterials);
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

/** What build-templates.ts did to the template, done for this file's own database. */
async function migrateAndSeed(url: string, dataDir: string, materials: number | undefined): Promise<void> {
  await runMigrations(url);
  // The job queue's schema (pgboss) and the queues of the jobs defined so far, as server.ts
  // makes them on start: routes may then enqueue inside a transaction. Tests run due jobs with
  // drainJobs() from lib/jobs/workers.
  await getQueue();
  await syncVatRates(getDb());
  if (materials) await seedDemoCatalogue(getDb(), new LocalFileStorage(path.join(dataDir, 'files')), { materials });
}

/** The template's seeded files, and the job queue started with this file's queues. */
async function fromTemplate(template: Template, dataDir: string): Promise<void> {
  linkTree(template.filesDir, path.join(dataDir, 'files'));
  // pg-boss's schema is in the template; the queues of jobs this file defines are added.
  await getQueue();
}
