/**
 * One event for many recipients (a new version for every buyer of a material; later an author's
 * followers, a school's members): a job that walks the recipients in keyset-paged batches. Each
 * run reads one batch of ids after the last one it was given, then, in one transaction, queues
 * the run for the next batch and does the batch's own work (typically `enqueueMany` of one job per
 * recipient of the batch) through the transaction's client. So nothing is ever one huge
 * statement, nothing is queued for all recipients up front, and a batch's work and the step to
 * the next batch commit together or not at all.
 *
 * Retries are safe: the next batch's job has an id made from the event and the batch's last id,
 * and the work a batch queues should carry stable ids too, so a batch run twice (its process died
 * after the commit) adds nothing twice.
 */
import { z, type ZodType } from 'zod';
import { getDb, type Executor } from '@/lib/db/client';
import { enqueue } from './enqueue';
import { stableJobId } from './periodic';
import { defineJob, type JobDefinition, type JobOptions } from './registry';

/** Recipients per batch unless a fan-out says otherwise. */
export const FAN_OUT_BATCH = 1_000;

/** Recipient ids are integer keys, read in ascending order. */
const cursorSchema = z.number().int().min(0).max(2_147_483_647).nullable();

export interface FanOutOptions<E extends ZodType> extends Pick<
  JobOptions<E>,
  'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds' | 'concurrency'
> {
  /** The batch job's name (kebab-case, stable: jobs in the database carry it). */
  name: string;
  /** The event's payload, the same for every batch. */
  event: E;
  /** A stable key of one event (`${materialId}@${versionId}`), for the batch jobs' ids. */
  key: (event: z.output<E>) => string;
  /** Recipients per batch (default 1,000). */
  batchSize?: number;
  /**
   * Up to `limit` recipient ids greater than `after` (all from the start when null), ascending
   * and distinct: a keyset page (`WHERE id > $after ORDER BY id LIMIT $limit`) that an index
   * serves at any depth, unlike OFFSET.
   */
  recipients: (event: z.output<E>, after: number | null, limit: number) => Promise<number[]>;
  /** The work of one batch, written through `tx` (the transaction that queues the next batch). */
  deliver: (event: z.output<E>, recipientIds: number[], tx: Executor) => Promise<void>;
}

/** What a batch job carries: the event, and the last recipient id before its batch. */
export interface BatchPayload<E extends ZodType> {
  event: z.output<E>;
  after: number | null;
}

/** A defined fan-out: `start` queues its first batch for one event. */
export interface FanOut<E extends ZodType> {
  job: JobDefinition<ZodType<BatchPayload<E>, BatchPayload<E>>>;
  /** Queues the event's first batch; pass the transaction that records the event as `db`. */
  start(event: z.input<E>, options?: { db?: Executor }): Promise<string>;
}

/**
 * Defines a fan-out job (see the module's comment). The batch job's payload is the event and
 * the last recipient id of the batch before; its result counts the batch's recipients.
 */
export function defineFanOut<E extends ZodType>(options: FanOutOptions<E>): FanOut<E> {
  const batchSize = options.batchSize ?? FAN_OUT_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
    throw new Error(`Fan-out ${options.name}: batchSize must be an integer from 1 to 10,000`);
  // Typed by hand: zod cannot name the output of an object over a generic schema. A batch
  // re-queues the event as it was parsed, so the parsed event is its input too.
  const schema = z.object({ event: options.event, after: cursorSchema }).strict() as unknown as ZodType<
    BatchPayload<E>,
    BatchPayload<E>
  >;
  const batchId = (event: z.output<E>, after: number | null) =>
    stableJobId(`${options.name}@${options.key(event)}@${after ?? 'start'}`);
  const job = defineJob(
    {
      name: options.name,
      schema,
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelay,
      retryBackoff: options.retryBackoff,
      expireInSeconds: options.expireInSeconds,
      concurrency: options.concurrency,
      summarize: ({ after }) => ({ after }),
    },
    async ({ event, after }) => {
      const ids = await options.recipients(event, after, batchSize);
      if (ids.length === 0) return { recipients: 0 };
      const last = ids[ids.length - 1]!;
      await getDb().transaction(async (tx) => {
        // A full batch may have more behind it; a short one was the last.
        if (ids.length === batchSize) await enqueue(job, { event, after: last }, { db: tx, id: batchId(event, last) });
        await options.deliver(event, ids, tx);
      });
      return { recipients: ids.length, last };
    },
  );
  return {
    job,
    start: (event, startOptions = {}) => {
      const parsed = options.event.parse(event) as z.output<E>;
      return enqueue(job, { event: parsed, after: null }, { db: startOptions.db, id: batchId(parsed, null) });
    },
  };
}
