/**
 * `npx tsx scripts/bench-receipts.ts rate [ordersPerSecond] [seconds]` or
 * `npx tsx scripts/bench-receipts.ts burst [orders]`: how long a buyer waits for the receipt of
 * a paid order. Orders are made by the checkout itself (`checkout` of lib/commerce/checkout.ts,
 * the test payment: paid at once, delivered, the receipt queued in the order's transaction), one
 * buyer and one-material cart each; the carts and buyers are written beforehand in bulk. Each
 * order's clock starts when its checkout returns (after the commit) and stops at the receipt
 * job's `completed_on`, recorded right after its `.eml` was written (DATA_DIR/mail; SMTP_URL is
 * ignored).
 *
 * - With DATABASE_URL (PostgreSQL): a database of its own on that server, dropped afterwards.
 *   This process is the web process with JOBS_IN_PROCESS=false (it starts the queue and runs no
 *   job); one `scripts/worker.ts` process (`npm run worker`) runs every job.
 * - Without: the embedded default. The database runs in its own process and this one runs the
 *   jobs, every queue of the catalogue with its timers, as server.ts does.
 *
 * `rate` starts orders at a steady pace (each on time, not waiting for the one before) and
 * reports p50/p99/max; `burst` starts them all at once and reports the time from the last
 * order's commit to the last receipt. A measurement, not part of the suite (issue 23).
 * Defaults: 30 orders a second for 60 s; a burst of 20.
 */
import './lib/allow-server-only';
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { checkout } from '@/lib/commerce/checkout';
import { syncVatRates } from '@/lib/commerce/vat-rates';
import { closeDb, getDb } from '@/lib/db/client';
import { runMigrations } from '@/lib/db/migrate';
import * as t from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import '@/lib/job-catalogue';
import { getQueue, stopJobs } from '@/lib/jobs/queue';
import { startJobWorkers } from '@/lib/jobs/workers';
import { getOutboxDir } from '@/lib/mail/mailer';
import { seedDemoCatalogue } from '@/lib/seed/seed';
import { LocalFileStorage } from '@/lib/storage/storage';
import type { WorldCode } from '@/lib/worlds/worlds';
import { openBenchDatabase } from './lib/scratch-database';

const count = z.coerce.number().int().min(1).max(100_000);
const mode = z.enum(['rate', 'burst']).parse(process.argv[2] ?? 'rate');
const perSecond = mode === 'rate' ? count.parse(process.argv[3] ?? 30) : 0;
const seconds = mode === 'rate' ? count.parse(process.argv[4] ?? 60) : 0;
const total = mode === 'rate' ? perSecond * seconds : count.parse(process.argv[3] ?? 20);

interface Buyer {
  userId: number;
  world: WorldCode;
}

interface Placed {
  orderId: number;
  calledAt: number;
  committedAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` buyers with a German billing address and a cart of one paid material each. */
async function prepareBuyers(run: string): Promise<Buyer[]> {
  const db = getDb();
  const materials = await db
    .select({ id: t.materials.id, world: t.materials.world })
    .from(t.materials)
    .where(
      and(
        gt(t.materials.priceCents, 0),
        eq(t.materials.isBundle, false),
        eq(t.materials.isActive, true),
        isNull(t.materials.deletedAt),
      ),
    )
    .orderBy(t.materials.id);
  if (materials.length === 0) throw new Error('the seed has no paid materials');
  const buyers: Buyer[] = [];
  for (let start = 0; start < total; start += 500) {
    const size = Math.min(500, total - start);
    const picks = Array.from({ length: size }, (_, i) => materials[(start + i) % materials.length]!);
    const users = await db
      .insert(t.users)
      .values(
        picks.map((_, i) => ({
          email: `receipt-${run}-${start + i}@bench.test`,
          slug: `receipt-${run}-${start + i}`,
          publicName: `Receipt Buyer ${start + i}`,
        })),
      )
      .returning({ id: t.users.id });
    await db.insert(t.billingAddresses).values(
      users.map((user) => ({
        userId: user.id,
        fullName: 'Receipt Buyer',
        street: 'Messweg 1',
        postalCode: '10115',
        city: 'Berlin',
        countryCode: 'DE',
      })),
    );
    const carts = await db
      .insert(t.carts)
      .values(users.map((user, i) => ({ userId: user.id, world: picks[i]!.world })))
      .returning({ id: t.carts.id, userId: t.carts.userId, world: t.carts.world });
    await db
      .insert(t.cartItems)
      .values(carts.map((cart, i) => ({ cartId: cart.id, materialId: picks[i]!.id, licence: 'single' })));
    buyers.push(...carts.map((cart) => ({ userId: cart.userId!, world: cart.world })));
  }
  return buyers;
}

/** One `npm run worker` process on the database; resolves once it runs its queues. */
async function startWorkerProcess(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
  };
  delete env.SMTP_URL;
  delete env.KREIDE_RUNTIME_DATABASE_URL;
  const child = fork(path.join(process.cwd(), 'scripts', 'worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the worker exited with code ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('job worker')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve();
    });
  });
  return child;
}

async function placeOrder(buyer: Buyer, key: string): Promise<Placed> {
  const calledAt = Date.now();
  const { order, created } = await checkout({
    userId: buyer.userId,
    world: buyer.world,
    provider: 'test',
    idempotencyKey: key,
    expectedTotal: null,
    deliveryConsent: true,
  });
  const committedAt = Date.now();
  if (!created || order.status !== 'paid') throw new Error(`order ${order.id}: ${order.status}, created ${created}`);
  return { orderId: order.id, calledAt, committedAt };
}

/** Waits until every order's receipt job has completed; its completion time (ms) by order id. */
async function receiptTimes(orderIds: number[], timeoutMs: number): Promise<Map<number, number>> {
  const wanted = new Set(orderIds);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const rows = (
      await getDb().execute<{ order_id: number; state: string; done: number | null }>(sql`
        SELECT (data->>'orderId')::int AS order_id, state::text AS state,
               (extract(epoch FROM completed_on) * 1000)::float8 AS done
        FROM pgboss.job WHERE name = 'order-mail' AND data->>'kind' = 'paid'`)
    ).rows.filter((row) => wanted.has(row.order_id));
    const failed = rows.filter((row) => row.state === 'failed').length;
    if (failed > 0) throw new Error(`${failed} receipts failed`);
    const done = rows.filter((row) => row.state === 'completed');
    if (done.length === wanted.size) return new Map(done.map((row) => [row.order_id, Number(row.done)]));
    if (Date.now() > end) throw new Error(`${done.length} of ${wanted.size} receipts sent after ${timeoutMs} ms`);
    await sleep(250);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-bench-receipts-'));
  const run = crypto.randomBytes(4).toString('hex');
  process.env.DATA_DIR = dir;
  process.env.TEST_PAYMENTS = 'on';
  delete process.env.SMTP_URL;
  resetEnvCache();
  let cleanUp = async () => {};
  let worker: ChildProcess | undefined;
  const server = process.env.DATABASE_URL;
  try {
    const database = await openBenchDatabase('kreide_bench_receipts', dir);
    cleanUp = () => database.close();
    const databaseUrl = database.url;
    if (server) {
      process.env.DATABASE_URL = databaseUrl;
      resetEnvCache();
    }
    process.env.KREIDE_RUNTIME_DATABASE_URL = databaseUrl;
    await runMigrations(databaseUrl);
    const db = getDb();
    await syncVatRates(db);
    await seedDemoCatalogue(db, new LocalFileStorage(path.join(dir, 'files')), { materials: 100 });
    const buyers = await prepareBuyers(run);
    await getQueue();
    if (server) worker = await startWorkerProcess(databaseUrl, dir);
    else await startJobWorkers();
    const where = server
      ? 'PostgreSQL, one worker process, the web process running no jobs'
      : 'embedded PGlite, jobs in the web process';

    const started = Date.now();
    let placed: Placed[];
    if (mode === 'burst') {
      placed = await Promise.all(buyers.map((buyer, i) => placeOrder(buyer, `receipt-${run}-${i}`)));
    } else {
      const pending: Promise<Placed>[] = [];
      for (const [i, buyer] of buyers.entries()) {
        const wait = started + (i * 1000) / perSecond - Date.now();
        if (wait > 0) await sleep(wait);
        pending.push(placeOrder(buyer, `receipt-${run}-${i}`));
      }
      placed = await Promise.all(pending);
    }
    const times = await receiptTimes(
      placed.map((order) => order.orderId),
      5 * 60_000,
    );
    const latencies = placed.map((order) => times.get(order.orderId)! - order.committedAt).sort((a, b) => a - b);
    const checkouts = placed.map((order) => order.committedAt - order.calledAt).sort((a, b) => a - b);
    const sent = fs.readdirSync(getOutboxDir()).filter((file) => file.endsWith('.eml')).length;
    if (sent < total) throw new Error(`${sent} mails in the outbox, not ${total}`);
    const lastCall = Math.max(...placed.map((order) => order.calledAt));
    const lastCommit = Math.max(...placed.map((order) => order.committedAt));
    const lastReceipt = Math.max(...times.values());
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const head =
      mode === 'rate'
        ? `${where}: ${total} orders at ${perSecond}/s for ${seconds} s (started over ${s(lastCall - started)})`
        : `${where}: a burst of ${total} orders`;
    console.log(head);
    console.log(
      `  checkout (call to commit seen): p50 ${s(percentile(checkouts, 50))}, p99 ${s(percentile(checkouts, 99))}, ` +
        `max ${s(checkouts.at(-1)!)}`,
    );
    console.log(
      `  receipt after its order's commit: p50 ${s(percentile(latencies, 50))}, p99 ${s(percentile(latencies, 99))}, ` +
        `max ${s(latencies.at(-1)!)}`,
    );
    console.log(
      `  last order committed ${s(lastCommit - started)} after the first call; last receipt ${s(lastReceipt - lastCommit)} ` +
        `after the last commit (${s(lastReceipt - started)} after the first call); load average ${load}`,
    );
  } finally {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await stopJobs({ timeoutMs: 1000 });
    await closeDb();
    await cleanUp();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
