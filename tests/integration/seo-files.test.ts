import { GET as robots } from '@/app/robots.txt/route';
import { GET as sitemapIndex } from '@/app/sitemap.xml/route';
import { GET as sitemapFile } from '@/app/sitemaps/[world]/[file]/route';
import { pathFor } from '@/lib/routing/localized-routes';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 100 });
});
afterAll(() => database.stop());

const file = (world: string, name: string) =>
  sitemapFile(new Request('http://localhost/x'), { params: Promise.resolve({ world, file: name }) });

describe(`robots.txt and sitemaps on ${BACKEND}`, () => {
  it('robots.txt allows crawling and names the sitemap index', async () => {
    const text = await robots().text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  });

  it('the index lists per-world sitemaps of materials, authors and landings', async () => {
    const xml = await (await sitemapIndex()).text();
    for (const world of ['de', 'es', 'fr', 'gr', 'it']) {
      for (const kind of ['materials', 'authors', 'landings'])
        expect(xml).toContain(`/sitemaps/${world}/${kind}-1.xml`);
    }
    // Supplementary worlds have landing pages but no materials yet.
    expect(xml).toContain('/sitemaps/pl/landings-1.xml');
    expect(xml).not.toContain('/sitemaps/pl/materials-1.xml');
  });

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
    expect(xml).toContain(`${pathFor('fr', 'offers')}</loc>`);
    expect(pathFor('fr', 'offers')).not.toBe('/fr/angebote');
    expect(xml).toMatch(/\/fr\/[a-z-]+\/\d+\/[a-z0-9-]+<\/loc>/);
  });

  it('answers 404 for unknown files and pages past the end', async () => {
    expect((await file('it', 'materials-2.xml')).status).toBe(404);
    expect((await file('xx', 'materials-1.xml')).status).toBe(404);
    expect((await file('it', '../etc.xml')).status).toBe(404);
  });
});
