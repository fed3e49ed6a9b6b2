/**
 * Jobs over many rows against a real database: a fan-out to 50,000 recipients walks them in
 * bounded batches and bears a retried batch, and the periodic clean-up deletes what has expired,
 * a bounded batch per statement, and nothing that still lives.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { cleanUpExpired, cleanUpJob, RETENTION_MS } from '@/lib/maintenance/clean-up';
import { enqueue } from '@/lib/jobs/enqueue';
import { FAN_OUT_BATCH } from '@/lib/jobs/fan-out';
import { periodJobId } from '@/lib/jobs/periodic';
import { drainJobs } from '@/lib/jobs/workers';
import { versionMailJob, versionMailsFanOut } from '@/lib/selling/version-mails';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return (await getDb().execute<{ n: number }>(query)).rows[0]!.n;
}

describe(`a fan-out on ${BACKEND}`, () => {
  it('reaches 50,000 recipients in batches of 1,000, and a batch run again adds nothing', async () => {
    const recipients = 50_000;
    const [material] = (await getDb().execute<{ id: number }>(sql`SELECT id FROM materials ORDER BY id LIMIT 1`)).rows;
    await getDb().execute(sql`
      INSERT INTO users (slug, email, public_name)
      SELECT 'fan-' || g, 'fan-' || g || '@example.test', 'Fan ' || g FROM generate_series(1, ${recipients}) g`);
    await getDb().execute(sql`
      INSERT INTO licences (user_id, material_id, kind)
      SELECT id, ${material!.id}, 'single' FROM users WHERE slug LIKE 'fan-%'`);
    const event = { materialId: Number(material!.id), versionId: 424_242 };
    const mails = () =>
      count(sql`SELECT count(DISTINCT data->>'userId')::int AS n FROM pgboss.job
        WHERE name = ${versionMailJob.name} AND data->>'versionId' = ${String(event.versionId)}`);

    const started = Date.now();
    await versionMailsFanOut.start(event);
    // 50 full batches, then one that finds nothing after the last id.
    const batches = recipients / FAN_OUT_BATCH + 1;
    expect(await drainJobs({ only: [versionMailsFanOut.job.name], maxJobs: batches + 5 })).toBe(batches);
    console.log(`fan-out to ${recipients} recipients: ${Date.now() - started} ms`);
    expect(await mails()).toBe(recipients);
    expect(
      await count(
        sql`SELECT max((output->>'recipients')::int) AS n FROM pgboss.job WHERE name = ${versionMailsFanOut.job.name}`,
      ),
    ).toBe(FAN_OUT_BATCH);

    // A batch whose process died after its commit runs again: same next batch, same mails.
    await versionMailsFanOut.job.handler(
      { event, after: null },
      { id: 'retry', name: versionMailsFanOut.job.name, attempt: 2 },
    );
    await versionMailsFanOut.start(event);
    expect(await drainJobs({ only: [versionMailsFanOut.job.name] })).toBe(0);
    expect(await mails()).toBe(recipients);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${versionMailJob.name}
        AND data->>'versionId' = ${String(event.versionId)}`),
    ).toBe(recipients);
  });
});

describe(`the periodic clean-up on ${BACKEND}`, () => {
  it('deletes expired sessions, mail tokens, spent rate-limit counters and old anonymous carts, in bounded batches', async () => {
    const db = getDb();
    const [user] = (
      await db.execute<{ id: number }>(sql`
      INSERT INTO users (slug, email, public_name) VALUES ('clean-up', 'clean-up@example.test', 'Clean Up')
      RETURNING id`)
    ).rows;
    const userId = user!.id;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const insertSessions = (label: string, n: number, expires: string) =>
      db.execute(sql`
        INSERT INTO access_tokens (token_hash, user_id, client_id, grant_type, expires_at)
        SELECT ${label} || g, ${userId}, 'web', 'password', ${expires}::timestamptz FROM generate_series(1, ${n}) g`);
    await insertSessions('expired-', 25, ago(RETENTION_MS.sessions + 60_000));
    await insertSessions('just-expired-', 2, ago(60_000));
    await insertSessions('live-', 3, ago(-3_600_000));
    await db.execute(sql`
      INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at, used_at)
      VALUES (${userId}, 'recovery', 'mail-expired', ${ago(2 * RETENTION_MS.mailTokens)}, NULL),
             (${userId}, 'registration', 'mail-used', ${ago(-3_600_000)}, ${ago(2 * RETENTION_MS.mailTokens)}),
             (${userId}, 'change_email', 'mail-live', ${ago(-3_600_000)}, NULL)`);
    await db.execute(sql`
      INSERT INTO rate_limits (key, hits, window_started_at)
      VALUES ('clean-up:ip:spent', 3, ${ago(RETENTION_MS.rateLimits + 60_000)}),
             ('clean-up:ip:counting', 3, ${ago(60_000)})`);
    await db.execute(sql`
      INSERT INTO carts (world, token_hash, user_id, updated_at)
      VALUES ('de', 'cart-abandoned', NULL, ${ago(RETENTION_MS.anonymousCarts + 60_000)}),
             ('de', 'cart-recent', NULL, ${ago(60_000)}),
             ('de', NULL, ${userId}, ${ago(RETENTION_MS.anonymousCarts + 60_000)})`);

    const report = await cleanUpExpired({ batchSize: 10 });
    // 25 rows in batches of 10: 10, 10, 5.
    expect(report.sessions).toEqual({ deleted: 25, batches: 3 });
    expect(report.mailTokens.deleted).toBe(2);
    expect(report.rateLimits.deleted).toBeGreaterThanOrEqual(1);
    expect(report.anonymousCarts.deleted).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM access_tokens WHERE user_id = ${userId}`)).toBe(5);
    expect(
      (await db.execute<{ token_hash: string }>(sql`SELECT token_hash FROM account_tokens WHERE user_id = ${userId}`))
        .rows,
    ).toEqual([{ token_hash: 'mail-live' }]);
    expect(await count(sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'clean-up:%'`)).toBe(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM carts WHERE token_hash IN ('cart-recent') OR user_id = ${userId}`),
    ).toBe(2);

    // A run stops after its batches; the rest waits for the next run.
    await insertSessions('expired-again-', 25, ago(RETENTION_MS.sessions + 60_000));
    expect((await cleanUpExpired({ batchSize: 10, maxBatches: 2 })).sessions).toEqual({ deleted: 20, batches: 2 });
    expect((await cleanUpExpired({ batchSize: 10 })).sessions).toEqual({ deleted: 5, batches: 1 });
  });

  it('is queued once per period, whichever process asks', async () => {
    const id = periodJobId(cleanUpJob.name, Date.UTC(2026, 0, 1, 10));
    await enqueue(cleanUpJob, {}, { id });
    await enqueue(cleanUpJob, {}, { id });
    expect(await count(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${cleanUpJob.name}`)).toBe(1);
    expect(await drainJobs({ only: [cleanUpJob.name] })).toBe(1);
  });
});
