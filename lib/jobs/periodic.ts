/**
 * Periodic jobs (a definition's `everySeconds`): each process that runs workers keeps one timer
 * per such job and queues it at every period boundary of the wall clock. The job's id is derived
 * from the job's name and the period, so several worker processes (on PostgreSQL) queue one job
 * per period between them: pg-boss refuses a second job with an id it holds. A process that is
 * down misses its periods, which is fine for the sweeps this is for: they look at the state of
 * the data, not at a window of time.
 *
 * pg-boss has cron schedules of its own, but its timekeeper polls a queue every few seconds in
 * every process that starts the queue (the web processes and the tests too); these timers cost
 * nothing between periods and run only where jobs run.
 */
import crypto from 'node:crypto';
import { enqueue } from './enqueue';
import { getQueueHolder } from './queue';
import type { JobDefinition } from './registry';

/**
 * The id of a periodic job's run for the period starting at `periodStartMs`: the same in every
 * process, laid out as a UUID (pg-boss's ids are UUIDs), version 8 with the RFC 9562 variant.
 */
export function periodJobId(name: string, periodStartMs: number): string {
  return stableJobId(`${name}@${periodStartMs}`);
}

/**
 * A job id derived from `key`, the same in every process and on every retry, laid out as a UUID
 * (pg-boss's ids are UUIDs), version 8 with the RFC 9562 variant: enqueueing twice with one key
 * adds one job (fan-outs that are retried, runs per period).
 */
export function stableJobId(key: string): string {
  const hex = crypto.createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** When the next period of `everySeconds` starts after `now` (a boundary of the wall clock). */
export function nextPeriodStart(everySeconds: number, now: number = Date.now()): number {
  const periodMs = everySeconds * 1000;
  return (Math.floor(now / periodMs) + 1) * periodMs;
}

/**
 * Starts the timers of the periodic jobs among `definitions` in this process (called when its
 * workers start). Each timer queues its job at the next period boundary, then arms itself again,
 * until the workers stop.
 */
export function startPeriodicJobs(definitions: readonly JobDefinition[]): void {
  const holder = getQueueHolder();
  for (const definition of definitions) {
    const every = definition.everySeconds;
    if (!every) continue;
    const arm = () => {
      const at = nextPeriodStart(every);
      const timer = setTimeout(() => {
        holder.timers.delete(timer);
        if (!holder.workers) return;
        enqueue(definition, {}, { id: periodJobId(definition.name, at) })
          .catch((error: unknown) =>
            console.error(
              `periodic job ${definition.name}: not queued: ${error instanceof Error ? error.message : String(error)}`,
            ),
          )
          .finally(() => {
            if (holder.workers) arm();
          });
      }, at - Date.now());
      // A timer alone keeps no process alive (scripts and tests end when their work does).
      timer.unref();
      holder.timers.add(timer);
    };
    arm();
  }
}
