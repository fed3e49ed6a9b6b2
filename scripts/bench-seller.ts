/**
 * `npx tsx scripts/bench-seller.ts <out.json>` (used by `npm run bench`, with the bench's DATA_DIR
 * and no Kreide running on it): makes a seller of 2,000 materials and 50,000 sales (and as many
 * downloads) spread over the last twelve months, for the seller rows (`sellingRows` in bench.ts).
 * Written once per bench catalogue (a marker file); the sign-in of the seller goes to `out.json`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/accounts';
import { closeDb, getDb } from '@/lib/db/client';
import { openEmbeddedDatabase } from '@/lib/db/embedded/open';
import { runMigrations } from '@/lib/db/migrate';
import * as t from '@/lib/db/schema';
import { getDataDir } from '@/lib/env';

const MATERIALS = Number(process.env.BENCH_SELLER_MATERIALS ?? 2000);
const SALES = Number(process.env.BENCH_SELLER_SALES ?? 50_000);
const PASSWORD = 'bench-seller-password';

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: bench-seller.ts <out.json>');
  const marker = path.join(getDataDir(), `bench-seller-${MATERIALS}-${SALES}.json`);
  if (fs.existsSync(marker)) {
    fs.copyFileSync(marker, out);
    console.log(`bench seller already there (${marker})`);
    return;
  }
  const embedded = await openEmbeddedDatabase(path.join(getDataDir(), 'db'));
  process.env.KREIDE_RUNTIME_DATABASE_URL = embedded.url;
  try {
    await runMigrations(embedded.url);
    const db = getDb();
    const run = crypto.randomBytes(4).toString('hex');
    const email = `bench-seller-${run}@bench.test`;
    const [seller] = await db
      .insert(t.users)
      .values({
        email,
        slug: `bench-seller-${run}`,
        publicName: 'Bench Seller',
        passwordHash: await hashPassword(PASSWORD),
        isSeller: true,
        becameSellerAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000),
        doubleOptIn: true,
      })
      .returning({ id: t.users.id });
    const sellerId = seller!.id;
    await db.insert(t.accountStates).values({
      userId: sellerId,
      status: 'active',
      emailConfirmedAt: new Date(),
      inviteCode: `BENCH${run.toUpperCase()}`,
      countryCode: 'DE',
    });
    await db.insert(t.authorProfiles).values({ userId: sellerId }).onConflictDoNothing();
    await db.execute(sql`INSERT INTO terms_acceptances (user_id, terms_version_id)
      SELECT ${sellerId}, id FROM terms_versions ON CONFLICT DO NOTHING`);
    // The seller takes over the world's first materials (their own uploads, as far as the
    // cabinet can tell).
    await db.execute(sql`UPDATE materials SET author_id = ${sellerId}
      WHERE id IN (SELECT id FROM materials WHERE world = 'de' AND price_cents > 0 ORDER BY id LIMIT ${MATERIALS})`);
    const buyer = await db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE id <> ${sellerId} ORDER BY id LIMIT 1`,
    );
    const buyerId = Number(buyer.rows[0]!.id);
    // One paid order per sale, spread over a year; prices and shares as the checkout records them.
    await db.execute(sql`
      WITH mine AS (
        SELECT id, title, price_cents, row_number() OVER (ORDER BY id) - 1 AS n
        FROM materials WHERE author_id = ${sellerId}
      ), plan AS (
        SELECT g AS i, m.id AS material_id, m.title, m.price_cents,
               now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute' AS at
        FROM generate_series(0, ${SALES - 1}) g
        JOIN mine m ON m.n = g % ${MATERIALS}
      ), placed AS (
        INSERT INTO orders (reference, user_id, world, language, currency, status, provider, idempotency_key,
          original_minor, voucher_discount_minor, credits_used_minor, total_minor, vat_minor, net_minor,
          vat_kind, vat_country, vat_rate_basis_points, billing_address, delivery_consent_at, created_at, paid_at)
        SELECT 'B-' || ${run} || '-' || i, ${buyerId}, 'de', 'de', 'EUR', 'paid', 'test', 'bench-seller-' || ${run} || '-' || i,
          price_cents, 0, 0, price_cents, price_cents - round(price_cents / 1.19)::int, round(price_cents / 1.19)::int,
          'oss', 'DE', 1900, '{}'::jsonb, at, at, at
        FROM plan
        RETURNING id, idempotency_key
      )
      INSERT INTO order_items (order_id, material_id, seller_id, title, licence, in_bundle, unit_gross_minor,
        charged_gross_minor, voucher_discount_minor, credit_used_minor, payable_gross_minor, vat_minor, net_minor,
        seller_share_basis_points, seller_share_minor, platform_share_minor, seller_active_paid_materials)
      SELECT o.id, p.material_id, ${sellerId}, p.title, 'single', false, p.price_cents, p.price_cents, 0, 0, p.price_cents,
        p.price_cents - round(p.price_cents / 1.19)::int, round(p.price_cents / 1.19)::int,
        7000, round(round(p.price_cents / 1.19) * 0.7)::int,
        round(p.price_cents / 1.19)::int - round(round(p.price_cents / 1.19) * 0.7)::int, ${MATERIALS}
      FROM placed o JOIN plan p ON o.idempotency_key = 'bench-seller-' || ${run} || '-' || p.i`);
    await db.execute(sql`
      INSERT INTO material_downloads (material_id, user_id, created_at)
      SELECT m.id, ${buyerId}, now() - (g % 365) * interval '1 day'
      FROM generate_series(0, ${SALES - 1}) g
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM materials WHERE author_id = ${sellerId}) m
        ON m.n = g % ${MATERIALS}`);
    const first = await db.execute<{ id: number }>(
      sql`SELECT id FROM materials WHERE author_id = ${sellerId} ORDER BY id LIMIT 1`,
    );
    const answer = JSON.stringify({ email, password: PASSWORD, sellerId, materialId: Number(first.rows[0]!.id) });
    fs.writeFileSync(marker, answer);
    fs.writeFileSync(out, answer);
    console.log(`bench seller ${email}: ${MATERIALS} materials, ${SALES} sales`);
  } finally {
    await closeDb();
    await embedded.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
