/**
 * The process's connection to the job queue: pg-boss 10 on the application's own PostgreSQL (or
 * the embedded PGlite behind its socket). pg-boss keeps its tables in the schema `pgboss` and
 * installs or migrates them itself when it starts.
 */
import path from 'node:path';
import PgBoss from 'pg-boss';
import { SETUP_LOCKS, withAdvisoryLock } from '@/lib/db/advisory-lock';
import { getDatabaseUrl } from '@/lib/db/client';
import { processWide } from '@/lib/process-wide.cjs';
import { listJobDefinitions, type JobDefinition } from './registry';
import { terminateThreads } from './thread';

/** The schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

/** The states of a job, as pg-boss names them; `failed` with its retries used up is the dead letter. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** How long a job that failed for good stays in the live table, listed for admins and retryable. */
const FAILED_KEPT_SECONDS = 30 * 24 * 60 * 60;

/** A worker of one queue in this process (lib/jobs/workers.ts). */
export interface QueueWorker {
  /** Asks for work now instead of at the next poll. */
  notify(): void;
  /** Takes no new job; resolves once it has stopped fetching (runs under way go on). */
  stop(): Promise<void>;
  /**
   * Resolves once every run under way has ended, or after `timeoutMs` with the ids of the jobs
   * still running, whose outcome it will then no longer record.
   */
  settle(timeoutMs: number): Promise<string[]>;
}

export interface JobSettings {
  /**
   * How often an idle worker asks for work unless its job says otherwise (at least 0.5 s): one
   * cheap query per queue, which on the embedded database waits its turn with every other query.
   */
  pollingIntervalSeconds: number;
  /**
   * How often expired jobs are failed (and so retried) and finished ones archived. With the
   * expiry, this is what a killed worker costs: its job runs again after expiry plus at most
   * one interval.
   */
  maintenanceIntervalSeconds: number;
  /** Connections of pg-boss's own pool, besides the application's. */
  poolSize: number;
  /** The module a worker thread loads to find the handler of a `thread` job. */
  threadCatalogue: string;
  /** Retry and expiry rules replacing a job's own, by job name (tests shorten them). */
  overrides: Record<
    string,
    Partial<Pick<JobDefinition, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>>
  >;
}

const DEFAULT_SETTINGS: JobSettings = {
  // 1 s: a job written in a transaction (most mails) waits half a second on average for it.
  pollingIntervalSeconds: 1,
  // 5 s: a killed worker's mail (15 s expiry after its last heartbeat) is failed, and so
  // retried, within 15–20 s. Each interval one process also archives finished jobs, a scan of
  // the live job table: a few thousand rows on the embedded database, cheap on PostgreSQL.
  maintenanceIntervalSeconds: 5,
  // The embedded PGlite answers one query at a time whatever the pool size, and a worker needs
  // one connection to fetch and one to complete; more would only queue at the socket.
  poolSize: 3,
  threadCatalogue: path.join(process.cwd(), 'lib', 'job-catalogue.ts'),
  overrides: {},
};

interface QueueHolder {
  url: string;
  boss: PgBoss;
  started?: Promise<PgBoss>;
  /** Queues known to exist in the database (pg-boss 10 refuses a job for a queue it lacks). */
  queues: Set<string>;
  /** Whether this process's workers run, and its worker of each queue by job name. */
  workers: boolean;
  worked: Map<string, QueueWorker>;
  /** The timers that queue this process's periodic jobs (lib/jobs/periodic.ts). */
  timers: Set<ReturnType<typeof setTimeout>>;
}

// Next bundles route code separately from server.ts: one queue per process, like the database
// pool, so the routes enqueue through the queue server.ts started.
const jobs = processWide('jobs', (): { queue?: QueueHolder; settings?: JobSettings } => ({}));

/** The job settings in force. */
export function getJobSettings(): JobSettings {
  return jobs.settings ?? DEFAULT_SETTINGS;
}

/**
 * Changes the job settings (tests shorten polling, maintenance, retries and expiry). Pool,
 * polling and maintenance apply to the queue started next; overrides apply to jobs enqueued next.
 */
export function configureJobs(changes: Partial<JobSettings>): void {
  const current = getJobSettings();
  jobs.settings = { ...current, ...changes, overrides: { ...current.overrides, ...changes.overrides } };
}

/** Back to the default settings. */
export function resetJobSettings(): void {
  jobs.settings = undefined;
}

/** A job's retry and expiry rules with the configured overrides applied. */
export function effectiveRules(definition: JobDefinition) {
  const override = getJobSettings().overrides[definition.name] ?? {};
  return {
    retryLimit: override.retryLimit ?? definition.retryLimit,
    retryDelay: override.retryDelay ?? definition.retryDelay,
    retryBackoff: override.retryBackoff ?? definition.retryBackoff,
    expireInSeconds: override.expireInSeconds ?? definition.expireInSeconds,
  };
}

/** The holder for the current database, made (not started) when there is none. */
export function getQueueHolder(): QueueHolder {
  const url = getDatabaseUrl();
  const current = jobs.queue;
  if (current?.url === url) return current;
  const settings = getJobSettings();
  const boss = new PgBoss({
    connectionString: url,
    application_name: 'kreide-jobs',
    max: settings.poolSize,
    pollingIntervalSeconds: settings.pollingIntervalSeconds,
    // Every process that talks to the queue takes part in maintenance; pg-boss lets one of them
    // run it per interval (a timestamp in its version table).
    supervise: true,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    // pg-boss's cron stays off: its timekeeper polls a queue of its own every few seconds in
    // every process. Periodic jobs are queued by timers in the processes that run workers
    // instead (lib/jobs/periodic.ts).
    schedule: false,
    archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
  });
  boss.on('error', (error: Error) => console.error('job queue error:', error.message));
  const made: QueueHolder = { url, boss, queues: new Set(), workers: false, worked: new Map(), timers: new Set() };
  jobs.queue = made;
  return made;
}

/**
 * The started queue of this process: on first use pg-boss installs (or migrates) its schema and
 * the queue of every job defined so far is created. Call it before opening a transaction that
 * enqueues: inside one, only the transaction's own connection may be used.
 */
export async function getQueue(): Promise<PgBoss> {
  const queue = getQueueHolder();
  // Installing pg-boss's schema and creating a queue (a partition of its job table) take locks
  // on shared tables: processes starting together take turns, or they deadlock.
  queue.started ??= withAdvisoryLock(queue.url, SETUP_LOCKS.jobQueue, async () => {
    await queue.boss.start();
    for (const definition of listJobDefinitions()) await createQueueOnce(queue, definition);
    return queue.boss;
  }).catch((error: unknown) => {
    // pg-boss cannot start an instance twice after a failed start: the next call makes a new one.
    if (jobs.queue === queue) jobs.queue = undefined;
    throw error;
  });
  return queue.started;
}

/** Creates a job's queue unless this process knows it exists (idempotent in the database too). */
export async function ensureQueue(definition: JobDefinition): Promise<void> {
  const queue = getQueueHolder();
  if (queue.queues.has(definition.name)) return;
  await withAdvisoryLock(queue.url, SETUP_LOCKS.jobQueue, () => createQueueOnce(queue, definition));
}

async function createQueueOnce(queue: QueueHolder, definition: JobDefinition): Promise<void> {
  if (queue.queues.has(definition.name)) return;
  await queue.boss.createQueue(definition.name);
  queue.queues.add(definition.name);
}

/**
 * Stops the timers that queue periodic jobs. Call it once `workers` is false: a tick already
 * under way checks that flag before it arms the next timer.
 */
export function stopPeriodicTimers(queue: QueueHolder): void {
  for (const timer of queue.timers) clearTimeout(timer);
  queue.timers.clear();
}

/**
 * Stops the queue of this process: workers take no new job, running ones get `timeoutMs` to
 * finish, and any still running then are failed, so they are retried (here or elsewhere).
 */
export async function stopJobs(options: { timeoutMs?: number } = {}): Promise<void> {
  const queue = jobs.queue;
  if (!queue) return;
  jobs.queue = undefined;
  queue.workers = false;
  stopPeriodicTimers(queue);
  if (!queue.started) return;
  try {
    await queue.started;
  } catch {
    return;
  }
  const workers = [...queue.worked];
  queue.worked.clear();
  await Promise.all(workers.map(([, worker]) => worker.stop()));
  const left = await Promise.all(workers.map(([, worker]) => worker.settle(options.timeoutMs ?? 20_000)));
  for (const [index, [name]] of workers.entries()) {
    const ids = left[index]!;
    // Failed now, they are retried (here after a restart, or by another worker) without waiting
    // for their expiry.
    for (const id of ids)
      await queue.boss
        .fail(name, id, { message: 'the process shut down while the job ran' })
        .catch((error: unknown) => console.error(`job ${name} ${id} not failed at shutdown: ${String(error)}`));
  }
  // The workers are ours, not pg-boss's: it has nothing left to wait for.
  await queue.boss.stop({ graceful: false, wait: true });
  // A thread still at a job failed above is ended too.
  await terminateThreads();
}
