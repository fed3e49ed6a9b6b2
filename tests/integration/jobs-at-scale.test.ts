/**
 * Jobs over many rows against a real database: a fan-out to 50,000 recipients walks them in
 * bounded batches and bears a retried batch.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { FAN_OUT_BATCH } from '@/lib/jobs/fan-out';
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
