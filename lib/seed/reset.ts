import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

/** Empties every table of the schema and restarts their ids, before a fresh demo seed. */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = await db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const names = tables.rows.map((r) => `"${r.tablename}"`);
  if (names.length) await db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`));
}
