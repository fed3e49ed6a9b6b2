/**
 * The jobs of scripts/bench-jobs.ts, in a module of their own: the CPU-bound one runs in worker
 * threads, which load this file to find its handler (the job catalogue of the bench).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { defineJob, MAIL_JOB_RULES } from '@/lib/jobs/registry';
import { sendMail } from '@/lib/mail/mailer';

/** Like an order mail: reads from the database, then sends (to the `.eml` outbox by default). */
export const benchMailJob = defineJob(
  {
    name: 'bench-mail',
    schema: z.object({ n: z.number().int().min(0) }).strict(),
    ...MAIL_JOB_RULES,
  },
  async ({ n }) => {
    const [row] = (await getDb().execute<{ now: string }>(sql`SELECT now()::text AS now`)).rows;
    await sendMail({
      to: `bench-${n}@example.test`,
      subject: `Ihre Bestellung ${n}`,
      text: `Vielen Dank für Ihre Bestellung ${n} vom ${row!.now}.\n`.repeat(20),
    });
    return { n };
  },
);

/** Like a preview render: `ms` of CPU in a worker thread, one at a time like material-previews. */
export const benchCpuJob = defineJob(
  {
    name: 'bench-cpu',
    schema: z.object({ ms: z.number().int().min(1).max(10_000) }).strict(),
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    thread: true,
    concurrency: 1,
  },
  async ({ ms }) => {
    const started = Date.now();
    let spins = 0;
    while (Date.now() - started < ms) spins++;
    return { spins };
  },
);
