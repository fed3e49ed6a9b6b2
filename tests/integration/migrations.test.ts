import { Client } from 'pg';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe(`migrations on ${BACKEND}`, () => {
  it('create every table of the schema with its constraints', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const tables = (
        await client.query<{ tablename: string }>(
          `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
        )
      ).rows.map((r) => r.tablename);
      expect(tables).toEqual(
        expect.arrayContaining([
          'users',
          'author_profiles',
          'author_domains',
          'materials',
          'material_files',
          'material_previews',
          'subjects',
          'grades',
          'learning_years',
          'material_types',
          'keywords',
          'lessons',
          'schools',
          'blog_posts',
          'bundle_items',
        ]),
      );
      await client.query(`INSERT INTO users (slug, email, public_name) VALUES ('a', 'x@example.test', 'A')`);
      await expect(
        client.query(`INSERT INTO users (slug, email, public_name) VALUES ('b', 'x@example.test', 'B')`),
      ).rejects.toThrow(/users_email_unique/);
    } finally {
      await client.end();
    }
  });
});
