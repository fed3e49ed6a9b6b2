/**
 * `npx tsx scripts/prepare-e2e-data.ts`: the browser journeys' embedded database in E2E_DATA_DIR
 * (default .data-e2e), made afresh and seeded with their demo catalogue as their server would on
 * its first start (lib/seed/start-database.ts), then closed. `npm test` runs it in the
 * background while Jest runs, so the journeys' server starts on a seeded database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env';
import { startDatabase } from '@/lib/seed/start-database';
import { E2E_DEMO_MATERIALS } from '../tests/e2e/support/e2e-env';

async function main() {
  const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e');
  fs.rmSync(dataDir, { recursive: true, force: true });
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_MATERIALS: String(E2E_DEMO_MATERIALS) });
  resetEnvCache();
  const { embedded } = await startDatabase();
  await closeDb();
  await embedded?.stop();
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
