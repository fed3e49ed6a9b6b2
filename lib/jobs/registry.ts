/**
 * The typed job definitions of this process. A module that owns a kind of work defines its job
 * once with `defineJob` (name, payload schema, retry rules, handler); enqueueing, the workers and
 * the admin list all read the definition from here. Nothing in this folder may import
 * `server-only` or `next/*` server APIs: the worker process and worker threads run it under plain
 * Node, where those throw.
 */
import type { z, ZodType } from 'zod';

/** What a handler learns about the job it runs. */
export interface JobContext {
  id: string;
  name: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<unknown>;

/** Short, secret-free facts about a payload, for the admin list. */
export type JobSummary = Record<string, string | number | boolean | null>;

export interface JobOptions<S extends ZodType> {
  /** The queue's name: kebab-case, unique, stable (jobs in the database carry it). */
  name: string;
  /** The payload, checked when enqueued and again when run. */
  schema: S;
  /** Retries after the first failure; when they are used up the job stays `failed` (dead letter). */
  retryLimit: number;
  /** Seconds before a retry (the base of the back-off when `retryBackoff` is set). */
  retryDelay: number;
  /** Doubles the delay with every retry, with jitter, so a failing service is not hammered. */
  retryBackoff: boolean;
  /**
   * Seconds a run may take. A job still active after that (its process died, or it hangs) is
   * failed by the queue's maintenance and retried, so no job is lost with a killed process.
   */
  expireInSeconds: number;
  /**
   * Runs the handler in a worker thread instead of the process's event loop. For CPU-bound work
   * (rendering PDFs and previews): on the event loop it would stall every request meanwhile.
   * The thread loads the job catalogue (`lib/job-catalogue.ts`) to find the handler, so such a
   * job must be defined in a module the catalogue imports.
   */
  thread?: boolean;
  /**
   * For `thread` jobs: runs in the process once the thread's handler has succeeded, with its
   * result. For what only the process can do: expiring its caches (lib/cache/bus.ts) after the
   * thread changed what pages show.
   */
  afterThread?: (data: z.output<S>, result: unknown) => Promise<void>;
  /**
   * Queued every this many seconds by each process that runs workers, once per period among
   * all of them (lib/jobs/periodic.ts): for sweeps that find their work themselves. The
   * payload of such a job is `{}`.
   */
  everySeconds?: number;
  /**
   * Jobs of this kind run at once per process (default 1). Its worker fetches up to this many
   * in one query and runs them side by side, each completed or failed on its own. Wide for
   * waiting work (a mail waits on SMTP or a file write), 1 for CPU-bound thread jobs and for
   * sweeps. The choice per kind is recorded in docs/decisions.md.
   */
  concurrency?: number;
  /**
   * How often an idle worker of this kind asks for work, in seconds (default: the queue's
   * setting). A job enqueued outside a transaction in the same process wakes its worker at once;
   * the poll finds jobs written in transactions, by other processes, and retries that fall due.
   * Sweeps queued by this process's own timers can afford a long one.
   */
  pollingIntervalSeconds?: number;
  /**
   * For long runs: every this many seconds while a run is under way its worker tells the queue
   * it is alive (the run's start moves to now), so `expireInSeconds` can stay short — a killed
   * worker's job is retried after that — however long the run itself may take (`maxRunSeconds`).
   */
  heartbeatSeconds?: number;
  /**
   * With a heartbeat: seconds a run may take in all before it is failed (and its thread ended).
   * Without one, `expireInSeconds` is that limit.
   */
  maxRunSeconds?: number;
  /** Payload fields shown to admins; never a secret (default: none). */
  summarize?: (data: z.output<S>) => JobSummary;
  /**
   * Payload fields that are secrets (mailed links carrying tokens): never part of a summary,
   * and removed from the stored job once it has succeeded.
   */
  secretFields?: readonly (keyof z.output<S> & string)[];
  /**
   * Payload fields removed from the stored job once it has succeeded (personal data a finished
   * job has no use for); shown to admins while the job fails.
   */
  forgetAfterSuccess?: readonly (keyof z.output<S> & string)[];
}

export interface JobDefinition<S extends ZodType = ZodType> extends JobOptions<S> {
  handler: JobHandler<z.output<S>>;
}

/**
 * The rules every mail job shares (spread into its definition):
 * - 10 at once per process: a mail spends its run waiting (a few reads, then SMTP or an `.eml`
 *   write), so ten side by side cost little CPU and keep the SMTP pool's connections busy;
 *   beyond that the pool (lib/mail/mailer.ts) only queues them;
 * - 15 s expiry kept alive by a heartbeat every 5 s, at most 60 s a run: a send gives up within
 *   about 35 s (the SMTP timeouts in lib/mail/mailer.ts), so a live run never expires, and a
 *   killed worker's mail runs again after at most 15 s plus one maintenance interval and the
 *   first retry delay (measured: 49 s with a 30 s expiry and no heartbeat, see docs/decisions.md);
 * - nine retries from 5 s, doubled each time with up to 100 % jitter (5–10 s, 10–20 s, …,
 *   21–43 min): a failing mail server is asked again over 42 to 85 minutes, not hammered until
 *   the retries are gone. The first delay is short because a killed worker's mail waits it too
 *   (pg-boss fails an expired run like any other, back-off included).
 */
export const MAIL_JOB_RULES = {
  retryLimit: 9,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15,
  heartbeatSeconds: 5,
  maxRunSeconds: 60,
  concurrency: 10,
} as const satisfies Partial<JobOptions<ZodType>>;

/**
 * The rules of sweeps queued every period by this process's own timers, which wake the worker:
 * one at a time (a second one at once would find nothing the first did not), and a poll of 30 s
 * that only catches retries and runs queued by other processes.
 */
export const SWEEP_JOB_RULES = {
  concurrency: 1,
  pollingIntervalSeconds: 30,
} as const satisfies Partial<JobOptions<ZodType>>;

const definitions = new Map<string, JobDefinition>();

const NAME = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * Defines a job and registers it in this process. Defining the same name twice with a different
 * handler is a programming error (two modules would fight over one queue); re-registering the
 * same module (hot reload, Jest's module registry) replaces the old definition.
 */
export function defineJob<S extends ZodType>(
  options: JobOptions<S>,
  handler: JobHandler<z.output<S>>,
): JobDefinition<S> {
  if (!NAME.test(options.name)) throw new Error(`Job name "${options.name}" must be kebab-case`);
  for (const key of ['retryLimit', 'retryDelay', 'expireInSeconds'] as const) {
    if (!Number.isInteger(options[key]) || options[key] < 0)
      throw new Error(`Job ${options.name}: ${key} must be an integer ≥ 0`);
  }
  if (options.expireInSeconds < 1) throw new Error(`Job ${options.name}: expireInSeconds must be at least 1`);
  if (
    options.concurrency !== undefined &&
    (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 50)
  )
    throw new Error(`Job ${options.name}: concurrency must be an integer from 1 to 50`);
  if (options.pollingIntervalSeconds !== undefined && !(options.pollingIntervalSeconds >= 0.5))
    throw new Error(`Job ${options.name}: pollingIntervalSeconds must be at least 0.5`);
  if (options.heartbeatSeconds !== undefined) {
    // Three beats per expiry: one delayed beat (a busy embedded database) does not expire a run.
    if (!(options.heartbeatSeconds > 0) || options.heartbeatSeconds * 3 > options.expireInSeconds)
      throw new Error(`Job ${options.name}: heartbeatSeconds must be positive and at most a third of expireInSeconds`);
    if (!Number.isInteger(options.maxRunSeconds) || options.maxRunSeconds! < options.expireInSeconds)
      throw new Error(`Job ${options.name}: a heartbeat needs maxRunSeconds, an integer ≥ expireInSeconds`);
  } else if (options.maxRunSeconds !== undefined)
    throw new Error(`Job ${options.name}: maxRunSeconds is for jobs with a heartbeat`);
  if (options.everySeconds !== undefined && (!Number.isInteger(options.everySeconds) || options.everySeconds < 1))
    throw new Error(`Job ${options.name}: everySeconds must be an integer ≥ 1`);
  const definition: JobDefinition<S> = { ...options, handler };
  definitions.set(options.name, definition as unknown as JobDefinition);
  return definition;
}

/** The definition of a job by name, or undefined when this process does not know it. */
export function findJobDefinition(name: string): JobDefinition | undefined {
  return definitions.get(name);
}

/** The definition of a job by name; throws when this process does not know it. */
export function getJobDefinition(name: string): JobDefinition {
  const definition = definitions.get(name);
  if (!definition) throw new Error(`Unknown job "${name}": is its module imported by lib/job-catalogue.ts?`);
  return definition;
}

/** Every job defined in this process. */
export function listJobDefinitions(): JobDefinition[] {
  return [...definitions.values()];
}

/** Milliseconds a run of this kind may take before it is failed: its own limit, else its expiry. */
export function runLimitMs(definition: JobDefinition, expireInSeconds: number): number {
  return (definition.heartbeatSeconds ? definition.maxRunSeconds! : expireInSeconds) * 1000;
}

/** The payload fields a job drops from its stored payload once it has succeeded. */
export function fieldsToForget(definition: JobDefinition): string[] {
  return [...new Set([...(definition.secretFields ?? []), ...(definition.forgetAfterSuccess ?? [])])];
}

/** The admin's view of a payload: the definition's summary without its secret fields. */
export function summarizePayload(definition: JobDefinition | undefined, data: unknown): JobSummary {
  if (!definition?.summarize) return {};
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success) return {};
  const summary = { ...definition.summarize(parsed.data) };
  for (const field of definition.secretFields ?? []) delete summary[field];
  return summary;
}
