import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import { SETUP_LOCKS, withAdvisoryLock } from './advisory-lock';

/** Folder of the generated migrations. */
export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle');

/**
 * Applies every pending migration of `drizzle/` to the database at `url`; processes starting
 * together apply them one after another (the second finds nothing left to do).
 */
export async function runMigrations(url: string, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  await withAdvisoryLock(url, SETUP_LOCKS.migrations, async () => {
    const pool = new Pool({ connectionString: url, max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder });
    } finally {
      await pool.end();
    }
  });
}
