/**
 * `npx tsx scripts/measure-killed-worker.ts`: what a worker killed mid-job costs. On a database
 * of its own on the PostgreSQL of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
 * postgres), with the real default settings and the real account-mail job: worker A
 * (`scripts/worker.ts`) takes a mail and hangs in the SMTP greeting of a local server that says
 * nothing the first time; worker B is started and ready; A gets SIGKILL. Prints the seconds from
 * the kill to the mail's second SMTP connection (the job running again) and to its completion.
 * A measurement, not part of the suite (issue 23 asks for SIGKILL-to-resumed time).
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { closeDb } from '@/lib/db/client';
import { runMigrations } from '@/lib/db/migrate';
import { getQueue, stopJobs } from '@/lib/jobs/queue';
import { accountMailJob, enqueueAccountMail } from '@/lib/mail/account-mails';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(query: string) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

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

async function main() {
  const name = `kreide_killed_${crypto.randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-killed-'));
  const smtp = await startSmtp();
  const workers: ChildProcess[] = [];
  const startWorker = async () => {
    const child = fork(path.join(process.cwd(), 'scripts', 'worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
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
  await admin(`CREATE DATABASE ${name}`);
  try {
    await runMigrations(databaseUrl);
    process.env.KREIDE_RUNTIME_DATABASE_URL = databaseUrl;
    const boss = await getQueue();
    const a = await startWorker();
    const id = await enqueueAccountMail('passwordChanged', { world: 'de', to: 'killed@example.test', name: 'Killed' });
    await until(() => smtp.connections.length >= 1, 30_000, 'worker A to take the mail');
    await startWorker();
    const killedAt = Date.now();
    a.kill('SIGKILL');
    await until(() => smtp.connections.length >= 2, 120_000, 'the mail to run again');
    const rerun = (smtp.connections[1]! - killedAt) / 1000;
    await until(
      async () => (await boss.getJobById(accountMailJob.name, id))?.state === 'completed',
      30_000,
      'the mail to complete',
    );
    const done = (Date.now() - killedAt) / 1000;
    console.log(
      `killed worker, account-mail (expiry ${accountMailJob.expireInSeconds} s): running again ${rerun.toFixed(1)} s ` +
        `after SIGKILL (${((killedAt - smtp.connections[0]!) / 1000).toFixed(1)} s into its run), completed after ${done.toFixed(1)} s`,
    );
  } finally {
    for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
    smtp.close();
    await stopJobs({ timeoutMs: 1000 });
    await closeDb();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
