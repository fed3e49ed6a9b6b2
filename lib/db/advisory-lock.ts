import { Client } from 'pg';

/**
 * Runs `work` while holding PostgreSQL's session advisory lock named `name`, taken on a connection
 * of its own, so that processes starting together against one database (a rolling deploy, two
 * processes behind one address) do their set-up one after another. Without it two processes
 * applying the same migration, or creating pg-boss's queue tables in different orders, fail with
 * "already exists" or "deadlock detected".
 *
 * `work` must not take the same lock again: another connection would wait for this one forever.
 * On the embedded PGlite every connection shares one session, so the lock never blocks there
 * (and it need not: there is exactly one process).
 */
export async function withAdvisoryLock<T>(url: string, name: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'kreide-setup-lock' });
  await client.connect();
  try {
    // hashtext maps the name to the lock's integer key; the name is ours, never a request's.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await client.end();
  }
}

/** The lock names of the set-up steps; one place, so no two steps share a name by accident. */
export const SETUP_LOCKS = {
  migrations: 'kreide:migrations',
  jobQueue: 'kreide:job-queue',
} as const;
