/**
 * What admins see of the job queue: jobs by state (above all `failed`, the dead letters whose
 * retries are used up) and a retry for those. Payloads are shown only through each job's own
 * summary, which never holds a secret (mailed links carry tokens). The summaries come from the
 * jobs' definitions, so a caller loads every one first (lib/job-catalogue.ts, as the admin routes do).
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getQueue, JOB_SCHEMA, JOB_STATES, type JobState } from './queue';
import { findJobDefinition, summarizePayload, type JobSummary } from './registry';

export const listJobsQuerySchema = z
  .object({
    state: z.enum(JOB_STATES).default('failed'),
    name: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,62}$/)
      .optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const jobIdSchema = z.uuid();

/** A job as admins see it. */
export interface AdminJob {
  id: string;
  name: string;
  state: JobState;
  /** Retries taken so far (0 on the first run). */
  retry_count: number;
  retry_limit: number;
  /** The message of the last failure, if any. */
  error: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** When the job may run (next) at the earliest. */
  run_after: string;
  summary: JobSummary;
}

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  data: unknown;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  start_after: Date;
}

const COLUMNS = `id, name, state::text AS state, retry_count, retry_limit, output, data, created_on, started_on, completed_on, start_after`;

/** The message of a failure as pg-boss stores it: a serialised error, or a `{ value }` wrapper. */
export function failureMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const record = output as { message?: unknown; value?: unknown };
  const message =
    typeof record.message === 'string'
      ? record.message
      : typeof record.value === 'string'
        ? record.value
        : typeof (record.value as { message?: unknown } | null)?.message === 'string'
          ? (record.value as { message: string }).message
          : null;
  return message === null ? null : message.slice(0, 500);
}

function toAdminJob(row: JobRow): AdminJob {
  const failed = row.state === 'failed' || row.state === 'retry';
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    retry_count: row.retry_count,
    retry_limit: row.retry_limit,
    error: failed ? failureMessage(row.output) : null,
    created_at: row.created_on.toISOString(),
    started_at: row.started_on?.toISOString() ?? null,
    completed_at: row.completed_on?.toISOString() ?? null,
    run_after: row.start_after.toISOString(),
    summary: summarizePayload(findJobDefinition(row.name), row.data),
  };
}

async function run<T>(text: string, values: unknown[]): Promise<T[]> {
  const boss = await getQueue();
  const result = await boss.getDb().executeSql(text, values);
  return result.rows as T[];
}

/** Lists jobs in one state, the most recently finished (or created) first, a page at a time. */
export async function listJobs(query: z.infer<typeof listJobsQuerySchema>) {
  const where = `state = $1::${JOB_SCHEMA}.job_state AND ($2::text IS NULL OR name = $2)`;
  const [rows, [count]] = await Promise.all([
    run<JobRow>(
      `SELECT ${COLUMNS} FROM ${JOB_SCHEMA}.job WHERE ${where}
       ORDER BY COALESCE(completed_on, created_on) DESC, id LIMIT $3 OFFSET $4`,
      [query.state, query.name ?? null, query.limit, (query.page - 1) * query.limit],
    ),
    run<{ total: number }>(`SELECT count(*)::int AS total FROM ${JOB_SCHEMA}.job WHERE ${where}`, [
      query.state,
      query.name ?? null,
    ]),
  ]);
  return { jobs: rows.map(toAdminJob), page: query.page, limit: query.limit, total: count?.total ?? 0 };
}

/** One job as admins see it; 404 when there is none with this id. */
export async function getAdminJob(id: string): Promise<AdminJob> {
  const [row] = await run<JobRow>(`SELECT ${COLUMNS} FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id]);
  if (!row) throw new AppError('not_found', undefined, { reason: 'unknown_job' });
  return toAdminJob(row);
}

/**
 * Puts a failed job back on the queue, due at once: as pg-boss's own `retry`, its retry limit
 * rises by one, so it runs once more, and its earliest start becomes now (the last back-off
 * delay has no meaning after an admin's decision). One conditional UPDATE: of two admins
 * retrying at once, one gets 409. 404 for an unknown id; 409 when the job is not failed.
 */
export async function retryFailedJob(id: string): Promise<AdminJob> {
  const [retried] = await run<{ id: string }>(
    `UPDATE ${JOB_SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
     WHERE id = $1 AND state = 'failed' RETURNING id`,
    [id],
  );
  const job = await getAdminJob(id);
  if (!retried) throw new AppError('conflict', undefined, { reason: 'job_not_failed', state: job.state });
  return job;
}
