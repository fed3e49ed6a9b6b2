/**
 * Running jobs: the workers of a process (server.ts by default, `npm run worker` when the web
 * process leaves jobs to workers) and, for tests and scripts, `drainJobs`, which runs what is due
 * right here and returns when nothing is left.
 */
import type PgBoss from 'pg-boss';
import { startPeriodicJobs } from './periodic';
import {
  ensureQueue,
  getJobSettings,
  getQueue,
  getQueueHolder,
  JOB_SCHEMA,
  stopPeriodicTimers,
  type QueueWorker,
} from './queue';
import { fieldsToForget, listJobDefinitions, runLimitMs, type JobContext, type JobDefinition } from './registry';
import { runInThread } from './thread';

type FetchedJob = PgBoss.JobWithMetadata<unknown>;

function contextOf(job: FetchedJob): JobContext {
  return { id: job.id, name: job.name, attempt: (job.retryCount ?? 0) + 1 };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one fetched job: checks its payload, runs the handler (in a worker thread for `thread`
 * jobs), then removes the payload fields that must not outlive their use (secrets, personal data
 * a finished job has no use for). Throws what the handler threw; the caller fails the job, and
 * the queue retries it while retries are left. A job runs at least once, not exactly once (a
 * process may die between the work and its completion): handlers must bear a repeat.
 */
export async function runJob(definition: JobDefinition, job: FetchedJob, boss: PgBoss): Promise<unknown> {
  const context = contextOf(job);
  const data = definition.schema.parse(job.data);
  const result = definition.thread
    ? await runInThread({
        catalogue: getJobSettings().threadCatalogue,
        job: context,
        data,
        // pg-boss hands the job's own expiry over as numeric text.
        timeoutMs: runLimitMs(definition, Number(job.expireInSeconds)),
      })
    : await definition.handler(data, context);
  if (definition.thread && definition.afterThread) await definition.afterThread(data, result);
  const forget = fieldsToForget(definition);
  if (forget.length) {
    try {
      // Through the queue that fetched the job: during shutdown the process's queue holder is
      // already gone, and a new one's unopened pool would answer nothing without an error.
      const cleared = await boss
        .getDb()
        .executeSql(`UPDATE ${JOB_SCHEMA}.job SET data = data - $3::text[] WHERE name = $1 AND id = $2`, [
          job.name,
          job.id,
          forget,
        ]);
      if (!cleared) throw new Error('the queue is closed');
    } catch (error) {
      // The work is done: failing the job now would do it twice (a second mail).
      console.error(`job ${job.name} ${job.id}: its payload could not be cleared: ${messageOf(error)}`);
    }
  }
  return result;
}

/** Runs a job and logs a failure (name, id, attempt and message; never the payload). */
async function runLogged(definition: JobDefinition, job: FetchedJob, boss: PgBoss): Promise<unknown> {
  try {
    return await runJob(definition, job, boss);
  } catch (error) {
    const attempts = (job.retryLimit ?? 0) + 1;
    console.error(
      `job ${job.name} ${job.id} failed (attempt ${contextOf(job).attempt} of ${attempts}): ${messageOf(error)}`,
    );
    throw error;
  }
}

/** What pg-boss stores as a job's output: objects as they are, anything else wrapped. */
function toOutput(result: unknown): object | undefined {
  if (result === undefined || result === null) return undefined;
  return typeof result === 'object' && !Array.isArray(result) ? result : { value: result };
}

function failureOutput(error: unknown): object {
  return error instanceof Error ? error : { message: messageOf(error) };
}

/** Rejects after `ms` unless `work` settles first (the work itself cannot be stopped). */
function withinMs<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} ran longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * The worker of one queue: fetches up to its free slots in one query, runs those jobs side by
 * side and completes or fails each one on its own, so a failing job is retried alone and its
 * neighbours complete once. When a slot frees while it is full it fetches again at once; when the
 * queue looked empty it sleeps for the poll interval (or until notified).
 *
 * pg-boss's own `work()` is not used: with a batch it waits for the whole batch before it fetches
 * again, and it then completes (or, if the handler threw, fails) every job of the batch by id —
 * also one already failed here and taken again by another worker meanwhile.
 */
function startQueueWorker(boss: PgBoss, definition: JobDefinition): QueueWorker {
  const concurrency = definition.concurrency ?? 1;
  const interval = (definition.pollingIntervalSeconds ?? getJobSettings().pollingIntervalSeconds) * 1000;
  const running = new Map<string, Promise<void>>();
  /** Runs whose outcome is no longer ours to record (shutdown gave up on them). */
  const abandoned = new Set<string>();
  let stopping = false;
  let notified = false;
  let full = false;
  let wake: (() => void) | undefined;
  let settled: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const heartbeat = (job: FetchedJob) => {
    const timer = setInterval(() => {
      // The run's start moves to now, so the queue's maintenance counts its expiry from here.
      boss
        .getDb()
        .executeSql(
          `UPDATE ${JOB_SCHEMA}.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active'`,
          [job.name, job.id],
        )
        .catch((error: unknown) => console.error(`job ${job.name} ${job.id}: heartbeat failed: ${messageOf(error)}`));
    }, definition.heartbeatSeconds! * 1000);
    // A beat alone keeps no process alive (a script or test ends when its work does).
    timer.unref();
    return timer;
  };

  const run = async (job: FetchedJob) => {
    const beat = definition.heartbeatSeconds ? heartbeat(job) : undefined;
    let output: object | undefined;
    try {
      const limit = runLimitMs(definition, Number(job.expireInSeconds));
      output = toOutput(await withinMs(runLogged(definition, job, boss), limit, `job ${job.name} ${job.id}`));
    } catch (error) {
      if (abandoned.has(job.id)) return;
      await boss
        .fail(definition.name, job.id, failureOutput(error))
        .catch((failure: unknown) => console.error(`job ${job.name} ${job.id} not failed: ${messageOf(failure)}`));
      return;
    } finally {
      if (beat) clearInterval(beat);
    }
    if (abandoned.has(job.id)) return;
    // The work is done: a completion that does not reach the database is logged, not turned
    // into a failure (that would do the work twice at once); the job's expiry retries it.
    await (output ? boss.complete(definition.name, job.id, output) : boss.complete(definition.name, job.id)).catch(
      (error: unknown) => console.error(`job ${job.name} ${job.id} not completed: ${messageOf(error)}`),
    );
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        await fetchAndSleep();
      } catch (error) {
        // Nothing here is expected to throw (pg-boss answers a failed fetch with no jobs, and a
        // run records its own outcome), but a queue whose loop ended would never run again.
        console.error(`job queue ${definition.name}: worker loop failed, going on: ${messageOf(error)}`);
        await sleep(interval);
      }
    }
  })();

  async function fetchAndSleep(): Promise<void> {
    const free = concurrency - running.size;
    let drained = false;
    if (free > 0) {
      notified = false;
      // pg-boss answers an error of the fetch with no jobs: the next poll tries again.
      const jobs = await boss.fetch<unknown>(definition.name, { batchSize: free, includeMetadata: true });
      drained = jobs.length < free;
      for (const job of jobs) {
        running.set(
          job.id,
          run(job).finally(() => {
            running.delete(job.id);
            abandoned.delete(job.id);
            if (full) wake?.();
            if (running.size === 0) settled?.();
          }),
        );
      }
    }
    if (stopping) return;
    full = running.size >= concurrency;
    // Full: the first run that ends wakes the loop. A fetch that found fewer jobs than it asked
    // for saw an empty queue: wait for the poll, unless a job was enqueued here meanwhile.
    // Otherwise slots came free while it fetched: fetch again at once.
    if (full) await sleep(interval * 10);
    else if (drained && !notified) await sleep(interval);
  }

  return {
    notify() {
      notified = true;
      if (!full) wake?.();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
    async settle(timeoutMs) {
      if (running.size > 0)
        await Promise.race([
          new Promise<void>((resolve) => (settled = resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
        ]);
      const left = [...running.keys()];
      for (const id of left) abandoned.add(id);
      return left;
    },
  };
}

/**
 * Starts the workers of this process for every job it defines (import lib/job-catalogue.ts
 * first) or for the named ones: one per queue, running up to its job's `concurrency` jobs at
 * once; periodic jobs among them are queued on their timers from now on. Returns the names of
 * the queues worked.
 */
export async function startJobWorkers(options: { only?: readonly string[] } = {}): Promise<string[]> {
  const boss = await getQueue();
  const holder = getQueueHolder();
  if (holder.workers) return [];
  holder.workers = true;
  const definitions = listJobDefinitions().filter((d) => !options.only || options.only.includes(d.name));
  for (const definition of definitions) {
    await ensureQueue(definition);
    holder.worked.set(definition.name, startQueueWorker(boss, definition));
  }
  startPeriodicJobs(definitions);
  return definitions.map((d) => d.name);
}

/**
 * Stops this process's workers but not the queue: no new job is taken, runs under way finish
 * and are recorded. (Shutdown uses stopJobs, which also gives up on runs after a while.)
 */
export async function stopJobWorkers(): Promise<void> {
  const holder = getQueueHolder();
  if (!holder.workers) return;
  holder.workers = false;
  stopPeriodicTimers(holder);
  const workers = [...holder.worked.values()];
  holder.worked.clear();
  await Promise.all(workers.map((worker) => worker.stop()));
}

/**
 * Runs every due job of this process's definitions here, one after another, until none is left,
 * and returns how many ran (tests: enqueue, drain, then look at the outbox). Jobs waiting for a
 * retry are due only once their delay has passed, unless `includeDelayed` is set; `only` names
 * the jobs to run (the others stay queued). Completion and failure are recorded before this
 * resolves, unlike with pg-boss's own workers.
 */
export async function drainJobs(
  options: { includeDelayed?: boolean; maxJobs?: number; only?: readonly string[] } = {},
): Promise<number> {
  const boss = await getQueue();
  const maxJobs = options.maxJobs ?? 500;
  const definitions = listJobDefinitions().filter((d) => !options.only || options.only.includes(d.name));
  let ran = 0;
  for (let found = true; found;) {
    found = false;
    for (const definition of definitions) {
      await ensureQueue(definition);
      const [job] = await boss.fetch<unknown>(definition.name, {
        batchSize: 1,
        includeMetadata: true,
        ignoreStartAfter: options.includeDelayed ?? false,
      });
      if (!job) continue;
      found = true;
      if (++ran > maxJobs) throw new Error(`drainJobs: more than ${maxJobs} jobs (one that keeps enqueueing itself?)`);
      try {
        const output = toOutput(await runLogged(definition, job, boss));
        if (output) await boss.complete(definition.name, job.id, output);
        else await boss.complete(definition.name, job.id);
      } catch (error) {
        await boss.fail(definition.name, job.id, failureOutput(error));
      }
    }
  }
  return ran;
}

/**
 * Whether this process runs the jobs. The embedded database belongs to exactly one process, so
 * without DATABASE_URL it always does; with PostgreSQL, `JOBS_IN_PROCESS=false` leaves them to
 * `npm run worker` processes.
 */
export function jobsRunInProcess(env: { DATABASE_URL?: string; JOBS_IN_PROCESS: boolean }): boolean {
  return !env.DATABASE_URL || env.JOBS_IN_PROCESS;
}
