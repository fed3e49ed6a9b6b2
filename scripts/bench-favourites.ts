/**
 * `npx tsx scripts/bench-favourites.ts <out.json>` (used by `npm run bench`, with the bench's
 * DATA_DIR and no Kreide running on it): a teacher with a password who keeps 1,000 favourites of
 * the de world, for the favourites page's rows. Made once per catalogue; later runs read the file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { acceptActualTerms } from '@/lib/accounts/terms';
import { closeDb, getDb } from '@/lib/db/client';
import { openEmbeddedDatabase } from '@/lib/db/embedded/open';
import { runMigrations } from '@/lib/db/migrate';
import { getDataDir } from '@/lib/env';

const FAVOURITES = 1_000;

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: bench-favourites.ts <out.json>');
  if (fs.existsSync(out)) return;
  const embedded = await openEmbeddedDatabase(path.join(getDataDir(), 'db'));
  process.env.KREIDE_RUNTIME_DATABASE_URL = embedded.url;
  try {
    await runMigrations(embedded.url);
    const email = `bench-favourites-${crypto.randomBytes(4).toString('hex')}@bench.test`;
    const password = 'bench-favourites-password';
    const user = await createAccount({
      email,
      publicName: 'Bench Favourites',
      world: 'de',
      passwordHash: await hashPassword(password),
      status: 'active',
      creationSource: 'bench',
    });
    await acceptActualTerms(user.id, 'de');
    // Spread over the catalogue, a minute apart, as a year of hearts would be.
    await getDb().execute(sql`
      INSERT INTO favourites (user_id, material_id, created_at)
      SELECT ${user.id}, id, now() - (row_number() OVER (ORDER BY id)) * interval '1 minute'
      FROM (SELECT id FROM materials WHERE world = 'de' AND is_active AND deleted_at IS NULL ORDER BY id * 7919 % 100003 LIMIT ${FAVOURITES}) picked`);
    fs.writeFileSync(out, JSON.stringify({ email, password, userId: user.id }));
    console.log(`bench favourites account written to ${out}`);
  } finally {
    await closeDb();
    await embedded.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
