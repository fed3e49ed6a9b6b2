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
import { beatJob, hangJob, spinJob, waitJob, waitRuns } from './support/test-jobs';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signIn } from './support/session';

// The mail server fails as often as a test asks it to, then works again; it notes when it was
// asked to send to whom.
const mockMailServer = { failuresLeft: 0, attempts: [] as { to: string; at: number }[] };
jest.mock('@/lib/mail/mailer', () => {
  const actual = jest.requireActual('@/lib/mail/mailer');
  return {
    ...actual,
    sendMail: jest.fn(async (mail: { to: string }) => {
      mockMailServer.attempts.push({ to: mail.to, at: Date.now() });
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
  mockMailServer.attempts = [];
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
    // A 5-second delay, doubled per retry, with up to 100 % jitter: 5–10 s, then 10–20 s.
    expect(waits[0]).toBeGreaterThan(4);
    expect(waits[0]).toBeLessThanOrEqual(10);
    expect(waits[1]).toBeGreaterThan(9);
    expect(waits[1]).toBeLessThanOrEqual(20);
    expect(await drainJobs()).toBe(1);
    expect((await jobRow(id))!.state).toBe('completed');
    expect(mailsTo(to)).toHaveLength(1);
  });
});

describe(`batches run side by side on ${BACKEND}`, () => {
  beforeEach(() => {
    waitRuns.active = 0;
    waitRuns.peak = 0;
    waitRuns.runs = [];
  });

  const stateOf = async (id: string) => (await (await getQueue()).getJobById(waitJob.name, id))!;

  it('runs a batch of 20 mail-like jobs of 200 ms at once, not one after another (4 s)', async () => {
    configureJobs({ pollingIntervalSeconds: 0.5 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await enqueue(waitJob, { label: `parallel-${i}`, ms: 200 }));
    const started = Date.now();
    await startJobWorkers({ only: [waitJob.name] });
    await waitFor(
      () => Promise.all(ids.map(stateOf)),
      (jobs) => jobs.every((job) => job.state === 'completed'),
      10_000,
    );
    const took = Date.now() - started;
    // One fetch took the whole batch; one after another they would take 4 s.
    expect(waitRuns.peak).toBe(20);
    expect(took).toBeLessThan(1500);
    expect(waitRuns.runs).toHaveLength(20);
  });

  it('retries a job that fails in a batch alone; its neighbours complete once', async () => {
    configureJobs({ pollingIntervalSeconds: 0.5 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await enqueue(waitJob, { label: `batch-${i}`, ms: 100, failFirst: i === 3 }));
    await startJobWorkers({ only: [waitJob.name] });
    const jobs = await waitFor(
      () => Promise.all(ids.map(stateOf)),
      (all) => all.every((job) => job.state === 'completed'),
      10_000,
    );
    const runsOf = (label: string) => waitRuns.runs.filter((run) => run.label === label);
    for (const [i, job] of jobs.entries()) {
      expect(job.retryCount).toBe(i === 3 ? 1 : 0);
      expect(runsOf(`batch-${i}`).map((run) => run.attempt)).toEqual(i === 3 ? [1, 2] : [1]);
    }
    // The retry waited its one-second delay after the failed run.
    const [first, second] = runsOf('batch-3');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
  });

  it('backs off from a mail server that keeps failing until the mails are dead letters', async () => {
    configureJobs({
      pollingIntervalSeconds: 0.5,
      overrides: { [accountMailJob.name]: { retryLimit: 2, retryDelay: 1, retryBackoff: true } },
    });
    mockMailServer.failuresLeft = 1_000;
    const stamp = Date.now();
    const addresses = [0, 1, 2].map((i) => `down-${i}-${stamp}@example.test`);
    const ids = await Promise.all(
      addresses.map((to) => enqueueAccountMail('passwordChanged', { world: 'de', to, name: 'Down' })),
    );
    await startJobWorkers({ only: [accountMailJob.name] });
    const jobs = await waitFor(
      () => Promise.all(ids.map(jobRow)),
      (all) => all.every((job) => job?.state === 'failed'),
      15_000,
    );
    for (const [i, job] of jobs.entries()) {
      expect(job!.retryCount).toBe(2);
      const at = mockMailServer.attempts.filter((attempt) => attempt.to === addresses[i]).map((attempt) => attempt.at);
      // Three attempts, the second 1–2 s after the first, the third 2–4 s after the second.
      expect(at).toHaveLength(3);
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(1950);
    }
    expect(mailsTo(addresses[0]!)).toHaveLength(0);
  });

  it('keeps a long run alive past its expiry with its heartbeat', async () => {
    const id = await enqueue(beatJob, { ms: 3000 });
    const fetchedBy = Date.now();
    await startJobWorkers({ only: [beatJob.name] });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [row] = (
      await getDb().execute<{ state: string; expired: boolean; beatMs: number }>(
        sql`SELECT state, started_on + expire_in < now() AS expired,
                   (extract(epoch FROM started_on) * 1000)::float8 AS "beatMs"
            FROM pgboss.job WHERE id = ${id}`,
      )
    ).rows;
    // Still running 2.5 s in, its start moved by the beats: maintenance would not fail it.
    expect(row).toMatchObject({ state: 'active', expired: false });
    expect(row!.beatMs).toBeGreaterThan(fetchedBy + 1000);
    const done = await waitFor(
      async () => (await getQueue()).getJobById(beatJob.name, id),
      (job) => job?.state === 'completed',
      5_000,
    );
    expect(done!.retryCount).toBe(0);
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
