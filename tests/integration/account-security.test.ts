import { eq, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import type { Pool } from 'pg';
import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { POST as loginAs } from '@/app/api/v3/oauth2/login-as/route';
import { POST as forgot } from '@/app/api/v3/password/forgot/route';
import { POST as recover } from '@/app/api/v3/password/recover/route';
import { POST as changePassword } from '@/app/api/v3/password/change/route';
import { POST as requestEmailChange } from '@/app/api/v3/email-change/request/route';
import { GET as getBank, POST as postBank } from '@/app/api/v3/bank-details/route';
import { POST as deleteAccount } from '@/app/api/v3/account/delete/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { getDb, getPool } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { passwordRecoveryJob } from '@/lib/accounts/password';
import { getQueue } from '@/lib/jobs/queue';
import { drainJobs } from '@/lib/jobs/workers';
import { readOutbox } from '@/lib/mail/outbox';
import { renderAccountMail } from '@/lib/mail/account-mails';
import { resetMailer } from '@/lib/mail/mailer';
import { resetEnvCache } from '@/lib/env';
import { mailNewToken } from '@/lib/accounts/token-mails';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { deliveredMail } from './support/mail';
import { apiRequest } from './support/request';
import { callRoute } from './support/routes';
import { requestSignIn, sessionCookieOf } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

type Handler = (request: NextRequest) => Promise<Response>;
type Headers = Record<string, string>;

let ipCounter = 0;
/** A client address of its own for each caller that needs one (limits are per IP). */
const newIp = () => `192.0.2.${(ipCounter++ % 250) + 1}`;

const post = (handler: Handler, path: string, body: unknown, headers: Headers) =>
  callRoute(handler, path, { method: 'POST', body, headers });

/** A sign-in attempt from client address `ip`: the limits under test count per address. */
const signIn = (email: string, password: string, ip: string, client: 'web' | 'app' = 'web') =>
  requestSignIn(email, { password, client, headers: { 'x-kreide-client-ip': ip } });

let accountCounter = 0;
/** A fresh, confirmed account with a password. */
async function freshAccount(password = 'correct horse battery') {
  accountCounter += 1;
  const email = `security-${accountCounter}-${Date.now()}@example.test`;
  const { id } = await createAccount({
    email,
    publicName: `Security Tester ${accountCounter}`,
    world: 'de',
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'web',
  });
  return { id, email, password };
}

async function signedIn(account: { email: string; password: string }): Promise<Headers> {
  const response = await signIn(account.email, account.password, newIp());
  expect(response.status).toBe(200);
  return { cookie: sessionCookieOf(response) };
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return (await getDb().execute<{ n: number }>(query)).rows[0]!.n;
}

describe(`anonymous tokens (client credentials) on ${BACKEND}`, () => {
  it('limits them to 60 per IP in 10 minutes: the 61st is a 429 with Retry-After and stores no token', async () => {
    const ip = newIp();
    const anonymous = (from: string) =>
      post(
        authenticate,
        '/api/v3/oauth2/authenticate',
        { client_id: 'app', grant_type: 'client_credentials' },
        { 'x-kreide-client-ip': from },
      );
    expect((await anonymous(ip)).status).toBe(200);
    // 58 more counted as if they had happened.
    await getDb().execute(sql`UPDATE rate_limits SET hits = hits + 58 WHERE key = ${`anonymous-token:ip:${ip}`}`);
    expect((await anonymous(ip)).status).toBe(200);
    const tokensBefore = await count(
      sql`SELECT count(*)::int AS n FROM access_tokens WHERE grant_type = 'client_credentials'`,
    );
    const limited = await anonymous(ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await limited.json()).error).toMatchObject({
      code: 'rate_limited',
      details: { reason: 'too_many_attempts' },
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM access_tokens WHERE grant_type = 'client_credentials'`)).toBe(
      tokensBefore,
    );
    // Another client is not affected.
    expect((await anonymous(newIp())).status).toBe(200);
  });
});

describe(`the sign-in lock on ${BACKEND}`, () => {
  /** Counts `n` more failed sign-ins of an address from an IP as if they had happened (each costs an argon2 check otherwise). */
  async function failedBefore(email: string, ip: string, n: number) {
    await getDb().execute(
      sql`UPDATE rate_limits SET hits = hits + ${n} WHERE key = ${`sign-in-failures:account:${email}:ip:${ip}`}`,
    );
  }

  it('holds back only the IP that failed: the owner still signs in from elsewhere', async () => {
    const owner = await freshAccount();
    const attacker = newIp();
    expect((await signIn(owner.email, 'guess', attacker)).status).toBe(401);
    await failedBefore(owner.email, attacker, 8);
    expect((await signIn(owner.email, 'tenth guess', attacker)).status).toBe(401);
    const locked = await signIn(owner.email, owner.password, attacker);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await signIn(owner.email, owner.password, newIp())).status).toBe(200);
    // The owner's success does not unlock the attacker's IP.
    expect((await signIn(owner.email, owner.password, attacker)).status).toBe(429);
  });

  it('treats an unknown address exactly like a known one (no enumeration through the lock)', async () => {
    const attacker = newIp();
    const unknown = `nobody-${Date.now()}@example.test`;
    expect((await signIn(unknown, 'guess', attacker)).status).toBe(401);
    await failedBefore(unknown, attacker, 8);
    expect((await signIn(unknown, 'tenth guess', attacker)).status).toBe(401);
    expect((await signIn(unknown, 'eleventh guess', attacker)).status).toBe(429);
    expect((await signIn(unknown, 'guess', newIp())).status).toBe(401);
  });

  it('cannot be passed by parallel guesses: after 7 failures, of 8 at once from that IP exactly 3 are checked', async () => {
    const owner = await freshAccount();
    const attacker = newIp();
    expect((await signIn(owner.email, 'guess', attacker)).status).toBe(401);
    await failedBefore(owner.email, attacker, 6);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(owner.email, `parallel ${i}`, attacker).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('forgives an IP its failures when it signs in successfully', async () => {
    const owner = await freshAccount();
    const ip = newIp();
    expect((await signIn(owner.email, 'typo', ip)).status).toBe(401);
    await failedBefore(owner.email, ip, 8);
    expect((await signIn(owner.email, owner.password, ip)).status).toBe(200);
    expect((await signIn(owner.email, 'typo again', ip)).status).toBe(401);
    await failedBefore(owner.email, ip, 7);
    expect((await signIn(owner.email, 'and again', ip)).status).toBe(401);
    expect((await signIn(owner.email, owner.password, ip)).status).toBe(200);
    // The success took its own attempt back from the address's ceiling: only the 3 failures count.
    expect(
      await count(sql`SELECT hits::int AS n FROM rate_limits WHERE key = ${`sign-in-failures:account:${owner.email}`}`),
    ).toBe(3);
  });

  it('caps distributed guessing at 100 failures per address an hour, and recovery lifts every lock of the address', async () => {
    const owner = await freshAccount();
    const lockedIp = newIp();
    expect((await signIn(owner.email, 'guess', lockedIp)).status).toBe(401);
    await failedBefore(owner.email, lockedIp, 9);
    // 98 failures from many IPs counted as if they had happened: 99 in all.
    await getDb().execute(
      sql`UPDATE rate_limits SET hits = hits + 98 WHERE key = ${`sign-in-failures:account:${owner.email}`}`,
    );
    expect((await signIn(owner.email, owner.password, lockedIp)).status).toBe(429);
    expect((await signIn(owner.email, 'one more guess', newIp())).status).toBe(401);
    const capped = await signIn(owner.email, owner.password, newIp());
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(3000);

    // The owner recovers through the mailed link: both locks are gone at once.
    await post(forgot, '/api/v3/password/forgot?world=de', { email: owner.email }, { 'x-kreide-client-ip': newIp() });
    const mail = (await deliveredMail()).filter((m) => m.to.includes(owner.email)).at(-1)!;
    const token = mail.text.match(/\/de\/[^/\s]+\/([A-Za-z0-9_-]{43})/)![1]!;
    expect(
      (
        await post(
          recover,
          '/api/v3/password/recover?world=de',
          { token, password: 'a brand new passphrase' },
          { 'x-kreide-client-ip': newIp() },
        )
      ).status,
    ).toBe(200);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE ${`sign-in-failures:account:${owner.email}%`}`,
      ),
    ).toBe(0);
    expect((await signIn(owner.email, 'a brand new passphrase', lockedIp)).status).toBe(200);
  });
});

describe(`current-password checks on ${BACKEND}`, () => {
  it('refuses a sixth wrong current password per account with 429, even when the sixth is right, and changes nothing', async () => {
    const user = await freshAccount();
    const headers = await signedIn(user);
    for (let i = 0; i < 5; i++) {
      const wrong = await post(
        changePassword,
        '/api/v3/password/change',
        { current_password: `guess ${i}`, new_password: 'stolen session pw' },
        { ...headers, 'x-kreide-client-ip': newIp() },
      );
      expect(wrong.status).toBe(400);
    }
    const locked = await post(
      changePassword,
      '/api/v3/password/change',
      { current_password: user.password, new_password: 'stolen session pw' },
      { ...headers, 'x-kreide-client-ip': newIp() },
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The change of e-mail asks for the same password and shares the limit.
    const email = await post(
      requestEmailChange,
      '/api/v3/email-change/request',
      { new_email: `taken-over-${Date.now()}@example.test`, password: user.password },
      { ...headers, 'x-kreide-client-ip': newIp() },
    );
    expect(email.status).toBe(429);
    expect((await signIn(user.email, user.password, newIp())).status).toBe(200);
  });

  it('does not count a right current password', async () => {
    const user = await freshAccount();
    const headers = await signedIn(user);
    for (let i = 0; i < 4; i++)
      await post(
        changePassword,
        '/api/v3/password/change',
        { current_password: `typo ${i}`, new_password: 'a second passphrase' },
        headers,
      );
    expect(
      (
        await post(
          changePassword,
          '/api/v3/password/change',
          { current_password: user.password, new_password: 'a second passphrase' },
          headers,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await post(
          changePassword,
          '/api/v3/password/change',
          { current_password: 'a second passphrase', new_password: 'a third passphrase' },
          headers,
        )
      ).status,
    ).toBe(200);
  });

  it('limits wrong current passwords per IP across accounts (20 in 15 minutes)', async () => {
    const ip = newIp();
    const first = await freshAccount();
    const second = await freshAccount();
    const firstHeaders = { ...(await signedIn(first)), 'x-kreide-client-ip': ip };
    const secondHeaders = { ...(await signedIn(second)), 'x-kreide-client-ip': ip };
    expect(
      (
        await post(
          changePassword,
          '/api/v3/password/change',
          { current_password: 'guess', new_password: 'new passphrase 1' },
          firstHeaders,
        )
      ).status,
    ).toBe(400);
    // 18 more failures from this IP, on other accounts, counted as if they had happened.
    await getDb().execute(
      sql`UPDATE rate_limits SET hits = hits + 18 WHERE key = ${`password-check-failures:ip:${ip}`}`,
    );
    expect(
      (
        await post(
          changePassword,
          '/api/v3/password/change',
          { current_password: 'guess', new_password: 'new passphrase 1' },
          secondHeaders,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          changePassword,
          '/api/v3/password/change',
          { current_password: second.password, new_password: 'new passphrase 1' },
          secondHeaders,
        )
      ).status,
    ).toBe(429);
    // The refused attempt was not counted against the account itself.
    expect(
      await count(
        sql`SELECT hits::int AS n FROM rate_limits WHERE key = ${`password-check-failures:user:${second.id}`}`,
      ),
    ).toBe(1);
  });

  it('cannot be passed by parallel guesses: 10 at once, exactly 5 are checked', async () => {
    const user = await freshAccount();
    const headers = await signedIn(user);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          changePassword,
          '/api/v3/password/change',
          { current_password: `parallel ${i}`, new_password: 'stolen session pw' },
          { ...headers, 'x-kreide-client-ip': newIp() },
        ).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe(`password recovery on ${BACKEND}`, () => {
  /**
   * The SQL statements sent to the database while `run` is awaited, without their values: those
   * of the application's pool and those of the job queue's own connection.
   */
  async function statementsDuring(run: () => Promise<Response>): Promise<{ response: Response; statements: string[] }> {
    const pool = getPool();
    const queue = (await getQueue()).getDb();
    const statements: string[] = [];
    const record = (query: string | { text: string }) => {
      const text = (typeof query === 'string' ? query : query.text).replace(/\s+/g, ' ').trim();
      // The queue's periodic maintenance may run meanwhile; it is not part of the request.
      if (!/^(UPDATE pgboss\.version|BEGIN;)/.test(text)) statements.push(text);
    };
    const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const spy = jest.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      record(args[0] as string | { text: string });
      return original(...args);
    }) as unknown as Pool['query']);
    const originalQueue = queue.executeSql.bind(queue);
    const queueSpy = jest.spyOn(queue, 'executeSql').mockImplementation((text, values) => {
      record(text);
      return originalQueue(text, values);
    });
    try {
      const response = await run();
      return { response, statements: [...statements] };
    } finally {
      spy.mockRestore();
      queueSpy.mockRestore();
    }
  }

  it('does the same database work for a known and an unknown address before answering, and mails in a job', async () => {
    const known = await freshAccount();
    const unknown = `nobody-${Date.now()}@example.test`;
    const mailsBefore = (await deliveredMail()).length;
    const forKnown = await statementsDuring(() =>
      post(forgot, '/api/v3/password/forgot?world=de', { email: known.email }, { 'x-kreide-client-ip': newIp() }),
    );
    // Nothing about the account was looked up or sent while the request was answered.
    expect(readOutbox()).toHaveLength(mailsBefore);
    expect(await drainJobs()).toBe(1);
    expect(readOutbox()).toHaveLength(mailsBefore + 1);
    const forUnknown = await statementsDuring(() =>
      post(forgot, '/api/v3/password/forgot?world=de', { email: unknown }, { 'x-kreide-client-ip': newIp() }),
    );

    expect(forKnown.response.status).toBe(202);
    expect(forUnknown.response.status).toBe(202);
    expect(await forKnown.response.json()).toEqual(await forUnknown.response.json());
    expect(forKnown.statements).toEqual(forUnknown.statements);
    // Exactly the two rate-limit counters (per IP and per address) and one job with the
    // address: no user, token or mail work.
    expect(forKnown.statements).toHaveLength(3);
    expect(forKnown.statements[0]).toMatch(/^INSERT INTO rate_limits/);
    expect(forKnown.statements[1]).toMatch(/^INSERT INTO rate_limits/);
    expect(forKnown.statements[2]).toMatch(/^INSERT INTO pgboss\.job/);

    expect(await drainJobs()).toBe(1);
    const mails = readOutbox().slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual([expect.stringContaining(known.email)]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM account_tokens WHERE purpose = 'recovery' AND user_id = ${known.id}`,
      ),
    ).toBe(1);
  });

  it('still answers 202 when the recovery job fails; the job is retried and then mails the link', async () => {
    const known = await freshAccount();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const mailsBefore = (await deliveredMail()).length;
    // Issuing the token fails in the job after the answer: the answer stands, the job waits for
    // its retry and the failure is logged.
    await getDb().execute(sql`ALTER TABLE account_tokens RENAME TO account_tokens_away`);
    try {
      const response = await post(
        forgot,
        '/api/v3/password/forgot?world=de',
        { email: known.email },
        { 'x-kreide-client-ip': newIp() },
      );
      expect(response.status).toBe(202);
      expect(await drainJobs()).toBe(1);
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^job password-recovery-request \S+ failed \(attempt 1 of 6\)/),
      );
    } finally {
      await getDb().execute(sql`ALTER TABLE account_tokens_away RENAME TO account_tokens`);
      errors.mockRestore();
    }
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${passwordRecoveryJob.name} AND state = 'retry'`,
      ),
    ).toBe(1);
    // Its back-off delay is not over: an ordinary drain leaves it waiting, a drain that ignores
    // the delay runs it, and the link goes out.
    expect(await drainJobs()).toBe(0);
    expect(await drainJobs({ includeDelayed: true })).toBe(1);
    const mails = readOutbox().slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual([expect.stringContaining(known.email)]);
  });
});

describe(`an admin acting as a user (login-as) on ${BACKEND}`, () => {
  let admin: { id: number; email: string; password: string };
  beforeAll(async () => {
    admin = await freshAccount();
    await getDb().update(t.users).set({ role: 'admin' }).where(eq(t.users.id, admin.id));
  });

  /** Starts a login-as session for the app (bearer), as the admin tool does. */
  async function actAs(email: string): Promise<Headers> {
    const signedInAdmin = await signIn(admin.email, admin.password, newIp(), 'app');
    const { access_token: adminToken } = await signedInAdmin.json();
    const started = await post(
      loginAs,
      '/api/v3/oauth2/login-as',
      { email },
      { authorization: `Bearer ${adminToken}` },
    );
    expect(started.status).toBe(200);
    return { authorization: `Bearer ${(await started.json()).access_token}` };
  }

  const refused = async (response: Response) => {
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatchObject({ code: 'forbidden', details: { reason: 'impersonation' } });
  };

  it('may not change bank details (reading them stays possible for support)', async () => {
    const user = await freshAccount();
    const impersonated = await actAs(user.email);
    await refused(
      await post(
        postBank,
        '/api/v3/bank-details?world=de',
        { account_holder: 'Mallory Admin', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
        impersonated,
      ),
    );
    expect(await getDb().select().from(t.bankDetails).where(eq(t.bankDetails.userId, user.id))).toEqual([]);
    const read = await getBank(apiRequest('/api/v3/bank-details?world=de', { headers: impersonated }));
    expect(read.status).toBe(200);
  });

  it('may not change the e-mail address, and nothing is mailed', async () => {
    const user = await freshAccount();
    const impersonated = await actAs(user.email);
    const mailsBefore = (await deliveredMail()).length;
    await refused(
      await post(
        requestEmailChange,
        '/api/v3/email-change/request',
        { new_email: `admin-owned-${Date.now()}@example.test`, password: user.password },
        impersonated,
      ),
    );
    expect(await deliveredMail()).toHaveLength(mailsBefore);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM account_tokens WHERE purpose = 'change_email' AND user_id = ${user.id}`,
      ),
    ).toBe(0);
  });

  it('may not change the password', async () => {
    const user = await freshAccount();
    const impersonated = await actAs(user.email);
    await refused(
      await post(
        changePassword,
        '/api/v3/password/change',
        { current_password: user.password, new_password: 'chosen by the admin' },
        impersonated,
      ),
    );
    expect((await signIn(user.email, user.password, newIp())).status).toBe(200);
  });

  it('may not delete the account', async () => {
    const user = await freshAccount();
    const impersonated = await actAs(user.email);
    await refused(
      await post(deleteAccount, '/api/v3/account/delete?world=de', { password: user.password }, impersonated),
    );
    const [state] = await getDb()
      .select({ status: t.accountStates.status })
      .from(t.accountStates)
      .where(eq(t.accountStates.userId, user.id));
    expect(state!.status).toBe('active');
  });

  it('leaves the user themselves free to do all of it', async () => {
    const user = await freshAccount();
    const own = await signedIn(user);
    expect(
      (
        await post(
          postBank,
          '/api/v3/bank-details?world=de',
          { account_holder: 'Erika Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
          own,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await post(
          requestEmailChange,
          '/api/v3/email-change/request',
          { new_email: `own-${Date.now()}@example.test`, password: user.password },
          own,
        )
      ).status,
    ).toBe(202);
    expect(
      (
        await post(
          changePassword,
          '/api/v3/password/change',
          { current_password: user.password, new_password: 'my own new passphrase' },
          own,
        )
      ).status,
    ).toBe(200);
  });
});

describe(`account mails queued with their change on ${BACKEND}`, () => {
  const mailsTo = (email: string) => readOutbox().filter((m) => m.to.includes(email));

  afterEach(() => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    resetMailer();
  });

  it('changes the password although the mail server is down, and sends the notice once it is back', async () => {
    const user = await freshAccount();
    const headers = await signedIn(user);
    // Nothing listens on the discard port: every delivery is refused at once.
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    resetEnvCache();
    resetMailer();
    const changed = await post(
      changePassword,
      '/api/v3/password/change',
      { current_password: user.password, new_password: 'changed while mail is down' },
      headers,
    );
    expect(changed.status).toBe(200);
    await drainJobs();
    const [job] = (
      await getDb().execute<{ state: string }>(
        sql`SELECT state FROM pgboss.job WHERE name = 'account-mail' AND data->>'to' = ${user.email}`,
      )
    ).rows;
    expect(job?.state).toBe('retry');
    expect(mailsTo(user.email)).toHaveLength(0);

    delete process.env.SMTP_URL;
    resetEnvCache();
    resetMailer();
    await drainJobs({ includeDelayed: true });
    const subject = renderAccountMail('passwordChanged', 'de', { name: '' }).subject;
    expect(mailsTo(user.email).map((m) => m.subject)).toEqual([subject]);
    expect((await signIn(user.email, 'changed while mail is down', newIp())).status).toBe(200);
  });

  it('queues no mail and keeps no link when the transaction that issues the link rolls back', async () => {
    const user = await freshAccount();
    const tokens = () => count(sql`SELECT count(*)::int AS n FROM account_tokens WHERE user_id = ${user.id}`);
    const before = await tokens();
    // The second mail fails its schema after the first was written in the transaction.
    await expect(
      mailNewToken(user.id, 'recovery', (token) => [
        { kind: 'alreadyRegistered', world: 'de', to: user.email, name: 'x', link: `http://localhost/${token}` },
        { kind: 'alreadyRegistered', world: 'de', to: '', name: 'x' },
      ]),
    ).rejects.toThrow();
    expect(await tokens()).toBe(before);
    await drainJobs();
    expect(mailsTo(user.email)).toHaveLength(0);
  });
});
