/**
 * Running jobs: the workers of a process (server.ts by default, `npm run worker` when the web
 * process leaves jobs to workers) and, for tests and scripts, `drainJobs`, which runs what is due
 * right here and returns when nothing is left.
 */
import type PgBoss from 'pg-boss';
import { startPeriodicJobs } from './periodic';
import { ensureQueue, getJobSettings, getQueue, getQueueHolder, JOB_SCHEMA, stopPeriodicTimers } from './queue';
import { fieldsToForget, listJobDefinitions, type JobContext, type JobDefinition } from './registry';
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
export async function runJob(definition: JobDefinition, job: FetchedJob): Promise<unknown> {
  const context = contextOf(job);
  const data = definition.schema.parse(job.data);
  const result = definition.thread
    ? await runInThread({
        catalogue: getJobSettings().threadCatalogue,
        job: context,
        data,
        // pg-boss hands the job's own expiry over as numeric text.
        timeoutMs: Number(job.expireInSeconds) * 1000,
      })
    : await definition.handler(data, context);
  if (definition.thread && definition.afterThread) await definition.afterThread(data, result);
  const forget = fieldsToForget(definition);
  if (forget.length) {
    try {
      await getQueueHolder()
        .boss.getDb()
        .executeSql(`UPDATE ${JOB_SCHEMA}.job SET data = data - $3::text[] WHERE name = $1 AND id = $2`, [
          job.name,
          job.id,
          forget,
        ]);
    } catch (error) {
      // The work is done: failing the job now would do it twice (a second mail).
      console.error(`job ${job.name} ${job.id}: its payload could not be cleared: ${messageOf(error)}`);
    }
  }
  return result;
}

/** Runs a job and logs a failure (name, id, attempt and message; never the payload). */
async function runLogged(definition: JobDefinition, job: FetchedJob): Promise<unknown> {
  try {
    return await runJob(definition, job);
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

/**
 * Starts the workers of this process for every job it defines (import lib/job-catalogue.ts
 * first) or for the named ones: each polls its queue, runs one job at a time (`concurrency`
 * workers per job) and completes or fails it; periodic jobs among them are queued on their
 * timers from now on. Returns the names of the queues worked.
 */
export async function startJobWorkers(options: { only?: readonly string[] } = {}): Promise<string[]> {
  const boss = await getQueue();
  const holder = getQueueHolder();
  if (holder.workers) return [];
  holder.workers = true;
  const definitions = listJobDefinitions().filter((d) => !options.only || options.only.includes(d.name));
  for (const definition of definitions) {
    await ensureQueue(definition);
    const ids: string[] = [];
    for (let i = 0; i < (definition.concurrency ?? 1); i++) {
      ids.push(
        await boss.work<unknown>(
          definition.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: getJobSettings().pollingIntervalSeconds },
          async ([job]) => (job ? toOutput(await runLogged(definition, job)) : undefined),
        ),
      );
    }
    holder.worked.set(definition.name, ids);
  }
  startPeriodicJobs(definitions);
  return definitions.map((d) => d.name);
}

/**
 * Stops this process's workers but not the queue: no new job is taken, one running finishes.
 * (Shutdown uses stopJobs, which also waits for running jobs.)
 */
export async function stopJobWorkers(): Promise<void> {
  const holder = getQueueHolder();
  if (!holder.workers) return;
  for (const name of holder.worked.keys()) await holder.boss.offWork(name);
  holder.workers = false;
  stopPeriodicTimers(holder);
  holder.worked.clear();
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
        const output = toOutput(await runLogged(definition, job));
        if (output) await boss.complete(definition.name, job.id, output);
        else await boss.complete(definition.name, job.id);
      } catch (error) {
        await boss.fail(definition.name, job.id, error instanceof Error ? error : { message: messageOf(error) });
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
