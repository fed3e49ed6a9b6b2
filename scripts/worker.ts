/**
 * `npm run worker`: a job worker process beside the web process(es), for a PostgreSQL set-up
 * (DATABASE_URL). It runs every queued job (mails, …) and nothing else; as many may run as the
 * load needs, each taking jobs with SKIP LOCKED. Stop it with SIGTERM or Ctrl-C: running jobs
 * get time to finish, the rest return to the queue.
 */
import { closeDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import '@/lib/job-catalogue';
import { stopJobs } from '@/lib/jobs/queue';
import { startJobWorkers } from '@/lib/jobs/workers';

async function main() {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    // PGlite has no lock of its own: a second process opening its folder loses committed rows,
    // so the embedded database belongs to the web process, which runs the jobs itself.
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). The embedded database belongs to exactly one ' +
        'process: without DATABASE_URL, `npm start` runs the jobs itself.',
    );
    process.exit(1);
  }
  process.env.KREIDE_RUNTIME_DATABASE_URL = env.DATABASE_URL;
  const queues = await startJobWorkers();
  console.log(`job worker ${process.pid} running: ${queues.join(', ')}`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stopJobs();
    await closeDb();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
