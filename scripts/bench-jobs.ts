/**
 * `npx tsx scripts/bench-jobs.ts [mails] [renders] [renderMs]`: jobs completed per second by
 * one worker (this process, as server.ts or `npm run worker` runs them), for a mail-like kind (a
 * read, then a mail into the `.eml` outbox; 10 at once, MAIL_JOB_RULES) and a CPU-bound kind
 * (`renderMs` of CPU in a worker thread, one at a time like preview rendering). On a fresh
 * embedded database in a temporary folder, or, with DATABASE_URL, on a database of its own
 * created on that PostgreSQL server and dropped afterwards. The jobs are queued in one statement
 * first, then the workers start; the clock runs until none is left. A measurement, not part of
 * the suite. Defaults: 1,000 mails, 20 renders of 200 ms.
 *
 * `--web`: the process runs every queue of the job catalogue beside the bench's, with the
 * catalogue's periodic sweeps, as a web process does (server.ts; on the embedded default it always
 * runs the jobs): the other queues poll and the sweeps run while the bench's jobs drain. Without it
 * only the measured kind's worker runs. Requests are not served meanwhile (no build is started);
 * scripts/bench-receipts.ts measures jobs beside the checkout.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { closeDb, getDb } from '@/lib/db/client';
import { runMigrations } from '@/lib/db/migrate';
import { resetEnvCache } from '@/lib/env';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { configureJobs, getQueue, stopJobs } from '@/lib/jobs/queue';
import type { JobDefinition } from '@/lib/jobs/registry';
import { startJobWorkers, stopJobWorkers } from '@/lib/jobs/workers';
import { getOutboxDir } from '@/lib/mail/mailer';
import { benchCpuJob, benchMailJob } from './lib/bench-jobs-catalogue';
// Every job of the application, for `--web` (a worker of each queue and the periodic sweeps).
import '@/lib/job-catalogue';
import { openBenchDatabase } from './lib/scratch-database';

const web = process.argv.includes('--web');
const args = process.argv.slice(2).filter((arg) => arg !== '--web');
const count = z.coerce.number().int().min(1).max(100_000);
const mails = count.parse(args[0] ?? 1_000);
const renders = count.parse(args[1] ?? 20);
const renderMs = count.parse(args[2] ?? 200);

/** Queues `items` in one statement, runs the kind's worker until none is left; jobs per second. */
async function measure(job: JobDefinition, items: object[]): Promise<{ ms: number; perSecond: number }> {
  await getDb().transaction((tx) =>
    enqueueMany(
      job,
      items.map((data) => ({ id: crypto.randomUUID(), data })),
      { db: tx },
    ),
  );
  const started = Date.now();
  await startJobWorkers(web ? {} : { only: [job.name] });
  for (;;) {
    const [row] = (
      await getDb().execute<{ left: number; failed: number }>(
        sql`SELECT count(*) FILTER (WHERE state < 'completed')::int AS left,
                   count(*) FILTER (WHERE state = 'failed')::int AS failed
            FROM pgboss.job WHERE name = ${job.name}`,
      )
    ).rows;
    if (row!.failed > 0) throw new Error(`${row!.failed} ${job.name} jobs failed`);
    if (row!.left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ms = Date.now() - started;
  await stopJobWorkers();
  return { ms, perSecond: (items.length / ms) * 1000 };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-bench-jobs-'));
  process.env.DATA_DIR = dir;
  // The bench measures the outbox, never a real mail server.
  delete process.env.SMTP_URL;
  resetEnvCache();
  const database = await openBenchDatabase('kreide_bench_jobs', dir);
  process.env.KREIDE_RUNTIME_DATABASE_URL = database.url;
  const backend = `${database.onPostgres ? 'PostgreSQL' : 'embedded PGlite'}${web ? ', web process' : ''}`;
  try {
    await runMigrations(database.url);
    configureJobs({ threadCatalogue: path.join(__dirname, 'lib', 'bench-jobs-catalogue.ts') });
    await getQueue();
    const mail = await measure(
      benchMailJob,
      Array.from({ length: mails }, (_, n) => ({ n })),
    );
    const sent = fs.readdirSync(getOutboxDir()).length;
    if (sent !== mails) throw new Error(`${sent} mails in the outbox, not ${mails}`);
    console.log(
      `${backend}: mail-like (concurrency ${benchMailJob.concurrency}): ${mails} in ${mail.ms} ms, ` +
        `${mail.perSecond.toFixed(1)} jobs/s`,
    );
    const cpu = await measure(
      benchCpuJob,
      Array.from({ length: renders }, () => ({ ms: renderMs })),
    );
    console.log(
      `${backend}: CPU-bound in a thread (${renderMs} ms each, concurrency ${benchCpuJob.concurrency}): ` +
        `${renders} in ${cpu.ms} ms, ${cpu.perSecond.toFixed(2)} jobs/s`,
    );
  } finally {
    await stopJobs({ timeoutMs: 1000 });
    await closeDb();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
