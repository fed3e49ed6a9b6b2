/**
 * `npx tsx scripts/bench-live-two.ts` (run by `npm run bench` when BENCH_DATABASE_URL names a
 * PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres): the live notifications
 * rows across two Kreide processes on a database of its own — the sockets held by process B, the
 * sales made through process A, so every notification travels by LISTEN/NOTIFY. Needs a
 * production build. Cleans up after itself.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { and, eq, gt } from 'drizzle-orm';
import { Client } from 'pg';
import { closeDb, getDb } from '@/lib/db/client';
import { runMigrations } from '@/lib/db/migrate';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoCatalogue } from '@/lib/seed/seed';
import { LocalFileStorage } from '@/lib/storage/storage';
import { liveRows, printLive } from './bench-live';
import { mintBuyers } from './lib/mint-buyers';
import { startServer, stopServer } from './lib/server-process.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT_A = 3221;
const PORT_B = 3222;
const SOCKETS = 1000;
const SALE_BUYERS = 300;

async function admin(statement: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  const name = `kreide_live_${crypto.randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-live-two-'));
  const servers: ChildProcess[] = [];
  await admin(`CREATE DATABASE ${name}`);
  try {
    await runMigrations(databaseUrl);
    process.env.KREIDE_RUNTIME_DATABASE_URL = databaseUrl;
    await seedDemoCatalogue(getDb(), new LocalFileStorage(path.join(dataDir, 'files')), { materials: 50 });
    const [seller] = await getDb()
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, DEMO_ACCOUNTS.seller));
    const [material] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(and(eq(t.materials.authorId, seller!.id), eq(t.materials.world, 'de'), gt(t.materials.priceCents, 0)))
      .limit(1);
    if (!material) throw new Error('the demo seller has no paid material');
    const idle = await mintBuyers(SOCKETS - 1, 'live-two');
    const buyers = await mintBuyers(SALE_BUYERS, 'live-two');
    await closeDb();
    const env = {
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN: `http://localhost:${PORT_A}`,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      SEED_DEMO: 'never',
      TEST_PAYMENTS: 'on',
      LIVE_SOCKETS_PER_ADDRESS: String(SOCKETS + 100),
    };
    servers.push(await startServer({ port: PORT_A, dataDir, env }));
    servers.push(await startServer({ port: PORT_B, dataDir, env }));
    const originB = `http://localhost:${PORT_B}`;
    const figures = await liveRows({
      origin: originB,
      salesOrigin: `http://localhost:${PORT_A}`,
      serverPid: servers[1]!.pid!,
      idleTokens: idle,
      buyerTokens: buyers,
      seller: { email: DEMO_ACCOUNTS.seller, password: DEMO_PASSWORD, materialId: material.id },
    });
    printLive(figures, 'two processes on PostgreSQL (sockets on B, sales through A)');
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync(
      'bench-results/live-two-processes.json',
      JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2),
    );
  } finally {
    await Promise.allSettled(servers.map((server) => stopServer(server)));
    await closeDb().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`[bench-live-two] ${error.message}`);
  process.exit(1);
});
