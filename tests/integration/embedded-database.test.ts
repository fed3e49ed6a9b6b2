import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { acquireDatabaseLock, DatabaseInUseError } from '@/lib/db/embedded/lock';
import { spawnEmbeddedDatabase } from '@/lib/db/embedded/spawn';
import { runMigrations } from '@/lib/db/migrate';

describe('the embedded database (PGlite in its own process)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-embedded-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('applies the migrations, keeps rows across a restart, and refuses a second owner', async () => {
    const first = await spawnEmbeddedDatabase(dir);
    try {
      await runMigrations(first.url);
      const client = new Client({ connectionString: first.url });
      await client.connect();
      await client.query(`INSERT INTO users (slug, email, public_name) VALUES ('a', 'a@example.test', 'A')`);
      const tables = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
      );
      expect(tables.rows[0]!.n).toBeGreaterThanOrEqual(20);
      await client.end();

      await expect(spawnEmbeddedDatabase(dir)).rejects.toThrow(
        /already open in process \d+.*Stop the other Kreide process/s,
      );
    } finally {
      await first.stop();
    }

    const again = await spawnEmbeddedDatabase(dir);
    try {
      await runMigrations(again.url); // idempotent
      const client = new Client({ connectionString: again.url });
      await client.connect();
      const rows = await client.query(`SELECT email FROM users`);
      expect(rows.rows).toEqual([{ email: 'a@example.test' }]);
      await client.end();
    } finally {
      await again.stop();
    }
  });

  it('answers concurrent parameterised queries and transactions on many connections correctly', async () => {
    const embedded = await spawnEmbeddedDatabase(dir);
    const pool = new Pool({ connectionString: embedded.url, max: 8 });
    try {
      await pool.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
      await pool.query('INSERT INTO counters VALUES (1, 0)');
      // Queries with different parameter counts at once: each must get its own statement.
      const sums = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          i % 2
            ? pool.query<{ v: number }>('SELECT $1::int + $2::int AS v', [i, 1000])
            : pool.query<{ v: number }>('SELECT $1::int AS v', [i]),
        ),
      );
      expect(sums.map((result) => result.rows[0]!.v)).toEqual(
        Array.from({ length: 120 }, (_, i) => (i % 2 ? i + 1000 : i)),
      );
      // Transactions interleaved with plain queries; a failing statement does not stop the rest.
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          if (i % 10 === 0) await expect(pool.query('SELECT $1::int / 0', [i])).rejects.toThrow(/division by zero/);
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query('UPDATE counters SET n = n + $1 WHERE id = $2', [1, 1]);
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        }),
      );
      expect((await pool.query<{ n: number }>('SELECT n FROM counters WHERE id = $1', [1])).rows[0]!.n).toBe(40);
    } finally {
      await pool.end();
      await embedded.stop();
    }
  });

  it('takes over a lock left by a process that no longer runs', () => {
    fs.writeFileSync(path.join(dir, 'kreide.lock'), '999999999');
    const release = acquireDatabaseLock(dir);
    expect(fs.readFileSync(path.join(dir, 'kreide.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDatabaseLock(dir)).toThrow(DatabaseInUseError);
    release();
    expect(fs.existsSync(path.join(dir, 'kreide.lock'))).toBe(false);
  });
});
