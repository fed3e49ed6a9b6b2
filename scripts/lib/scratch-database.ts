/**
 * Databases of their own for measurement scripts: a fresh database on a PostgreSQL server,
 * dropped afterwards, or the embedded PGlite in a process of its own (as server.ts runs it).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { spawnEmbeddedDatabase } from '@/lib/db/embedded/spawn';

async function runAsAdmin(serverUrl: string, query: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A new database `<prefix>_<random>` on the server of `serverUrl`, and how to drop it again. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await runAsAdmin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAsAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * With DATABASE_URL, a scratch database on that PostgreSQL; without it, the embedded database in
 * `dir/db`. `close` drops or stops it.
 */
export async function openBenchDatabase(
  prefix: string,
  dir: string,
): Promise<{ url: string; onPostgres: boolean; close(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const scratch = await createScratchDatabase(server, prefix);
    return { url: scratch.url, onPostgres: true, close: scratch.drop };
  }
  const embedded = await spawnEmbeddedDatabase(path.join(dir, 'db'));
  return { url: embedded.url, onPostgres: false, close: () => embedded.stop() };
}
