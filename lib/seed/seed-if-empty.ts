import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { getStorage } from '@/lib/storage/storage';
import { seedDemoCatalogue } from './seed';

/** Seeds the demo catalogue when the database has no users yet. */
export async function seedIfEmpty(options: { materials: number; log?: (m: string) => void }): Promise<boolean> {
  const db = getDb();
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
  if ((result.rows[0]?.n ?? 0) > 0) return false;
  options.log?.(`empty database: loading the demo catalogue (${options.materials} materials)…`);
  const summary = await seedDemoCatalogue(db, getStorage(), options);
  options.log?.(
    `demo catalogue ready: ${summary.materials} materials, ${summary.users} users in ${(summary.milliseconds / 1000).toFixed(1)} s`,
  );
  return true;
}
