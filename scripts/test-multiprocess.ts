/**
 * `npx tsx scripts/test-multiprocess.ts`: the end-to-end proof that a change made through one
 * Kreide process reaches the pages another one serves (lib/cache: PostgreSQL LISTEN/NOTIFY).
 * Needs a production build (`npx next build`) and the PostgreSQL of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), on which it creates a database of its own.
 *
 * Two server.ts processes (ports 3101 and 3102) start together on an empty database (both migrate
 * and set up the job queue: they must take turns) and share it and a DATA_DIR, as processes behind
 * one address would. The demo author's page is loaded on both until process B serves it
 * from its in-process HTML cache; then the author changes their public name through the API of
 * process A, and B must serve the new name within 2 s. Prints the measured delay; exits non-zero
 * when B does not, or when anything on the way fails.
 *
 * Then the job queue across the two: 100 mails are queued (by this script, as a third process
 * would); both processes work the queue, and every mail must be written to the shared outbox
 * exactly once within 20 s (no mail lost, none sent twice by two workers). Then live
 * notifications across the two, and a SIGKILL of one (scripts/lib/live-across-processes.ts).
 * Cleans up after itself.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import { closeDb, getDb } from '@/lib/db/client';
import { getQueue, stopJobs } from '@/lib/jobs/queue';
import { enqueueAccountMail } from '@/lib/mail/account-mails';
import { runMigrations } from '@/lib/db/migrate';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoCatalogue } from '@/lib/seed/seed';
import { pathFor } from '@/lib/routing/localized-routes';
import { LocalFileStorage } from '@/lib/storage/storage';
import { liveAcrossProcesses, LiveFailure } from './lib/live-across-processes';
import { startServer, stopServer } from './lib/server-process.mjs';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT_A = 3101;
const PORT_B = 3102;
const PUBLIC_ORIGIN = `http://localhost:${PORT_A}`;
const LIMIT_MS = 2000;
/** A published or unpublished material, found or left out by the other process's search. */
const SEARCH_LIMIT_MS = 5000;
const MAILS = 100;
const MAILS_LIMIT_MS = 20_000;

class Failure extends Error {}

function log(message: string): void {
  console.log(`[multiprocess] ${message}`);
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An anonymous page load, as a crawler or a first-time visitor makes it. */
async function load(port: number, pagePath: string): Promise<{ status: number; body: string; cache: string | null }> {
  const response = await fetch(`http://localhost:${port}${pagePath}`, { headers: { accept: 'text/html' } });
  return { status: response.status, body: await response.text(), cache: response.headers.get('x-kreide-cache') };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(process.cwd(), '.next', 'BUILD_ID')))
    throw new Failure('no production build: run `npx next build` first');

  const name = `kreide_multi_${crypto.randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-multi-'));
  const servers: ChildProcess[] = [];
  let created = false;
  try {
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    created = true;
    log(`database ${name}, files in ${dataDir}`);
    const env = {
      DATABASE_URL: databaseUrl,
      PUBLIC_ORIGIN,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      SEED_DEMO: 'never',
      // The live notifications part sells with the test payment (off by default on PostgreSQL).
      TEST_PAYMENTS: 'on',
    };
    // Both start on the empty database at the same moment, as in a deploy: each applies the
    // migrations and sets up the job queue's tables, and they must take turns, not deadlock.
    log(`starting two processes on ports ${PORT_A} and ${PORT_B} on an empty database`);
    const started = await Promise.allSettled([
      startServer({ port: PORT_A, dataDir, env }),
      startServer({ port: PORT_B, dataDir, env }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const refused = started.find((result) => result.status === 'rejected');
    if (refused) throw new Failure(`a process did not start: ${(refused as PromiseRejectedResult).reason}`);
    // Migrating once more finds nothing to do: both processes left the schema complete.
    await runMigrations(databaseUrl);

    process.env.KREIDE_RUNTIME_DATABASE_URL = databaseUrl;
    await seedDemoCatalogue(getDb(), new LocalFileStorage(path.join(dataDir, 'files')), { materials: 50 });
    const [seller] = await getDb()
      .select({ id: t.users.id, slug: t.users.slug, publicName: t.users.publicName })
      .from(t.users)
      .where(eq(t.users.email, DEMO_ACCOUNTS.seller));
    await closeDb();
    if (!seller) throw new Failure('the demo seed has no demo author');

    const authorPath = pathFor('de', 'author', { id: String(seller.id), slug: seller.slug });
    // Both processes render the page; B must then answer from its in-process HTML cache, or the
    // test would prove nothing about invalidating it.
    const warmUntil = Date.now() + 10_000;
    for (;;) {
      const [a, b] = await Promise.all([load(PORT_A, authorPath), load(PORT_B, authorPath)]);
      for (const [label, answer] of [
        ['A', a],
        ['B', b],
      ] as const) {
        if (answer.status !== 200 || !answer.body.includes(seller.publicName))
          throw new Failure(
            `process ${label} does not serve ${authorPath} with "${seller.publicName}" (${answer.status})`,
          );
      }
      if (b.cache === 'HIT') break;
      if (Date.now() > warmUntil) throw new Failure(`process B never served ${authorPath} from its cache`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    log(`${authorPath} warm on both processes (B: cache HIT)`);

    const signIn = await fetch(`${PUBLIC_ORIGIN}/api/v3/oauth2/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN },
      body: JSON.stringify({
        client_id: 'web',
        grant_type: 'password',
        username: DEMO_ACCOUNTS.seller,
        password: DEMO_PASSWORD,
      }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    if (signIn.status !== 200 || !cookie) throw new Failure(`sign-in on A failed (${signIn.status})`);

    const newName = `Frau Multi ${crypto.randomInt(100_000, 999_999)}`;
    const change = await fetch(`${PUBLIC_ORIGIN}/api/v1/user/details?world=de`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN, cookie },
      body: JSON.stringify({ publicName: newName }),
    });
    const changedAt = Date.now();
    if (change.status !== 200)
      throw new Failure(`changing the name on A failed (${change.status}): ${await change.text()}`);
    log(`public name changed to "${newName}" through process A`);

    // The old address redirects to the new slug once B knows the change; fetch follows it.
    for (let attempt = 1; ; attempt++) {
      const answer = await load(PORT_B, authorPath);
      const delay = Date.now() - changedAt;
      if (answer.status === 200 && answer.body.includes(newName)) {
        log(`process B serves the new name after ${delay} ms (${attempt} requests)`);
        if (delay > LIMIT_MS) throw new Failure(`that is over the limit of ${LIMIT_MS} ms`);
        break;
      }
      if (delay > LIMIT_MS)
        throw new Failure(`process B still serves the old page ${delay} ms after the change (limit ${LIMIT_MS} ms)`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    await searchAcrossProcesses(databaseUrl, cookie, seller.id);
    await mailsAcrossProcesses(databaseUrl, dataDir);
    await liveAcrossProcesses({
      originA: PUBLIC_ORIGIN,
      originB: `http://localhost:${PORT_B}`,
      serverB: servers[1]!,
      log,
    }).catch((error: Error) => {
      throw error instanceof LiveFailure ? new Failure(error.message) : error;
    });
  } finally {
    await stopJobs().catch(() => {});
    await Promise.allSettled(servers.map((server) => stopServer(server)));
    await closeDb().catch(() => {});
    if (created) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A material unpublished through A leaves B's search, and published again comes back, each
 * within SEARCH_LIMIT_MS: B's in-memory index reads the change rows every second.
 */
async function searchAcrossProcesses(databaseUrl: string, cookie: string, sellerId: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const material = await client
    .query<{ id: number; title: string }>(
      `SELECT id, title FROM materials WHERE author_id = $1 AND world = 'de' AND status = 'published' AND is_active
       ORDER BY sales_count DESC LIMIT 1`,
      [sellerId],
    )
    .finally(() => client.end());
  const found = material.rows[0];
  if (!found) throw new Failure('the demo author has no published material in de');
  const findsOnB = async () => {
    const answer = await fetch(
      `http://localhost:${PORT_B}/api/v3/search?world=de&q=${encodeURIComponent(found.title)}`,
    );
    const body = (await answer.json()) as { items: { id: number }[]; engine: string };
    if (body.engine !== 'memory') throw new Failure(`process B searched with ${body.engine}, not its index`);
    return body.items.some((item) => item.id === found.id);
  };
  if (!(await findsOnB())) throw new Failure(`process B does not find "${found.title}"`);
  for (const action of ['unpublish', 'publish'] as const) {
    const answer = await fetch(`${PUBLIC_ORIGIN}/api/v3/seller/materials/${found.id}/${action}?world=de`, {
      method: 'POST',
      headers: { origin: PUBLIC_ORIGIN, cookie },
    });
    const changedAt = Date.now();
    if (answer.status !== 200) throw new Failure(`${action} on A failed (${answer.status}): ${await answer.text()}`);
    const wanted = action === 'publish';
    for (;;) {
      if ((await findsOnB()) === wanted) {
        log(
          `material ${action}ed through A: B's search ${wanted ? 'finds it' : 'leaves it out'} after ${Date.now() - changedAt} ms`,
        );
        break;
      }
      if (Date.now() - changedAt > SEARCH_LIMIT_MS)
        throw new Failure(
          `B's search still ${wanted ? 'misses' : 'finds'} it ${SEARCH_LIMIT_MS} ms after the ${action}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The recipients of the `.eml` files in the shared outbox, one entry per file. */
function outboxRecipients(dataDir: string): string[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => /^To: (.+)$/m.exec(fs.readFileSync(path.join(dir, file), 'utf8'))?.[1]?.trim() ?? file);
}

/**
 * Queues MAILS mails while both processes work the queue: each must reach the outbox once, within
 * MAILS_LIMIT_MS, and no copy may follow after a further poll and maintenance interval.
 */
async function mailsAcrossProcesses(databaseUrl: string, dataDir: string): Promise<void> {
  process.env.KREIDE_RUNTIME_DATABASE_URL = databaseUrl;
  await getQueue();
  const before = outboxRecipients(dataDir).length;
  const recipients = Array.from({ length: MAILS }, (_, i) => `multi-${i}@example.test`);
  const queuedAt = Date.now();
  for (const to of recipients) await enqueueAccountMail('passwordChanged', { world: 'de', to, name: 'Multi' });
  log(`${MAILS} mails queued while both processes work the queue`);
  for (;;) {
    const sent = outboxRecipients(dataDir).length - before;
    if (sent >= MAILS) break;
    if (Date.now() - queuedAt > MAILS_LIMIT_MS)
      throw new Failure(`${sent} of ${MAILS} mails in the outbox ${MAILS_LIMIT_MS} ms after they were queued`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(`all ${MAILS} mails in the outbox ${Date.now() - queuedAt} ms after they were queued`);
  // Past a poll and a maintenance interval: a mail sent twice would be there by now.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const sent = outboxRecipients(dataDir).slice(before);
  const twice = recipients.filter((to) => sent.filter((recipient) => recipient === to).length !== 1);
  if (sent.length !== MAILS || twice.length)
    throw new Failure(`${sent.length} mails for ${MAILS} queued; not exactly once: ${twice.slice(0, 5).join(', ')}`);
  log(`each of the ${MAILS} mails written exactly once`);
}

main().then(
  () => {
    log('passed');
    process.exit(0);
  },
  (error: Error) => {
    console.error(
      `[multiprocess] FAILED: ${error instanceof Failure ? error.message : (error.stack ?? error.message)}`,
    );
    process.exit(1);
  },
);
