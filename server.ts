/**
 * The one Node process: Next.js 16 (App Router) behind one front door (lib/http/front-door.ts)
 * that takes HTTP requests and WebSocket upgrades.
 * With no DATABASE_URL it starts the embedded database in its own process, applies migrations,
 * and loads the demo catalogue into an empty embedded database.
 */
import path from 'node:path';
import next from 'next';
import { getEnv } from '@/lib/env';
import { closeDb } from '@/lib/db/client';
import { startCacheListener, stopCacheListener } from '@/lib/cache/bus';
import { startDatabase } from '@/lib/seed/start-database';
import '@/lib/job-catalogue';
import { enqueue } from '@/lib/jobs/enqueue';
import { getQueue, stopJobs } from '@/lib/jobs/queue';
import { jobsRunInProcess, startJobWorkers } from '@/lib/jobs/workers';
import { createFrontDoor } from '@/lib/http/front-door';
import { previewSweepJob } from '@/lib/selling/previews';
import { loadStaticAssets } from '@/lib/http/static-assets';
import { LIVE_PATH, startLiveEndpoint } from '@/lib/http/live-notifications';
import { startSearchIndex, stopSearchIndex } from '@/lib/search/index-sync';

async function main() {
  const env = getEnv();
  const dev = env.NODE_ENV === 'development' && process.argv.includes('--dev');
  // The embedded database (without DATABASE_URL), migrations, VAT rates, the demo catalogue into
  // an empty embedded database, fresh planner statistics.
  const { embedded } = await startDatabase();
  // Several processes on one PostgreSQL keep their page caches in step through LISTEN/NOTIFY;
  // the embedded database has exactly one process, so it needs no listener.
  if (env.DATABASE_URL) await startCacheListener(env.DATABASE_URL);
  // The in-memory search index: built from the database in the background (search asks the
  // database until it is ready), then kept current by the change rows and this process's changes.
  startSearchIndex();
  // The job queue (mails, …): its workers run here unless JOBS_IN_PROCESS=false leaves them to
  // `npm run worker`; either way the queue starts now, so routes can enqueue inside transactions.
  if (jobsRunInProcess(env)) console.log(`job workers: ${(await startJobWorkers()).join(', ')}`);
  else await getQueue();
  // Previews stored in an earlier layout (every page public) are settled soon after a start,
  // not only at the sweep's next hour.
  await enqueue(previewSweepJob, {});

  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  // The build's chunks with their Brotli and gzip copies, served from memory (production only).
  if (!dev)
    console.log(
      `${loadStaticAssets(path.join(process.cwd(), '.next', 'static'))} static files precompressed in memory`,
    );
  // Live notifications on /notifications: LISTEN/NOTIFY between processes on PostgreSQL.
  const live = startLiveEndpoint({ databaseUrl: env.DATABASE_URL });
  const server = createFrontDoor({ handle, dev, upgradeRoutes: new Map([[LIVE_PATH, live.handleUpgrade]]) });
  server.listen(env.PORT, () => console.log(`Kreide listening on http://localhost:${env.PORT}`));

  const shutdown = async () => {
    server.close();
    await live.stop();
    stopSearchIndex();
    await stopJobs();
    await stopCacheListener();
    await closeDb();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
