/**
 * Builds seeded template databases for one Jest run, one after another: migrated,
 * pg-boss's schema made, VAT rates synced and N demo materials seeded, exactly what each
 * integration test file did for itself before. Run by template-setup.ts as a child `tsx`
 * process, because Jest's global setup runs outside its module registry (`@/…` is not mapped
 * there). Prints one JSON line per finished template. Given a `base` (the unseeded template),
 * a seeded one starts as a copy of it instead of migrating again.
 *
 * usage: tsx build-templates.ts '{"backend":"pglite","runId":"…","root":"…","sizes":[20,60],"base":{…}}'
 */
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
import { runDatabasePrefix, type Template } from './templates';

interface BuildRequest {
  backend: 'pglite' | 'postgres';
  runId: string;
  root: string;
  sizes: number[];
  base?: Template;
}

async function adminQuery(admin: string, text: string): Promise<{ rows: Record<string, unknown>[] }> {
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function build(request: BuildRequest, materials: number): Promise<Template> {
  const folder = path.join(request.root, `seed-${materials}`);
  fs.mkdirSync(folder, { recursive: true });
  process.env.DATA_DIR = folder;
  resetEnvCache();
  const filesDir = path.join(folder, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  let url: string;
  let close: () => Promise<void>;
  let template: Template;
  if (request.backend === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('KREIDE_TEST_BACKEND=postgres needs TEST_DATABASE_URL');
    const database = `${runDatabasePrefix(request.runId)}tpl_${materials}`;
    await adminQuery(
      admin,
      request.base ? `CREATE DATABASE ${database} TEMPLATE ${request.base.database}` : `CREATE DATABASE ${database}`,
    );
    const parsed = new URL(admin);
    parsed.pathname = `/${database}`;
    url = parsed.toString();
    close = async () => {
      // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template: nobody
      // may connect to it from now on (which also keeps autovacuum away).
      await adminQuery(admin, `ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
      for (let waited = 0; ; waited += 50) {
        const open = await adminQuery(
          admin,
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${database}'`,
        );
        if (open.rows[0]!.n === 0) break;
        if (waited > 10_000) throw new Error(`connections to template ${database} stay open`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    template = { materials, database, filesDir };
  } else {
    const dbDir = path.join(folder, 'db');
    if (request.base) fs.cpSync(request.base.dbDir!, dbDir, { recursive: true });
    const embedded = await spawnEmbeddedDatabase(dbDir);
    url = embedded.url;
    // Stopped cleanly (SIGTERM closes PGlite), its folder is a consistent copy source.
    close = () => embedded.stop();
    template = { materials, dbDir, filesDir };
  }
  process.env.KREIDE_RUNTIME_DATABASE_URL = url;
  if (!request.base) await runMigrations(url);
  await getQueue();
  if (!request.base) await syncVatRates(getDb());
  if (materials > 0) await seedDemoCatalogue(getDb(), new LocalFileStorage(filesDir), { materials });
  await stopJobs({ timeoutMs: 1000 });
  await closeDb();
  await close();
  return template;
}

async function main() {
  const request = JSON.parse(process.argv[2] ?? '') as BuildRequest;
  for (const materials of request.sizes) {
    const started = Date.now();
    const template = await build(request, materials);
    process.stdout.write(`${JSON.stringify({ template, ms: Date.now() - started })}\n`);
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
