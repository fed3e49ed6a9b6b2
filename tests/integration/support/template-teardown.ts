/**
 * Jest's global teardown: removes this run's template databases, any copy a crashed file left
 * behind, and their folders (see template-setup.ts). Only this run's: other runs on the same
 * PostgreSQL have other run ids.
 */
import fs from 'node:fs';
import { Client } from 'pg';
import { TEMPLATES_ENV, readTemplateManifest, runDatabasePrefix } from './templates';

export default async function templateTeardown(): Promise<void> {
  const root = process.env[TEMPLATES_ENV];
  if (!root) return;
  const manifest = readTemplateManifest();
  const admin = process.env.TEST_DATABASE_URL;
  if (manifest?.backend === 'postgres' && admin) {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      const prefix = runDatabasePrefix(manifest.runId);
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) {
        await client.query(`ALTER DATABASE ${datname} IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    } finally {
      await client.end();
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
  delete process.env[TEMPLATES_ENV];
}
