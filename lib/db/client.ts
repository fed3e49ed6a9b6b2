import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { processWide } from '@/lib/process-wide.cjs';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

/** A database or an open transaction on it: writes that must commit together take one. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

interface Connection {
  url: string;
  pool: Pool;
  db: Database;
}

// Next bundles route code separately from server.ts: one pool per process, whichever graph asks.
const slot = processWide('database', (): { connection?: Connection } => ({}));

/**
 * The URL the app talks to: set by server.ts once the embedded database (or DATABASE_URL)
 * is known. Reading it lazily keeps `next build` from ever opening a database.
 */
export function getDatabaseUrl(): string {
  const url = process.env.KREIDE_RUNTIME_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('No database configured: start Kreide through server.ts (npm start).');
  return url;
}

/** The process-wide Drizzle database. */
export function getDb(): Database {
  const url = getDatabaseUrl();
  if (slot.connection?.url === url) return slot.connection.db;
  // PGlite answers one query at a time whatever the pool size; PostgreSQL gets a real pool.
  const pool = new Pool({ connectionString: url, max: url.includes('127.0.0.1') ? 8 : 20 });
  pool.on('error', (error) => console.error('database pool error:', error.message));
  const db = drizzle(pool, { schema });
  slot.connection = { url, pool, db };
  return db;
}

/** The pool behind getDb() (tests watch the statements sent through it). */
export function getPool(): Pool {
  getDb();
  return slot.connection!.pool;
}

/** Closes the pool (tests and shutdown). */
export async function closeDb(): Promise<void> {
  const current = slot.connection;
  slot.connection = undefined;
  await current?.pool.end();
}
