import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { Client } from 'pg';
import { invalidateAuthor, startCacheListener, stopCacheListener } from '@/lib/cache';
import { authorFootprintTags, authorListTags, materialFootprintTags } from '@/lib/cache/footprint';
import { CacheListener } from '@/lib/cache/listener';
import { expiredAt, isExpired, resetTagStore } from '@/lib/cache/tag-store.cjs';
import { TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { getPageStore } from '@/lib/http/page-store';
import { pathFor } from '@/lib/routing/localized-routes';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
let sellerId: number;
let sellerMaterials: { id: number; world: string }[];
let otherMaterial: { id: number; authorId: number; world: string };

/** A public page filed under the tags its render read. */
const page = (...tags: string[]) => ({
  status: 200,
  headers: {},
  page: { template: { segments: [Buffer.from('<html></html>')] }, gzip: null },
  ttlMs: 300_000,
  tags,
});
const materialKey = (id: number) => `localhost:3000|${pathFor('de', 'material', { id: String(id), slug: 'x' })}|gzip`;

/** Resolves once `check` holds, or fails after `ms`. */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  const [seller] = await getDb()
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, DEMO_ACCOUNTS.seller));
  sellerId = seller!.id;
  sellerMaterials = await getDb()
    .select({ id: t.materials.id, world: t.materials.world })
    .from(t.materials)
    .where(eq(t.materials.authorId, sellerId));
  const [other] = await getDb()
    .select({ id: t.materials.id, authorId: t.materials.authorId, world: t.materials.world })
    .from(t.materials)
    .where(and(ne(t.materials.authorId, sellerId), eq(t.materials.world, 'de')))
    .limit(1);
  otherMaterial = other!;
});
afterAll(() => database.stop());
beforeEach(() => {
  resetTagStore();
  getPageStore().purgeAll();
});

describe(`cache invalidation on ${BACKEND}`, () => {
  it("finds where an author's name appears: each of their materials and posts, their followers' lists, their worlds", async () => {
    const posts = await getDb()
      .select({ id: t.blogPosts.id })
      .from(t.blogPosts)
      .where(eq(t.blogPosts.authorId, sellerId));
    const followers = await getDb()
      .select({ id: t.authorFollows.followerId })
      .from(t.authorFollows)
      .where(eq(t.authorFollows.authorId, sellerId));
    expect(sellerMaterials.length).toBeGreaterThan(0);
    const tags = await authorFootprintTags(sellerId);
    expect(tags).toEqual(
      expect.arrayContaining([
        ...sellerMaterials.map((m) => TAGS.material(m.id)),
        ...posts.map((p) => TAGS.blogPost(p.id)),
        ...followers.map((f) => TAGS.followList(f.id)),
        TAGS.world('de'),
        TAGS.landings,
      ]),
    );
    expect(tags).not.toContain(TAGS.material(otherMaterial.id));
  });

  it("finds the lists an author is on whatever changed: their world's popular authors", async () => {
    expect(await authorListTags(sellerId)).toEqual([TAGS.popularAuthors('de')]);
    expect(await authorListTags(2_000_000_000)).toEqual([]);
  });

  it("finds where a material appears: its author's and its world's lists", async () => {
    expect(await materialFootprintTags(otherMaterial.id)).toEqual(
      expect.arrayContaining([TAGS.author(otherMaterial.authorId), TAGS.world(otherMaterial.world)]),
    );
    expect(await materialFootprintTags(2_000_000_000)).toEqual([]);
  });

  it("drops the author's material pages on a new name, and keeps other authors' pages", async () => {
    const mine = materialKey(sellerMaterials[0]!.id);
    const theirs = materialKey(otherMaterial.id);
    getPageStore().set('public', mine, page(TAGS.material(sellerMaterials[0]!.id)));
    getPageStore().set('public', theirs, page(TAGS.material(otherMaterial.id)));
    const before = Date.now() - 1;
    await invalidateAuthor(sellerId, { catalogue: true });
    expect(getPageStore().get('public', mine)).toBeUndefined();
    expect(getPageStore().get('public', theirs)).toBeDefined();
    expect(isExpired([TAGS.material(sellerMaterials[0]!.id)], before)).toBe(true);
    expect(expiredAt(TAGS.material(otherMaterial.id))).toBeUndefined();
  });

  if (BACKEND === 'postgres') {
    describe('between processes, through PostgreSQL LISTEN/NOTIFY', () => {
      const listeners: CacheListener[] = [];
      afterEach(async () => {
        await Promise.all(listeners.splice(0).map((listener) => listener.stop()));
        await stopCacheListener();
      });

      function listener(received: string[][], options: { onGap?: () => void; channel?: string } = {}) {
        const created = new CacheListener({
          databaseUrl: database.url,
          channel: options.channel,
          onTags: (tags) => received.push(tags),
          onGap: options.onGap,
          log: () => {},
        });
        listeners.push(created);
        return created;
      }

      it("carries one process's invalidation to the other, and not back to itself", async () => {
        const atA: string[][] = [];
        const atB: string[][] = [];
        const a = listener(atA);
        const b = listener(atB);
        await Promise.all([a.start(), b.start()]);
        const sent = Date.now();
        await a.publish([TAGS.author(7), TAGS.followList(7)]);
        await eventually(() => atB.length > 0, 2000);
        expect(atB).toEqual([[TAGS.author(7), TAGS.followList(7)]]);
        expect(Date.now() - sent).toBeLessThan(2000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(atA).toEqual([]);
      });

      it('carries a large invalidation whole, in several messages', async () => {
        const atB: string[][] = [];
        const a = listener([]);
        const b = listener(atB);
        await Promise.all([a.start(), b.start()]);
        const tags = Array.from({ length: 3000 }, (_, i) => TAGS.material(i + 1));
        await a.publish(tags);
        await eventually(() => atB.flat().length === tags.length);
        expect(atB.length).toBeGreaterThan(1);
        expect(atB.flat()).toEqual(tags);
      });

      it("applies another process's invalidation to this process's Next cache and HTML cache", async () => {
        await startCacheListener(database.url);
        const otherProcess = listener([]);
        await otherProcess.start();
        const mine = materialKey(sellerMaterials[0]!.id);
        getPageStore().set('public', mine, page(TAGS.material(sellerMaterials[0]!.id)));
        const before = Date.now() - 1;
        await otherProcess.publish([TAGS.material(sellerMaterials[0]!.id)]);
        await eventually(() => getPageStore().get('public', mine) === undefined);
        expect(isExpired([TAGS.material(sellerMaterials[0]!.id)], before)).toBe(true);
      });

      it('listens again after losing its connection, and counts everything as changed meanwhile', async () => {
        const channel = `kreide_cache_${crypto.randomBytes(4).toString('hex')}`;
        let gaps = 0;
        const atB: string[][] = [];
        const a = listener([], { channel });
        const b = listener(atB, { channel, onGap: () => gaps++ });
        await Promise.all([a.start(), b.start()]);
        const admin = new Client({ connectionString: database.url });
        await admin.connect();
        try {
          const { rowCount } = await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1',
            [`LISTEN ${channel}`],
          );
          expect(rowCount).toBe(2);
        } finally {
          await admin.end();
        }
        await eventually(() => gaps === 1 && b.listening && a.listening, 5000);
        await a.publish([TAGS.world('de')]);
        await eventually(() => atB.length === 1);
        expect(atB).toEqual([[TAGS.world('de')]]);
      });
    });
  } else {
    it('stays in this process on the embedded database: no listener, nothing sent', async () => {
      // pglite-socket does not route NOTIFY between its clients; one process is all there is.
      const before = Date.now() - 1;
      await expect(invalidateAuthor(sellerId)).resolves.toBeUndefined();
      expect(isExpired([TAGS.author(sellerId)], before)).toBe(true);
    });
  }
});
