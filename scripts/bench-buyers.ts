/**
 * `npx tsx scripts/bench-buyers.ts <count> <out.json>` (used by `npm run bench`, with the bench's
 * DATA_DIR and no Kreide running on it): adds `count` buyers with a billing address in Germany
 * and writes a bearer token for each, so the checkout rows can give every request its own buyer,
 * cart and idempotency key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hashToken } from '@/lib/accounts/tokens';
import { closeDb, getDb } from '@/lib/db/client';
import { openEmbeddedDatabase } from '@/lib/db/embedded/open';
import { runMigrations } from '@/lib/db/migrate';
import * as t from '@/lib/db/schema';
import { getDataDir } from '@/lib/env';

async function main() {
  const count = Number(process.argv[2]);
  const out = process.argv[3];
  if (!Number.isInteger(count) || count < 1 || !out) throw new Error('usage: bench-buyers.ts <count> <out.json>');
  const embedded = await openEmbeddedDatabase(path.join(getDataDir(), 'db'));
  process.env.KREIDE_RUNTIME_DATABASE_URL = embedded.url;
  try {
    await runMigrations(embedded.url);
    const run = crypto.randomBytes(4).toString('hex');
    const tokens: string[] = [];
    for (let start = 0; start < count; start += 500) {
      const size = Math.min(500, count - start);
      const users = await getDb()
        .insert(t.users)
        .values(
          Array.from({ length: size }, (_, i) => ({
            email: `bench-${run}-${start + i}@bench.test`,
            slug: `bench-${run}-${start + i}`,
            publicName: `Bench Buyer ${start + i}`,
          })),
        )
        .returning({ id: t.users.id });
      await getDb()
        .insert(t.billingAddresses)
        .values(
          users.map((user) => ({
            userId: user.id,
            fullName: 'Bench Buyer',
            street: 'Messweg 1',
            postalCode: '10115',
            city: 'Berlin',
            countryCode: 'DE',
          })),
        );
      const batch = users.map(() => crypto.randomBytes(32).toString('base64url'));
      await getDb()
        .insert(t.accessTokens)
        .values(
          users.map((user, i) => ({
            tokenHash: hashToken(batch[i]!),
            userId: user.id,
            clientId: 'app',
            grantType: 'password',
            expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
          })),
        );
      tokens.push(...batch);
    }
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
