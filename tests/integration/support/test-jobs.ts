/**
 * Jobs that exist only for tests/integration/job-queue.test.ts. This module is also the job
 * catalogue of the test's worker threads and of its worker child processes (job-worker.ts), so
 * it may import nothing that needs Jest.
 */
import { threadId } from 'node:worker_threads';
import { z } from 'zod';
import { defineJob } from '@/lib/jobs/registry';

/**
 * CPU-bound for `ms` milliseconds, in a worker thread; answers which thread it ran on, or throws
 * there when asked to.
 */
export const spinJob = defineJob(
  {
    name: 'test-spin',
    schema: z.object({ ms: z.number().int().min(1).max(10_000), fail: z.boolean().optional() }).strict(),
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    thread: true,
  },
  async ({ ms, fail }) => {
    const started = Date.now();
    let spins = 0;
    while (Date.now() - started < ms) spins++;
    if (fail) throw new Error(`spun out on thread ${threadId}`);
    return { threadId, spunMs: Date.now() - started, spins };
  },
);

/**
 * Hangs for ever in a worker child started with KREIDE_TEST_JOB_MODE=hang (after telling its
 * parent which job it took, so the parent can kill it); completes anywhere else.
 */
export const hangJob = defineJob(
  {
    name: 'test-hang',
    schema: z.object({ label: z.string().max(100) }).strict(),
    retryLimit: 2,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 2,
  },
  async ({ label }, job) => {
    if (process.env.KREIDE_TEST_JOB_MODE === 'hang') {
      process.send?.({ type: 'took', id: job.id });
      await new Promise(() => undefined);
    }
    return { label, pid: process.pid, attempt: job.attempt };
  },
);

/** What the runs of `waitJob` in this process did: runs under way now, their peak, every run. */
export const waitRuns = {
  active: 0,
  peak: 0,
  runs: [] as { label: string; attempt: number; at: number }[],
};

/**
 * Mail-like: waits `ms` (as a mail waits on its server) and fails its first run when asked to;
 * up to 20 run at once.
 */
export const waitJob = defineJob(
  {
    name: 'test-wait',
    schema: z
      .object({
        label: z.string().max(100),
        ms: z.number().int().min(0).max(10_000),
        failFirst: z.boolean().optional(),
      })
      .strict(),
    retryLimit: 1,
    retryDelay: 1,
    retryBackoff: false,
    expireInSeconds: 30,
    concurrency: 20,
  },
  async ({ label, ms, failFirst }, job) => {
    waitRuns.active += 1;
    waitRuns.peak = Math.max(waitRuns.peak, waitRuns.active);
    waitRuns.runs.push({ label, attempt: job.attempt, at: Date.now() });
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (failFirst && job.attempt === 1) throw new Error(`${label} failed its first run`);
      return { label, attempt: job.attempt };
    } finally {
      waitRuns.active -= 1;
    }
  },
);

/**
 * Runs `ms` with a heartbeat every half second and an expiry of 2 s: it outlives its expiry
 * only because its worker keeps telling the queue it is alive.
 */
export const beatJob = defineJob(
  {
    name: 'test-beat',
    schema: z.object({ ms: z.number().int().min(0).max(10_000) }).strict(),
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 2,
    heartbeatSeconds: 0.5,
    maxRunSeconds: 10,
  },
  async ({ ms }) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { ms };
  },
);
