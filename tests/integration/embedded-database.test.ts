import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
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

  it('takes over a lock left by a process that no longer runs', () => {
    fs.writeFileSync(path.join(dir, 'kreide.lock'), '999999999');
    const release = acquireDatabaseLock(dir);
    expect(fs.readFileSync(path.join(dir, 'kreide.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDatabaseLock(dir)).toThrow(DatabaseInUseError);
    release();
    expect(fs.existsSync(path.join(dir, 'kreide.lock'))).toBe(false);
  });
});
