import { GET as robots } from '@/app/robots.txt/route';
import { GET as sitemapIndex } from '@/app/sitemap.xml/route';
import { GET as sitemapFile } from '@/app/sitemaps/[world]/[file]/route';
import { sql } from 'drizzle-orm';
import { hasFinishedPage } from '@/components/pages/finished-pages';
import { getDb } from '@/lib/db/client';
import { pathFor } from '@/lib/routing/localized-routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { listSitemapEntries, listSitemapFiles, SITEMAP_KINDS, type SitemapKind } from '@/lib/seo/sitemaps';
import { combinedMeta, startCrawlerDoor } from './support/crawler';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
let door: Awaited<ReturnType<typeof startCrawlerDoor>>;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 100 });
  door = await startCrawlerDoor();
});
afterAll(async () => {
  await door?.stop();
  await database.stop();
});

const file = (world: string, name: string) =>
  sitemapFile(new Request('http://localhost/x'), { params: Promise.resolve({ world, file: name }) });

describe(`robots.txt and sitemaps on ${BACKEND}`, () => {
  it('robots.txt allows crawling and names the sitemap index', async () => {
    const text = await robots().text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  });

  it('the index lists per-world sitemaps of materials, authors, blog posts and landings', async () => {
    const xml = await (await sitemapIndex()).text();
    for (const world of ['de', 'es', 'fr', 'gr', 'it']) {
      for (const kind of ['materials', 'authors', 'posts', 'landings'])
        expect(xml).toContain(`/sitemaps/${world}/${kind}-1.xml`);
    }
    // Supplementary worlds have landing pages but no materials yet.
    expect(xml).toContain('/sitemaps/pl/landings-1.xml');
    expect(xml).not.toContain('/sitemaps/pl/materials-1.xml');
    expect(xml).not.toContain('/sitemaps/pl/posts-1.xml');
  });

  it('a posts sitemap lists the world’s published blog posts, and no draft', async () => {
    const [published] = (
      await getDb().execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM blog_posts WHERE world = 'es' AND status = 'published' AND published_at IS NOT NULL`,
      )
    ).rows;
    const [draft] = (
      await getDb().execute<{ id: number }>(sql`
        INSERT INTO blog_posts (author_id, world, title, body, status, published_at)
        SELECT id, 'es', 'Borrador', '<p>x</p>', 'draft', NULL FROM users WHERE is_seller AND world = 'es' ORDER BY id LIMIT 1
        RETURNING id`)
    ).rows;
    const xml = await (await file('es', 'posts-1.xml')).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(published!.n).toBeGreaterThan(0);
    expect(paths).toHaveLength(published!.n);
    for (const path of paths) expect(path).toMatch(/^\/es\/[a-z-]+\/\d+$/);
    expect(paths).not.toContain(pathFor('es', 'blog-post', { id: String(draft!.id) }));
  });

  it('splits a kind into files of at most the limit, which the index names and together list everything once', async () => {
    const options = { isFinished: hasFinishedPage };
    const limit = 3;
    const files = await listSitemapFiles({ ...options, urlLimit: limit });
    for (const kind of SITEMAP_KINDS) {
      const whole = await listSitemapEntries('it', kind, 1, options);
      expect(whole.length).toBeGreaterThan(limit);
      const parts = Math.ceil(whole.length / limit);
      const joined: string[] = [];
      for (let page = 1; page <= parts; page++) {
        expect(files).toContain(`/sitemaps/it/${kind}-${page}.xml`);
        const entries = await listSitemapEntries('it', kind, page, { ...options, urlLimit: limit });
        expect(entries.length).toBe(page < parts ? limit : whole.length - limit * (parts - 1));
        joined.push(...entries.map((e) => e.path));
      }
      expect(files).not.toContain(`/sitemaps/it/${kind}-${parts + 1}.xml`);
      expect(await listSitemapEntries('it', kind, parts + 1, { ...options, urlLimit: limit })).toEqual([]);
      expect(joined).toEqual(whole.map((e) => e.path));
      expect(new Set(joined).size).toBe(joined.length);
    }
    // The real limit keeps the demo in one file per kind.
    expect(await listSitemapFiles(options)).toContain('/sitemaps/it/materials-1.xml');
    expect(await listSitemapFiles(options)).not.toContain('/sitemaps/it/materials-2.xml');
  });

  it.each(['de', 'gr', 'pl'] as const)(
    'a sample of every sitemap of %s answers 200, indexable by header and meta, and self-canonical',
    async (world) => {
      const index = await (await sitemapIndex()).text();
      const files = [...index.matchAll(new RegExp(`/sitemaps/${world}/([a-z]+)-(\\d+)\\.xml<`, 'g'))];
      expect(files.length).toBeGreaterThan(0);
      for (const [, kind, page] of files) {
        const entries = await listSitemapEntries(world, kind as SitemapKind, Number(page), {
          isFinished: hasFinishedPage,
        });
        expect(entries.length).toBeGreaterThan(0);
        const sample = new Set([entries[0]!, entries[Math.floor(entries.length / 2)]!, entries[entries.length - 1]!]);
        for (const { path } of sample) {
          const crawled = await door.crawl(path);
          expect({ path, status: crawled.status }).toEqual({ path, status: 200 });
          expect({ path, header: crawled.header, meta: combinedMeta(crawled.metas) }).toEqual({
            path,
            header: 'index, follow',
            meta: 'index, follow',
          });
          expect(crawled.canonical).toBe(getPublicOrigin() + path);
        }
      }
    },
  );

  it('a materials sitemap lists the world’s materials under their localised paths', async () => {
    const response = await file('it', 'materials-1.xml');
    expect(response.status).toBe(200);
    const xml = await response.text();
    const urls = xml.match(/<loc>[^<]+<\/loc>/g) ?? [];
    expect(urls).toHaveLength(20);
    urls.forEach((u) => expect(u).toMatch(/\/it\/materiale\/\d+\/[a-z0-9-]+<\/loc>/));
  });

  it('a landings sitemap uses the world’s words', async () => {
    const xml = await (await file('fr', 'landings-1.xml')).text();
    expect(xml).toContain(`${pathFor('fr', 'home')}</loc>`);
    const keywordWord = pathFor('fr', 'keyword-landing', { id: '1' }).split('/')[2]!;
    expect(keywordWord).not.toBe('tema');
    expect(xml).toMatch(new RegExp(`/fr/${keywordWord}/\\d+/[a-z0-9-]+</loc>`));
  });

  it('answers 404 for unknown files and pages past the end', async () => {
    expect((await file('it', 'materials-2.xml')).status).toBe(404);
    expect((await file('xx', 'materials-1.xml')).status).toBe(404);
    expect((await file('it', '../etc.xml')).status).toBe(404);
  });
});
