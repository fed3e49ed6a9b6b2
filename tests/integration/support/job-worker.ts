/**
 * A job worker child process for tests/integration/job-queue.test.ts, started with
 * `node --import tsx` like `npm run worker`: it works the test jobs of test-jobs.ts on the
 * database of KREIDE_RUNTIME_DATABASE_URL, polling and maintaining every fraction of a second so
 * that a job left behind by a killed worker expires quickly. Tells its parent when it runs.
 */
import { closeDb } from '@/lib/db/client';
import { configureJobs, stopJobs } from '@/lib/jobs/queue';
import { startJobWorkers } from '@/lib/jobs/workers';
import { hangJob } from './test-jobs';

configureJobs({ pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, poolSize: 2 });

startJobWorkers({ only: [hangJob.name] })
  .then(() => process.send?.({ type: 'ready', pid: process.pid }))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });

process.on('SIGTERM', async () => {
  await stopJobs({ timeoutMs: 1000 });
  await closeDb();
  process.exit(0);
});
// The parent test died: do not keep working its database.
process.on('disconnect', () => process.exit(0));
