import { sql } from 'drizzle-orm';
import WorldPage from '@/app/[world]/[[...path]]/page';
import { getDb } from '@/lib/db/client';
import { IMPRINT } from '@/lib/legal/imprint';
import { pathFor, pathForRoute, type RouteParams } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { jsonLdItems, validateJsonLd } from '../support/schema-org';
import { renderHtml } from './support/render';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { messageText, translateInto } from './support/translations';

/**
 * The JSON-LD crawlers read on the public pages, as the pages render it through the catch-all
 * route against the seeded database, in German and in Greek: every item valid on schema.org
 * (tests/support/schema-org.ts), and saying what the page shows.
 */

type Item = Record<string, unknown>;

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

const db = () => getDb();
async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = (await db().execute<T>(query)).rows;
  if (!row) throw new Error('the seeded database has no such row');
  return row as T;
}

/** Renders a world's page as a visitor's path reaches it, and answers its HTML. */
async function render(world: WorldCode, path: string): Promise<string> {
  translateInto(getWorld(world).language);
  const segments = path.split('/').filter(Boolean).slice(1);
  return renderHtml(await WorldPage({ params: Promise.resolve({ world, path: segments }) }));
}

/** The page's JSON-LD items, after checking every one against schema.org. */
async function structuredDataOf(world: WorldCode, route: RouteId, params?: RouteParams): Promise<Item[]> {
  const items = jsonLdItems(await render(world, pathForRoute(world, route, params)));
  for (const item of items) expect(validateJsonLd(item)).toEqual([]);
  return items;
}

function only(items: Item[], type: string): Item {
  const matching = items.filter((item) => item['@type'] === type);
  expect(matching).toHaveLength(1);
  return matching[0]!;
}

const absolute = (world: WorldCode, route: RouteId, params?: RouteParams) =>
  getPublicOrigin() + pathForRoute(world, route, params);

describe.each(['de', 'gr'] as const)(`structured data of the %s world’s pages on ${BACKEND}`, (world) => {
  const language = getWorld(world).language;
  const siteName = () => messageText(language, 'common', 'siteName');

  it('home: the world’s WebSite with a search box on its localised search path, and the company', async () => {
    const items = await structuredDataOf(world, 'home');
    expect(items.map((item) => item['@type'])).toEqual(['WebSite', 'Organization']);
    expect(only(items, 'WebSite')).toMatchObject({
      name: siteName(),
      url: absolute(world, 'home'),
      inLanguage: getWorld(world).locale,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${absolute(world, 'search')}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(only(items, 'Organization')).toMatchObject({
      name: IMPRINT.name,
      vatID: IMPRINT.vatId,
      email: IMPRINT.email,
      telephone: IMPRINT.phone,
      address: { '@type': 'PostalAddress', streetAddress: IMPRINT.street, addressLocality: IMPRINT.city },
    });
  });

  it('a public author: a ProfilePage about the person, with what the profile shows', async () => {
    const author = await one<{ id: number; slug: string; public_name: string; image_path: string | null }>(sql`
      SELECT u.id, u.slug, u.public_name, u.image_path FROM users u JOIN author_profiles p ON p.user_id = u.id
      WHERE u.world = ${world} AND u.is_seller ORDER BY u.id LIMIT 1`);
    await db().execute(sql`
      UPDATE author_profiles SET private_profile = false, facebook_profile = NULL, pinterest_profile = NULL,
        instagram_profile = ${`kreide.${world}.test`}, description = ${'<p>Φύλλα εργασίας &amp; Spiele</p>'}
      WHERE user_id = ${author.id}`);
    const params = { id: String(author.id), slug: author.slug };
    for (const tab of ['materials', 'blog'] as const) {
      const page = only(
        await structuredDataOf(world, 'author', { ...params, tab: tab === 'materials' ? undefined : tab }),
        'ProfilePage',
      );
      expect(page.url).toBe(absolute(world, 'author', { ...params, tab: tab === 'materials' ? undefined : tab }));
      expect(page.mainEntity).toMatchObject({
        '@type': 'Person',
        name: author.public_name,
        url: absolute(world, 'author', params),
        description: 'Φύλλα εργασίας & Spiele',
        sameAs: [`https://www.instagram.com/kreide.${world}.test`],
        interactionStatistic: expect.arrayContaining([
          expect.objectContaining({ interactionType: 'https://schema.org/FollowAction' }),
        ]),
      });
      if (author.image_path)
        expect((page.mainEntity as Item).image).toBe(`${getPublicOrigin()}/media/${author.image_path}`);
    }
  });

  it('a private author: no structured data at all, nothing that describes the person', async () => {
    const author = await one<{ id: number; slug: string }>(sql`
      SELECT u.id, u.slug FROM users u JOIN author_profiles p ON p.user_id = u.id
      WHERE u.world = ${world} AND u.is_seller ORDER BY u.id OFFSET 1 LIMIT 1`);
    await db().execute(sql`
      UPDATE author_profiles SET private_profile = true, instagram_profile = 'privat.handle',
        description = '<p>Privat</p>' WHERE user_id = ${author.id}`);
    const html = await render(world, pathFor(world, 'author', { id: String(author.id), slug: author.slug }));
    expect(jsonLdItems(html)).toEqual([]);
    expect(html).not.toContain('privat.handle');
  });

  it('a hostile description cannot close the script: the JSON-LD stays one parseable block', async () => {
    const author = await one<{ id: number; slug: string }>(sql`
      SELECT u.id, u.slug FROM users u JOIN author_profiles p ON p.user_id = u.id
      WHERE u.world = ${world} AND u.is_seller ORDER BY u.id OFFSET 2 LIMIT 1`);
    const hostile = '</script><script>window.owned=1</script><!--';
    await db().execute(sql`
      UPDATE author_profiles SET private_profile = false,
        description = ${`<p>${hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`}
      WHERE user_id = ${author.id}`);
    const html = await render(world, pathFor(world, 'author', { id: String(author.id), slug: author.slug }));
    expect(html).not.toContain('<script>window.owned');
    const [page] = jsonLdItems(html);
    expect((page!.mainEntity as Item).description).toBe(hostile);
  });

  it.each([
    ['keyword-landing', 'keywords', 'title'],
    ['lesson-landing', 'lessons', 'title'],
    ['school-landing', 'schools', 'name'],
  ] as const)('%s: a breadcrumb trail from home to the landing, in the world’s words', async (kind, table, column) => {
    const row = await one<{ id: number; slug: string; title: string }>(sql`
      SELECT id, slug, ${sql.raw(column)} AS title FROM ${sql.raw(table)} WHERE world = ${world} ORDER BY id LIMIT 1`);
    const params =
      kind === 'school-landing'
        ? { school: row.slug, id: String(row.id), slug: [] }
        : { id: String(row.id), slug: [row.slug] };
    const trail = only(await structuredDataOf(world, kind, params), 'BreadcrumbList');
    const heading = messageText(language, 'landing', `${kind}.title`).replace('{title}', row.title);
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: siteName(), item: absolute(world, 'home') },
      { '@type': 'ListItem', position: 2, name: heading, item: absolute(world, kind, params) },
    ]);
  });

  it.each(['offers', 'recommendations'] as const)('%s: a breadcrumb trail from home to the list', async (route) => {
    const trail = only(await structuredDataOf(world, route), 'BreadcrumbList');
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: siteName(), item: absolute(world, 'home') },
      {
        '@type': 'ListItem',
        position: 2,
        name: messageText(language, 'meta', `routes.${route}.title`),
        item: absolute(world, route),
      },
    ]);
  });

  it('material: its Product and BreadcrumbList are valid too', async () => {
    const material = await one<{ id: number; slug: string }>(sql`
      SELECT id, slug FROM materials WHERE world = ${world} AND is_active AND deleted_at IS NULL ORDER BY id LIMIT 1`);
    const items = await structuredDataOf(world, 'material', { id: String(material.id), slug: material.slug });
    expect(items.map((item) => item['@type'])).toEqual(['Product', 'BreadcrumbList']);
  });
});
