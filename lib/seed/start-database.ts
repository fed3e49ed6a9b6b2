import path from 'node:path';
import { syncVatRates } from '@/lib/commerce/vat-rates';
import { getDb } from '@/lib/db/client';
import { spawnEmbeddedDatabase, type EmbeddedProcess } from '@/lib/db/embedded/spawn';
import { analyzeDatabase } from '@/lib/db/health';
import { runMigrations } from '@/lib/db/migrate';
import { getDataDir, getEnv } from '@/lib/env';
import { seedIfEmpty } from './seed-if-empty';

/**
 * The database as every start of Kreide needs it: without DATABASE_URL the embedded one, started
 * in its own process under the data folder; the migrations applied; the dated VAT table synced
 * with the maintained rate source; in an empty embedded database the demo catalogue (SEED_DEMO
 * auto, never into a configured PostgreSQL); and, embedded, the planner's statistics refreshed
 * (PGlite runs no autovacuum). server.ts starts this way, and so does the browser journeys'
 * preparation (scripts/prepare-e2e-data.ts), which seeds their database before their server starts.
 */
export async function startDatabase(log: (message: string) => void = console.log): Promise<{
  url: string;
  embedded?: EmbeddedProcess;
}> {
  const env = getEnv();
  let url = env.DATABASE_URL;
  let embedded: EmbeddedProcess | undefined;
  if (!url) {
    embedded = await spawnEmbeddedDatabase(path.join(getDataDir(), 'db'));
    url = embedded.url;
    log(`embedded database ready (${path.join(getDataDir(), 'db')})`);
  }
  process.env.KREIDE_RUNTIME_DATABASE_URL = url;
  await runMigrations(url);
  await syncVatRates(getDb());
  if (embedded && env.SEED_DEMO === 'auto') await seedIfEmpty({ materials: env.DEMO_MATERIALS, log });
  if (embedded) await analyzeDatabase();
  return { url, embedded };
}
