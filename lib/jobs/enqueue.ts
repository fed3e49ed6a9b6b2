import type PgBoss from 'pg-boss';
import type { z, ZodType } from 'zod';
import { effectiveRules, ensureQueue, getQueue, getQueueHolder, JOB_SCHEMA } from './queue';
import { getJobDefinition, type JobDefinition } from './registry';

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Something that runs SQL: a Drizzle database or transaction, or a `pg` pool or client. */
export type JobConnection = { readonly _: unknown } | Queryable;

function isQueryable(value: unknown): value is Queryable {
  return typeof (value as Queryable | null)?.query === 'function';
}

/**
 * pg-boss's database adapter over a connection the caller holds. For a Drizzle transaction this
 * is the transaction's own pooled client, so the job is written in that transaction: it becomes
 * visible when the transaction commits and vanishes when it rolls back. Nothing else is used
 * meanwhile: while a transaction is open the embedded database (pglite-socket) serves only that
 * connection, and waiting on another one would hang it.
 */
export function jobConnection(db: JobConnection): PgBoss.Db {
  // Drizzle keeps the driver client of a database (the pool) or transaction (its client) in its
  // session; a pg Pool or Client answers `query` itself (Drizzle's own `query` is an object).
  const client = isQueryable(db) ? db : (db as { _?: { session?: { client?: unknown } } })._?.session?.client;
  if (!isQueryable(client)) throw new Error('enqueue: `db` must be a Drizzle database or transaction, or a pg client');
  return { executeSql: (text, values) => client.query(text, values) as Promise<{ rows: unknown[] }> };
}

export interface EnqueueOptions {
  /**
   * The connection to write the job with: pass the transaction (`tx`) when the job belongs to
   * what the transaction does (a mail about a deletion), so both commit or neither does.
   */
  db?: JobConnection;
  /** Seconds to wait, or the time, before the job may run. */
  startAfter?: number | Date;
  /** Makes enqueueing idempotent: a second job with an id that exists is not added. */
  id?: string;
}

/**
 * Puts a job on the queue and returns its id; a worker runs it soon after (here, or in a worker
 * process). The payload is checked against the job's schema first: a bad payload is a
 * programming error and throws here, on the request, not later in a worker.
 *
 * Without `db` the job is written through the queue's own connection, at once. With `db` it is
 * written through that connection and nothing else: the queue must already run in this process
 * (server.ts, the worker and the test database start it), so no other connection is needed.
 */
export async function enqueue<S extends ZodType>(
  job: JobDefinition<S>,
  data: z.input<S>,
  options?: EnqueueOptions,
): Promise<string>;
export async function enqueue(job: string, data: unknown, options?: EnqueueOptions): Promise<string>;
export async function enqueue(
  job: string | JobDefinition,
  data: unknown,
  options: EnqueueOptions = {},
): Promise<string> {
  const definition = typeof job === 'string' ? getJobDefinition(job) : job;
  const payload = definition.schema.parse(data) as object;
  const send: PgBoss.SendOptions = { ...effectiveRules(definition), id: options.id };
  if (options.startAfter !== undefined) send.startAfter = options.startAfter;

  if (options.db) {
    const connection = jobConnection(options.db);
    const queue = getQueueHolder();
    await createQueueThrough(connection, definition);
    const id = await queue.boss.send(definition.name, payload, { ...send, db: connection });
    if (!id && !options.id) throw new Error(`Job ${definition.name} was not enqueued`);
    return id ?? options.id!;
  }

  const boss = await getQueue();
  await ensureQueue(definition);
  let id = await boss.send(definition.name, payload, send);
  if (!id && !options.id) {
    // The queue is gone although this process made it (deleted by hand, a database reset under
    // the same URL): make it again.
    getQueueHolder().queues.delete(definition.name);
    await ensureQueue(definition);
    id = await boss.send(definition.name, payload, send);
  }
  if (!id && !options.id) throw new Error(`Job ${definition.name} was not enqueued`);
  // A worker of this process takes it now instead of at its next poll. (Not for a job written
  // in a transaction: it is invisible until the commit, and a worker woken early would find
  // nothing and sleep a full interval.)
  if (!options.startAfter) getQueueHolder().worked.get(definition.name)?.notify();
  return id ?? options.id!;
}

/**
 * Makes sure a job's queue exists, through the caller's connection (a no-op when it does). Not
 * remembered as made: a rollback would take a new queue with it.
 */
async function createQueueThrough(connection: PgBoss.Db, definition: JobDefinition): Promise<void> {
  if (getQueueHolder().queues.has(definition.name)) return;
  await connection.executeSql(`SELECT ${JOB_SCHEMA}.create_queue($1, $2)`, [definition.name, { policy: 'standard' }]);
}

/**
 * Puts many jobs of one kind on the queue in one statement, through `db` (the transaction they
 * belong to), each under its own id: a job whose id exists is skipped, so enqueueing the same
 * list again adds nothing (a retried fan-out batch). Payloads are checked first, like `enqueue`.
 * For up to a few thousand jobs at a time: the list travels as one JSON parameter.
 */
export async function enqueueMany<S extends ZodType>(
  job: JobDefinition<S>,
  items: readonly { id: string; data: z.input<S> }[],
  options: { db: JobConnection },
): Promise<void> {
  if (items.length === 0) return;
  const connection = jobConnection(options.db);
  await createQueueThrough(connection, job);
  const rules = effectiveRules(job);
  await getQueueHolder().boss.insert(
    items.map(({ id, data }) => ({
      id,
      name: job.name,
      data: job.schema.parse(data) as object,
      retryLimit: rules.retryLimit,
      retryDelay: rules.retryDelay,
      retryBackoff: rules.retryBackoff,
      expireInSeconds: rules.expireInSeconds,
    })),
    { db: connection },
  );
}
