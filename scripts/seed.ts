/**
 * `npm run db:seed [-- --materials N] [-- --allow-database-url]`: (re)creates the demo catalogue.
 * Without DATABASE_URL it opens the embedded database itself (stop a running Kreide first);
 * a DATABASE_URL database is only seeded when asked for explicitly.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb, getDb } from '@/lib/db/client';
import { openEmbeddedDatabase } from '@/lib/db/embedded/open';
import { runMigrations } from '@/lib/db/migrate';
import { seedDemoCatalogue } from '@/lib/seed/seed';
import { resetDatabase } from '@/lib/seed/reset';
import { getDataDir, getEnv } from '@/lib/env';
import { getStorage } from '@/lib/storage/storage';

async function main() {
  const { values } = parseArgs({
    options: {
      materials: { type: 'string', default: String(getEnv().DEMO_MATERIALS) },
      'allow-database-url': { type: 'boolean', default: false },
    },
  });
  const materials = Number(values.materials);
  if (!Number.isInteger(materials) || materials < 50)
    throw new Error('--materials must be a whole number of at least 50');
  const env = getEnv();
  if (env.DATABASE_URL && !values['allow-database-url']) {
    throw new Error('DATABASE_URL is set: demo data goes into that database only with --allow-database-url.');
  }
  const embedded = env.DATABASE_URL ? undefined : await openEmbeddedDatabase(path.join(getDataDir(), 'db'));
  const url = env.DATABASE_URL ?? embedded!.url;
  process.env.KREIDE_RUNTIME_DATABASE_URL = url;
  try {
    await runMigrations(url);
    await resetDatabase(getDb());
    const summary = await seedDemoCatalogue(getDb(), getStorage(), { materials, log: (m) => console.log(m) });
    console.log(
      `seeded ${summary.materials} materials, ${summary.users} users, ${summary.authors} authors, ${summary.blogPosts} blog posts in ${(summary.milliseconds / 1000).toFixed(1)} s`,
    );
  } finally {
    await closeDb();
    await embedded?.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
