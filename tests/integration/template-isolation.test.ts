import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { LocalFileStorage } from '@/lib/storage/storage';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { readTemplateManifest } from './support/templates';

/** Every file under a folder, relative to it. */
function filesUnder(folder: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(folder, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
    );
}

const filesOf = (database: TestDatabase) => new LocalFileStorage(path.join(database.dataDir, 'files'));

const userCount = async () =>
  (await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`)).rows[0]!.n;

// Each integration file starts from a copy of this run's seeded template: what one
// file's tests change must never reach the template or another file's copy. It asks for 60
// materials, the size most files share, so it adds no template of its own to the run.
describe(`copies of the seeded test template on ${BACKEND}`, () => {
  let second: TestDatabase | undefined;
  afterAll(() => second?.stop());

  it('are made from one template per run when Jest runs with its global setup', () => {
    const manifest = readTemplateManifest();
    expect(manifest?.backend).toBe(BACKEND);
    expect(manifest!.templates['60']).toMatchObject({ materials: 60 });
  });

  it("never see a change that another copy's tests made, in the database or among the files", async () => {
    const first = await startTestDatabase({ seedMaterials: 60 });
    const template = readTemplateManifest()!.templates['60']!;
    let changed: { id: number; title: string };
    let users: number;
    try {
      expect((await getDb().select({ id: t.materials.id }).from(t.materials)).length).toBe(60);
      const [material] = await getDb().select().from(t.materials).orderBy(t.materials.id).limit(1);
      changed = { id: material!.id, title: material!.title };
      users = await userCount();
      await getDb()
        .update(t.materials)
        .set({ title: 'Changed by the first copy' })
        .where(eq(t.materials.id, changed.id));
      await getDb()
        .insert(t.users)
        .values({ slug: 'first-copy-only', email: 'first-copy@example.test', publicName: 'First copy' });
      await filesOf(first).put('uploads/first-copy-only.txt', 'only in the first copy');
      expect(await userCount()).toBe(users + 1);

      // The seeded files are links to the template's (never rewritten); database files are
      // written in place, so they are copies, never links.
      const seeded = filesUnder(template.filesDir);
      expect(seeded.length).toBeGreaterThan(0);
      for (const file of seeded.slice(0, 20)) {
        expect(fs.statSync(path.join(first.dataDir, 'files', file)).ino).toBe(
          fs.statSync(path.join(template.filesDir, file)).ino,
        );
      }
      if (BACKEND === 'pglite') {
        const inTemplate = new Set(
          filesUnder(template.dbDir!).map((file) => fs.statSync(path.join(template.dbDir!, file)).ino),
        );
        const copied = filesUnder(path.join(first.dataDir, 'db'));
        expect(copied.length).toBeGreaterThan(100);
        for (const file of copied)
          expect(inTemplate.has(fs.statSync(path.join(first.dataDir, 'db', file)).ino)).toBe(false);
      }
    } finally {
      await first.stop();
    }

    second = await startTestDatabase({ seedMaterials: 60 });
    expect(second.url).not.toBe(first.url);
    const [material] = await getDb().select().from(t.materials).where(eq(t.materials.id, changed.id));
    expect(material!.title).toBe(changed.title);
    expect((await getDb().select({ id: t.materials.id }).from(t.materials)).length).toBe(60);
    expect(await userCount()).toBe(users);
    expect(await getDb().select().from(t.users).where(eq(t.users.slug, 'first-copy-only'))).toEqual([]);
    expect(await filesOf(second).read('uploads/first-copy-only.txt')).toBeNull();
    for (const file of filesUnder(template.filesDir).slice(0, 20)) {
      expect(await filesOf(second!).read(file)).toEqual(fs.readFileSync(path.join(template.filesDir, file)));
    }
  });
});
