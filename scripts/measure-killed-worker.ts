/**
 * `npx tsx scripts/measure-killed-worker.ts [--quick]`: what a worker killed mid-job costs. On a
 * database of its own on the PostgreSQL of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:
 * 5432/postgres), with the real account-mail job: worker A (`scripts/worker.ts`) takes a mail and
 * hangs in the SMTP greeting of a local server that says nothing the first time; worker B is
 * ready (frozen meanwhile, so A takes the mail); A gets SIGKILL as the run begins. Prints the
 * seconds from the kill to the mail's second SMTP connection (the job running again) and to its
 * completion (issue 23 asks for SIGKILL-to-resumed time). With the real default settings this is
 * a measurement of 35 to 50 s: the whole 30 s expiry, maintenance within 10 s, the first retry's
 * 5-10 s.
 *
 * `--quick` (and scripts/test-crash.ts, which calls `measureKilledWorker`) enqueues the mail with a
 * 5 s expiry and a 1 s first retry delay (both travel with the job, so the workers' own settings
 * stay the defaults) and runs this process's queue maintenance every second: the same path (the
 * expiry failing the killed run, the retry taken by the other worker) in 6 to 10 s.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { closeDb } from '@/lib/db/client';
import { runMigrations } from '@/lib/db/migrate';
import { configureJobs, getQueue, resetJobSettings, stopJobs } from '@/lib/jobs/queue';
import { accountMailJob, enqueueAccountMail } from '@/lib/mail/account-mails';
import { createScratchDatabase } from './lib/scratch-database';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A minimal SMTP server: silent on its first connection (a hung server), answering after. */
function startSmtp(): Promise<{ port: number; connections: number[]; close(): void }> {
  const connections: number[] = [];
  const server = net.createServer((socket) => {
    connections.push(Date.now());
    if (connections.length === 1) return;
    socket.write('220 measure ESMTP\r\n');
    let data = false;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          }
        } else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        connections,
        close: () => server.close(),
      }),
    ),
  );
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a killed worker cost: seconds from SIGKILL to the rerun and to the completion. */
export interface KilledWorkerCost {
  /** Seconds from SIGKILL to the job's second SMTP connection (it runs again). */
  rerunSeconds: number;
  /** Seconds from SIGKILL to the job's completion. */
  completedSeconds: number;
  /** How long the killed run had been going. */
  runSeconds: number;
  /** The expiry the job was enqueued with. */
  expireInSeconds: number;
}

/**
 * Kills a worker process in the middle of a mail and measures when the mail runs again in a
 * second worker process (see the file's comment). `quick`: a 5 s expiry, a 1 s retry delay and
 * maintenance every second, for a check that takes seconds. Changes this process's queue and
 * database connection: call it with neither in use, it closes both.
 */
export async function measureKilledWorker(
  options: { adminUrl?: string; quick?: boolean } = {},
): Promise<KilledWorkerCost> {
  const adminUrl = options.adminUrl ?? ADMIN_URL;
  // Set once the scratch database exists (just before the try below), before any worker starts.
  let databaseUrl = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-killed-'));
  const smtp = await startSmtp();
  const workers: ChildProcess[] = [];
  const previousUrl = process.env.KREIDE_RUNTIME_DATABASE_URL;
  const startWorker = async () => {
    const child = fork(path.join(process.cwd(), 'scripts', 'worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        KREIDE_RUNTIME_DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    workers.push(child);
    let ready = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('job worker')) ready = true;
    });
    await until(() => ready, 60_000, 'a worker to start');
    return child;
  };
  const expireInSeconds = options.quick ? 5 : accountMailJob.expireInSeconds;
  const scratch = await createScratchDatabase(adminUrl, 'kreide_killed');
  databaseUrl = scratch.url;
  try {
    await runMigrations(databaseUrl);
    process.env.KREIDE_RUNTIME_DATABASE_URL = databaseUrl;
    if (options.quick)
      configureJobs({
        maintenanceIntervalSeconds: 1,
        overrides: { [accountMailJob.name]: { expireInSeconds, retryDelay: 1 } },
      });
    const boss = await getQueue();
    const a = await startWorker();
    // B is ready before the mail is queued but frozen, so A takes it; A dies as its run begins
    // (the whole expiry left: the worst case) and B goes on. A fetch B sent just before it froze
    // ran on an empty queue: the mail is queued a moment later.
    const b = await startWorker();
    b.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const id = await enqueueAccountMail('passwordChanged', { world: 'de', to: 'killed@example.test', name: 'Killed' });
    await until(() => smtp.connections.length >= 1, 30_000, 'worker A to take the mail');
    const killedAt = Date.now();
    a.kill('SIGKILL');
    b.kill('SIGCONT');
    await until(() => smtp.connections.length >= 2, 120_000, 'the mail to run again');
    const rerunSeconds = (smtp.connections[1]! - killedAt) / 1000;
    await until(
      async () => (await boss.getJobById(accountMailJob.name, id))?.state === 'completed',
      30_000,
      'the mail to complete',
    );
    return {
      rerunSeconds,
      completedSeconds: (Date.now() - killedAt) / 1000,
      runSeconds: (killedAt - smtp.connections[0]!) / 1000,
      expireInSeconds,
    };
  } finally {
    for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
    smtp.close();
    await stopJobs({ timeoutMs: 1000 });
    await closeDb();
    resetJobSettings();
    if (previousUrl === undefined) delete process.env.KREIDE_RUNTIME_DATABASE_URL;
    else process.env.KREIDE_RUNTIME_DATABASE_URL = previousUrl;
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The killed-worker cost as one line. */
export function describeKilledWorker(cost: KilledWorkerCost): string {
  return (
    `killed worker, account-mail (expiry ${cost.expireInSeconds} s): running again ${cost.rerunSeconds.toFixed(1)} s ` +
    `after SIGKILL (${cost.runSeconds.toFixed(1)} s into its run), completed after ${cost.completedSeconds.toFixed(1)} s`
  );
}

async function main() {
  console.log(describeKilledWorker(await measureKilledWorker({ quick: process.argv.includes('--quick') })));
}

// Run as a script, not when test-crash.ts imports the check.
if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
