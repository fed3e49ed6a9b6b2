/**
 * `npx tsx scripts/bench-favourites.ts <out.json>` (used by `npm run bench`, with the bench's
 * DATA_DIR and no Kreide running on it): a teacher with a password who keeps 1,000 favourites of
 * the de world, sorted into 50 favourites folders (20 each, ten of them inside others), for the
 * favourites page's and folder rows. Made once per catalogue; later runs read the file (and add the
 * folders to an account made before folders existed).
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
const FOLDERS = 50;

/** 50 folders (the first ten each hold four more), the favourites spread over them: once per account. */
async function ensureFolders(userId: number) {
  const [has] = (
    await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM folders WHERE user_id = ${userId}`)
  ).rows;
  if (Number(has?.n ?? 0) > 0) return;
  await getDb().execute(sql`
    INSERT INTO folders (user_id, folder_type, title)
    SELECT ${userId}, 'favorite', 'Klasse ' || n FROM generate_series(1, 10) n`);
  await getDb().execute(sql`
    INSERT INTO folders (user_id, folder_type, title, parent_id)
    SELECT ${userId}, 'favorite', p.title || ' › Einheit ' || n, p.id
    FROM (SELECT id, title FROM folders WHERE user_id = ${userId}) p CROSS JOIN generate_series(1, ${(FOLDERS - 10) / 10}) n`);
  await getDb().execute(sql`
    INSERT INTO folder_materials (folder_id, material_id)
    SELECT f.id, v.material_id
    FROM (SELECT material_id, (row_number() OVER (ORDER BY material_id) - 1) % ${FOLDERS} AS slot FROM favourites WHERE user_id = ${userId}) v
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS slot FROM folders WHERE user_id = ${userId}) f ON f.slot = v.slot`);
}

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: bench-favourites.ts <out.json>');
  const embedded = await openEmbeddedDatabase(path.join(getDataDir(), 'db'));
  process.env.KREIDE_RUNTIME_DATABASE_URL = embedded.url;
  try {
    await runMigrations(embedded.url);
    if (fs.existsSync(out)) {
      await ensureFolders((JSON.parse(fs.readFileSync(out, 'utf8')) as { userId: number }).userId);
      return;
    }
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
    await ensureFolders(user.id);
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
