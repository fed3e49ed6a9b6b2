/**
 * `npx tsx scripts/bench-buyers.ts <count> <out.json>` (used by `npm run bench`, with the bench's
 * DATA_DIR and no Kreide running on it): adds `count` buyers with a billing address in Germany
 * and writes a bearer token for each, so the checkout rows can give every request its own buyer,
 * cart and idempotency key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeDb } from '@/lib/db/client';
import { openEmbeddedDatabase } from '@/lib/db/embedded/open';
import { runMigrations } from '@/lib/db/migrate';
import { getDataDir } from '@/lib/env';
import { mintBuyers } from './lib/mint-buyers';

async function main() {
  const count = Number(process.argv[2]);
  const out = process.argv[3];
  if (!Number.isInteger(count) || count < 1 || !out) throw new Error('usage: bench-buyers.ts <count> <out.json>');
  const embedded = await openEmbeddedDatabase(path.join(getDataDir(), 'db'));
  process.env.KREIDE_RUNTIME_DATABASE_URL = embedded.url;
  try {
    await runMigrations(embedded.url);
    const tokens = await mintBuyers(count);
    fs.writeFileSync(out, JSON.stringify(tokens));
    console.log(`${tokens.length} bench buyers written to ${out}`);
  } finally {
    await closeDb();
    await embedded.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
