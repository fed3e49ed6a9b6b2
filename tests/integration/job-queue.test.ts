/**
 * The job queue (pg-boss on the application's database): retries with delay and back-off, the
 * dead letters admins see and retry, jobs written in a caller's transaction, no job lost with a
 * killed worker process, and CPU-bound jobs in worker threads that leave the event loop free.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { GET as listJobs } from '@/app/api/v3/admin/jobs/route';
import { POST as retryJob } from '@/app/api/v3/admin/jobs/[id]/retry/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { configureJobs, getQueue, resetJobSettings } from '@/lib/jobs/queue';
import { drainJobs, startJobWorkers, stopJobWorkers } from '@/lib/jobs/workers';
import { accountMailJob, enqueueAccountMail } from '@/lib/mail/account-mails';
import { sendMail } from '@/lib/mail/mailer';
import { readOutbox } from '@/lib/mail/outbox';
import { apiRequest } from './support/request';
import { hangJob, spinJob } from './support/test-jobs';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signIn } from './support/session';

// The mail server fails as often as a test asks it to, then works again.
const mockMailServer = { failuresLeft: 0 };
jest.mock('@/lib/mail/mailer', () => {
  const actual = jest.requireActual('@/lib/mail/mailer');
  return {
    ...actual,
    sendMail: jest.fn(async (mail: unknown) => {
      if (mockMailServer.failuresLeft > 0) {
        mockMailServer.failuresLeft -= 1;
        throw new Error('451 4.3.0 mail server busy, try again later');
      }
      return actual.sendMail(mail);
    }),
  };
});

let database: TestDatabase;
let errors: jest.SpyInstance;
beforeAll(async () => {
  database = await startTestDatabase();
});
beforeEach(() => {
  mockMailServer.failuresLeft = 0;
  jest.mocked(sendMail).mockClear();
  // Failed runs are logged; the tests look at the queue instead.
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  errors.mockRestore();
  await stopJobWorkers();
  resetJobSettings();
});
afterAll(() => database.stop());

const LINK = 'http://localhost:3000/de/passwort-vergessen/Ab3xQ9_secret-token-Zz0000000000000000000000';

async function jobRow(id: string) {
  const boss = await getQueue();
  return boss.getJobById<Record<string, unknown>>(accountMailJob.name, id);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mailsTo = (address: string) => readOutbox().filter((mail) => mail.to.includes(address));

describe(`retries on ${BACKEND}`, () => {
  it('refuses a payload its job does not accept, before anything is written', async () => {
    await expect(
      enqueue(accountMailJob, { kind: 'nonsense', world: 'de', to: 'a@b.c', name: 'A' } as never),
    ).rejects.toThrow();
    await expect(enqueue('no-such-job', {})).rejects.toThrow(/Unknown job "no-such-job"/);
  });

  it('retries a mail job that fails twice after its delay and delivers it; the stored job forgets link and address', async () => {
    configureJobs({
      pollingIntervalSeconds: 0.5,
      overrides: { [accountMailJob.name]: { retryDelay: 1, retryBackoff: false } },
    });
    mockMailServer.failuresLeft = 2;
    const to = `flaky-${Date.now()}@example.test`;
    const started = Date.now();
    const id = await enqueueAccountMail('passwordRecovery', { world: 'de', to, name: 'Flaky', link: LINK });
    expect(await startJobWorkers({ only: [accountMailJob.name] })).toEqual([accountMailJob.name]);

    const job = await waitFor(
      () => jobRow(id),
      (row) => row?.state === 'completed',
    );
    expect(sendMail).toHaveBeenCalledTimes(3);
    expect(job!.retryCount).toBe(2);
    // Two waits of at least the one-second delay between the three runs.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    const [mail] = mailsTo(to);
    expect(mail!.text).toContain(LINK);
    // The token's link and the address were only needed until the mail was out.
    expect(job!.data).toEqual({ kind: 'passwordRecovery', world: 'de' });
  });

  it('wakes a worker of the same process at once instead of waiting for its next poll', async () => {
    configureJobs({ pollingIntervalSeconds: 30 });
    await startJobWorkers({ only: [accountMailJob.name] });
    // The workers have polled once on start and now sleep for 30 s.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const to = `prompt-${Date.now()}@example.test`;
    const id = await enqueueAccountMail('passwordChanged', { world: 'de', to, name: 'Prompt' });
    await waitFor(
      () => jobRow(id),
      (row) => row?.state === 'completed',
      10_000,
    );
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('backs off: each retry of a failing mail waits about twice as long as the one before', async () => {
    mockMailServer.failuresLeft = 2;
    const to = `backoff-${Date.now()}@example.test`;
    const id = await enqueueAccountMail('passwordChanged', { world: 'de', to, name: 'Backoff' });
    const waits: number[] = [];
    for (let run = 0; run < 2; run++) {
      expect(await drainJobs()).toBe(1);
      const row = await jobRow(id);
      expect(row!.state).toBe('retry');
      waits.push((row!.startAfter.getTime() - Date.now()) / 1000);
      // Not due yet: an ordinary drain leaves it alone. Then its time comes.
      expect(await drainJobs()).toBe(0);
      await getDb().execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${id}`);
    }
    // A 30-second delay, doubled per retry, with up to 100 % jitter: 30–60 s, then 60–120 s.
    expect(waits[0]).toBeGreaterThan(28);
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(58);
    expect(waits[1]).toBeLessThanOrEqual(120);
    expect(await drainJobs()).toBe(1);
    expect((await jobRow(id))!.state).toBe('completed');
    expect(mailsTo(to)).toHaveLength(1);
  });
});

describe(`failed jobs for admins on ${BACKEND}`, () => {
  let counter = 0;
  async function signedIn(role: 'admin' | 'user'): Promise<Record<string, string>> {
    counter += 1;
    const email = `jobs-${role}-${counter}-${Date.now()}@example.test`;
    const { id } = await createAccount({
      email,
      publicName: `Jobs ${role}`,
      world: 'de',
      passwordHash: await hashPassword('correct horse battery'),
      status: 'active',
      creationSource: 'web',
    });
    if (role === 'admin') await getDb().update(t.users).set({ role: 'admin' }).where(eq(t.users.id, id));
    const cookie = await signIn(email, {
      password: 'correct horse battery',
      headers: { 'x-kreide-client-ip': `198.18.0.${counter}` },
    });
    return { cookie };
  }

  const list = (headers: Record<string, string>, query = 'state=failed') =>
    listJobs(apiRequest(`/api/v3/admin/jobs?world=de&${query}`, { headers }));
  const retry = (headers: Record<string, string>, id: string) =>
    retryJob(apiRequest(`/api/v3/admin/jobs/${id}/retry?world=de`, { method: 'POST', headers }), {
      params: Promise.resolve({ id }),
    });

  it('lists a job whose retries are used up, without its secrets, and an admin puts it back on the queue', async () => {
    const admin = await signedIn('admin');
    const teacher = await signedIn('user');
    configureJobs({ overrides: { [accountMailJob.name]: { retryLimit: 1 } } });
    mockMailServer.failuresLeft = 2;
    const to = `dead-letter-${Date.now()}@example.test`;
    const id = await enqueueAccountMail('passwordRecovery', { world: 'fr', to, name: 'Dead Letter', link: LINK });
    expect(await drainJobs({ includeDelayed: true })).toBe(2);
    expect((await jobRow(id))!.state).toBe('failed');

    expect((await list({})).status).toBe(401);
    expect((await list(teacher)).status).toBe(403);
    const answer = await list(admin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('/passwort-vergessen/');
    const body = JSON.parse(text) as { jobs: Array<Record<string, unknown>>; total: number; page: number };
    const listed = body.jobs.find((job) => job.id === id);
    expect(listed).toEqual({
      id,
      name: 'account-mail',
      state: 'failed',
      retry_count: 1,
      retry_limit: 1,
      error: '451 4.3.0 mail server busy, try again later',
      created_at: expect.any(String),
      started_at: expect.any(String),
      completed_at: expect.any(String),
      run_after: expect.any(String),
      summary: { kind: 'passwordRecovery', world: 'fr', to },
    });
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.page).toBe(1);
    expect((await list(admin, 'state=failed&name=password-recovery-request')).status).toBe(200);
    expect((await list(admin, 'state=lost')).status).toBe(400);

    expect((await retry({}, id)).status).toBe(401);
    expect((await retry(teacher, id)).status).toBe(403);
    const retried = await retry(admin, id);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ id, state: 'retry', retry_limit: 2 });
    // Not failed any more: a second retry (another admin, a double click) is refused.
    expect((await retry(admin, id)).status).toBe(409);

    expect(await drainJobs()).toBe(1);
    expect((await jobRow(id))!.state).toBe('completed');
    expect(mailsTo(to)).toHaveLength(1);
    expect((await retry(admin, id)).status).toBe(409);
    expect((await retry(admin, '6f1d7c1e-8a4b-4c9e-9f3a-2b5d8e7a1c00')).status).toBe(404);
    expect((await retry(admin, 'not-a-uuid')).status).toBe(404);
    const audited = await getDb().select().from(t.auditLog).where(eq(t.auditLog.action, 'job.retry'));
    expect(audited.map((row) => row.details)).toEqual([{ job_id: id, name: 'account-mail' }]);
  });
});

describe(`jobs in a transaction on ${BACKEND}`, () => {
  const countJobs = async (to: string) =>
    (
      await getDb().execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'account-mail' AND data->>'to' = ${to}`,
      )
    ).rows[0]!.n;

  it('commits a job enqueued through the transaction with it', async () => {
    const to = `committed-${Date.now()}@example.test`;
    const id = await getDb().transaction(async (tx) => {
      const queued = await enqueueAccountMail('passwordChanged', { world: 'de', to, name: 'Tx' }, { db: tx });
      if (BACKEND === 'postgres') {
        // Not visible outside the transaction before it commits. (On the embedded database the
        // other connection would wait for this transaction: exactly the hang the rule prevents.)
        expect(await jobRow(queued)).toBeNull();
      }
      return queued;
    });
    expect((await jobRow(id))!.state).toBe('created');
    expect(await countJobs(to)).toBe(1);
    expect(await drainJobs()).toBe(1);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('drops a job enqueued through the transaction when it rolls back', async () => {
    const to = `rolled-back-${Date.now()}@example.test`;
    let id = '';
    await expect(
      getDb().transaction(async (tx) => {
        id = await enqueueAccountMail('passwordChanged', { world: 'de', to, name: 'Tx' }, { db: tx });
        throw new Error('the work of the transaction failed');
      }),
    ).rejects.toThrow('the work of the transaction failed');
    expect(id).not.toBe('');
    expect(await jobRow(id)).toBeNull();
    expect(await countJobs(to)).toBe(0);
    expect(await drainJobs()).toBe(0);
  });
});

describe(`a killed worker process on ${BACKEND}`, () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** Starts tests/integration/support/job-worker.ts as `npm run worker` would run. */
  function startWorker(mode: 'hang' | 'complete'): { child: ChildProcess; took: Promise<string> } {
    const child = fork(path.join(__dirname, 'support/job-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, KREIDE_TEST_JOB_MODE: mode },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    const took = new Promise<string>((resolve, reject) => {
      child.on('message', (message: { type: string; id?: string }) => {
        if (message.type === 'took' && message.id) resolve(message.id);
      });
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    took.catch(() => undefined);
    return { child, took };
  }

  it('loses no job: a second worker runs it once the first one’s run has expired', async () => {
    const id = await enqueue(hangJob, { label: 'survivor' });
    const first = startWorker('hang');
    expect(await first.took).toBe(id);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const boss = await getQueue();
    expect((await boss.getJobById(hangJob.name, id))!.state).toBe('active');

    startWorker('complete');
    const done = await waitFor(
      () => boss.getJobById<{ label: string }>(hangJob.name, id),
      (job) => job?.state === 'completed',
      45_000,
    );
    // The expired run counted as a failed attempt; the second worker's run was the retry.
    expect(done!.retryCount).toBe(1);
    expect(done!.output).toMatchObject({ label: 'survivor', attempt: 2 });
    expect((done!.output as { pid: number }).pid).not.toBe(first.child.pid);
  }, 90_000);
});

describe(`CPU-bound jobs in worker threads on ${BACKEND}`, () => {
  it('keep the event loop answering while they run', async () => {
    configureJobs({ threadCatalogue: path.join(__dirname, 'support/test-jobs.ts') });
    const id = await enqueue(spinJob, { ms: 1500 });
    let longestGap = 0;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 20);
    const started = Date.now();
    try {
      expect(await drainJobs()).toBe(1);
    } finally {
      clearInterval(timer);
    }
    const job = await (await getQueue()).getJobById<{ ms: number }>(spinJob.name, id);
    expect(job!.state).toBe('completed');
    const output = job!.output as { threadId: number; spunMs: number };
    // It ran on another thread, for its full 1.5 s, while 20 ms timers here kept firing on time.
    expect(output.threadId).toBeGreaterThan(0);
    expect(output.spunMs).toBeGreaterThanOrEqual(1500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(longestGap).toBeLessThan(300);
  }, 60_000);

  it('fails a thread job that throws, with the message from its thread', async () => {
    configureJobs({ threadCatalogue: path.join(__dirname, 'support/test-jobs.ts') });
    const id = await enqueue(spinJob, { ms: 1, fail: true });
    expect(await drainJobs()).toBe(1);
    const job = await (await getQueue()).getJobById(spinJob.name, id);
    expect(job!.state).toBe('failed');
    expect((job!.output as { message: string }).message).toMatch(/^spun out on thread [1-9]/);
  }, 60_000);
});
