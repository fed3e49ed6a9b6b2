import { sql } from 'drizzle-orm';
import { GET as sitemapIndex } from '@/app/sitemap.xml/route';
import { GET as sitemapFile } from '@/app/sitemaps/[world]/[file]/route';
import { footerLinks, Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { hasFinishedPage, linksToFinishedPage, listPlaceholderRoutes } from '@/components/pages/finished-pages';
import { PUBLIC_VIEWS } from '@/components/pages/registry';
import { PUBLIC_VIEW_IDS } from '@/components/pages/view-ids';
import { getDb } from '@/lib/db/client';
import { matchRoute, pathFor, pathForRoute, type RouteParams } from '@/lib/routing/localized-routes';
import { ROUTES, type Route } from '@/lib/routing/routes';
import { robotsHeaderValue } from '@/lib/seo/page-metadata';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { combinedMeta, startCrawlerDoor, type CrawledPage } from './support/crawler';
import { renderHtml } from './support/render';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { translateInto } from './support/translations';

/**
 * What search engines are told, on every class of route: public pages (finished, placeholders,
 * and those whose robots depend on their data), account, shopping, cabinet, school and admin
 * pages. Each page is loaded through the front door as a crawler loads it
 * (support/crawler.ts): the X-Robots-Tag header and the robots meta tags must say the same.
 */

const WORLDS: WorldCode[] = ['de', 'gr'];

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

const db = () => getDb();
async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = (await db().execute<T>(query)).rows;
  if (!row) throw new Error('the seeded database has no such row');
  return row as T;
}

/** A value for each required param of a route's pattern: a row id for ids, a word otherwise. */
function sampleParams(route: Route): RouteParams {
  const params: RouteParams = {};
  for (const part of route.de.split('/')) {
    if (!part.startsWith(':') || part.endsWith('?') || part.endsWith('*')) continue;
    const name = part.slice(1);
    params[name] = /id$/i.test(name) ? '1' : 'beispiel';
  }
  return params;
}

/** The header and the meta tags of a page agree, and say `expected`. */
function expectRobots(page: CrawledPage, expected: string, what: string) {
  expect({ what, header: page.header, meta: combinedMeta(page.metas) }).toEqual({
    what,
    header: expected,
    meta: expected,
  });
}

/** The paths every sitemap of a world lists, read through the sitemap routes. */
async function sitemapPathsOf(world: WorldCode): Promise<string[]> {
  const index = await (await sitemapIndex()).text();
  const files = [...index.matchAll(/<loc>[^<]*\/sitemaps\/([a-z]{2})\/([a-z]+-\d+\.xml)<\/loc>/g)].filter(
    (m) => m[1] === world,
  );
  expect(files.length).toBeGreaterThan(0);
  const paths: string[] = [];
  for (const [, fileWorld, file] of files) {
    const response = await sitemapFile(new Request('http://localhost/x'), {
      params: Promise.resolve({ world: fileWorld!, file: file! }),
    });
    expect(response.status).toBe(200);
    for (const [, url] of (await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(url!).pathname);
  }
  return paths;
}

/** Every link of a piece of HTML that stays on the site. */
const hrefsOf = (html: string) => [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe(`robots on every class of route (${BACKEND})`, () => {
  describe('placeholders: public routes whose page is not built yet', () => {
    const placeholders = listPlaceholderRoutes();

    it('are exactly the public routes without a view, read from the registry', () => {
      expect(placeholders.length).toBeGreaterThan(0);
      for (const route of placeholders) {
        expect(route.area).toBe('public');
        expect(Object.hasOwn(PUBLIC_VIEWS, route.id)).toBe(false);
      }
      // The plain list of ids (view-ids.ts, what code outside Next reads) is the registry's.
      expect(Object.keys(PUBLIC_VIEWS).sort()).toEqual([...PUBLIC_VIEW_IDS].sort());
      // A route leaves the list the moment it has a view.
      const first = placeholders[0]!;
      expect(listPlaceholderRoutes((id) => id === first.id || hasFinishedPage(id))).not.toContainEqual(first);
    });

    it.each(WORLDS)(
      'answer 200 with noindex, follow as header and meta, and no sitemap lists them (%s)',
      async (world) => {
        const listed = new Set(
          (await sitemapPathsOf(world)).map((path) => matchRoute(world, path.split('/').slice(2))?.route.id),
        );
        for (const route of placeholders) {
          const path = pathForRoute(world, route.id, sampleParams(route));
          expect(matchRoute(world, path.split('/').slice(2))?.route.id).toBe(route.id);
          const page = await door.crawl(path);
          expect({ path, status: page.status }).toEqual({ path, status: 200 });
          expect(page.html).toContain(`data-route="${route.id}"`);
          expectRobots(page, 'noindex, follow', path);
          expect({ route: route.id, listed: listed.has(route.id) }).toEqual({ route: route.id, listed: false });
        }
      },
    );

    it.each(WORLDS)('are not linked from the header, the footer or the home page (%s)', async (world) => {
      translateInto(getWorld(world).language);
      const home = await door.crawl(pathFor(world, 'home'));
      expect(home.status).toBe(200);
      const html = [
        await renderHtml(await Header({ world: getWorld(world) })),
        await renderHtml(await Footer({ world: getWorld(world) })),
        home.html,
      ].join('');
      const links = hrefsOf(html);
      expect(links.length).toBeGreaterThan(10);
      for (const href of links) {
        const route = matchRoute(world, href.split(/[?#]/)[0]!.split('/').slice(2))?.route;
        expect({ href, placeholder: !!route && route.area === 'public' && !hasFinishedPage(route.id) }).toEqual({
          href,
          placeholder: false,
        });
      }
    });

    it('the footer links a legal page, the imprint and an info page again once its page is built', () => {
      const all = footerLinks('de', () => true);
      expect(all.legal.map((link) => link.href)).toContain(`${pathFor('de', 'terms')}#termsAndConditions`);
      expect(all.imprint).toBe(pathFor('de', 'imprint'));
      expect(all.info.map((link) => link.id)).toEqual(['help', 'faq', 'team', 'jobs', 'foundation']);

      const withoutTerms = footerLinks('de', (id) => id !== 'terms' && id !== 'help');
      expect(withoutTerms.legal.filter((link) => link.href.startsWith(pathFor('de', 'terms')))).toEqual([]);
      expect(withoutTerms.info.map((link) => link.id)).toEqual(['faq', 'team', 'jobs', 'foundation']);

      // As this build has it: a link is there exactly when its page is finished.
      const now = footerLinks('gr');
      expect(now.imprint !== null).toBe(hasFinishedPage('imprint'));
      expect(now.info.map((link) => link.id)).toEqual(
        (['help', 'faq', 'team', 'jobs', 'foundation'] as const).filter((id) => hasFinishedPage(id)),
      );
      for (const link of now.legal) expect(linksToFinishedPage('gr', link.href)).toBe(true);
    });
  });

  describe('every route of the areas: header and meta from the route’s class', () => {
    const areaRoutes = (ROUTES as readonly Route[]).filter((route) => route.area !== 'public');

    it('account pages are noindex, nofollow (sign-in, registration, recovery and invitation too)', () => {
      for (const route of areaRoutes.filter((r) => r.area === 'account'))
        expect({ route: route.id, robots: route.robots }).toEqual({ route: route.id, robots: 'noindex-nofollow' });
    });

    it.each(WORLDS)(
      'account, shopping, cabinet, school and admin pages say what their class says (%s)',
      async (world) => {
        for (const area of ['account', 'shopping', 'cabinet', 'school', 'admin'])
          expect(areaRoutes.some((route) => route.area === area)).toBe(true);
        for (const route of areaRoutes) {
          const path = pathForRoute(world, route.id, sampleParams(route));
          const page = await door.crawl(path);
          expect(page.status).toBe(200);
          expectRobots(page, robotsHeaderValue(route.robots), path);
          if (route.area === 'cabinet' || route.area === 'account' || route.area === 'admin')
            expect(page.header).toBe('noindex, nofollow');
        }
      },
    );
  });

  describe('finished public pages', () => {
    it.each(WORLDS)('home, landings, search and member profiles say what their class says (%s)', async (world) => {
      for (const id of ['home', 'search'] as const) {
        const page = await door.crawl(pathFor(world, id));
        expect(page.status).toBe(200);
        expectRobots(page, robotsHeaderValue(ROUTES.find((r) => r.id === id)!.robots), id);
      }
      const member = await one<{ id: number; slug: string }>(
        sql`SELECT id, slug FROM users WHERE world = ${world} AND NOT is_seller ORDER BY id LIMIT 1`,
      );
      const profile = await door.crawl(pathFor(world, 'user-profile', { id: String(member.id), slug: member.slug }));
      expect(profile.status).toBe(200);
      expectRobots(profile, 'noindex, follow', 'user profile');
    });

    it('a material, an author and a blog post are indexable; unpublished or missing ones are noindex 404s', async () => {
      const [active, hidden] = (
        await db().execute<{ id: number; slug: string }>(
          sql`SELECT id, slug FROM materials WHERE world = 'de' AND is_active AND deleted_at IS NULL ORDER BY id LIMIT 2`,
        )
      ).rows;
      await db().execute(sql`UPDATE materials SET is_active = false WHERE id = ${hidden!.id}`);
      const material = await door.crawl(pathFor('de', 'material', { id: String(active!.id), slug: active!.slug }));
      expect(material.status).toBe(200);
      expectRobots(material, 'index, follow', 'material');
      const unpublished = await door.crawl(pathFor('de', 'material', { id: String(hidden!.id), slug: hidden!.slug }));
      expect(unpublished.status).toBe(404);
      expectRobots(unpublished, 'noindex, follow', 'unpublished material');

      const draft = await one<{ id: number }>(sql`
        INSERT INTO blog_posts (author_id, world, title, body, status, published_at)
        SELECT id, 'de', 'Entwurf', '<p>Noch nicht fertig</p>', 'draft', NULL FROM users WHERE is_seller AND world = 'de' ORDER BY id LIMIT 1
        RETURNING id`);
      const draftPage = await door.crawl(pathFor('de', 'blog-post', { id: String(draft.id) }));
      expect(draftPage.status).toBe(404);
      expectRobots(draftPage, 'noindex, follow', 'draft post');
      expect(await sitemapPathsOf('de')).not.toContain(pathFor('de', 'blog-post', { id: String(draft.id) }));

      // A path no route has: the world's not-found page, and the header says so too.
      const missing = await door.crawl('/de/gibt-es-nicht/wirklich');
      expect(missing.status).toBe(404);
      expectRobots(missing, 'noindex, follow', 'unknown path');
    });

    it('a private author profile says noindex, follow in its header as in its meta; a public one index', async () => {
      const [open, closed] = (
        await db().execute<{ id: number; slug: string }>(sql`
          SELECT u.id, u.slug FROM users u JOIN author_profiles p ON p.user_id = u.id
          WHERE u.world = 'gr' AND u.is_seller AND NOT p.private_profile ORDER BY u.id LIMIT 2`)
      ).rows;
      await db().execute(sql`UPDATE author_profiles SET private_profile = true WHERE user_id = ${closed!.id}`);
      for (const tab of [undefined, 'blog'] as const) {
        const page = await door.crawl(pathFor('gr', 'author', { id: String(closed!.id), slug: closed!.slug, tab }));
        expect(page.status).toBe(200);
        expectRobots(page, 'noindex, follow', `private author, tab ${tab}`);
      }
      const page = await door.crawl(pathFor('gr', 'author', { id: String(open!.id), slug: open!.slug }));
      expectRobots(page, 'index, follow', 'public author');
      const listed = await sitemapPathsOf('gr');
      expect(listed).toContain(pathFor('gr', 'author', { id: String(open!.id), slug: open!.slug }));
      expect(listed).not.toContain(pathFor('gr', 'author', { id: String(closed!.id), slug: closed!.slug }));
    });

    it('an empty landing is noindex, follow and in no sitemap; one with materials is indexed and listed', async () => {
      const empty = await one<{ id: number; slug: string }>(sql`
        INSERT INTO keywords (world, title, slug) VALUES ('de', 'Leeres Stichwort', 'leeres-stichwort') RETURNING id, slug`);
      const full = await one<{ id: number; slug: string }>(sql`
        SELECT k.id, k.slug FROM keywords k WHERE k.world = 'de' AND EXISTS (
          SELECT 1 FROM material_keywords j JOIN materials m ON m.id = j.material_id
          WHERE j.keyword_id = k.id AND m.is_active AND m.deleted_at IS NULL) ORDER BY k.id LIMIT 1`);
      const emptyPath = pathFor('de', 'keyword-landing', { id: String(empty.id), slug: [empty.slug] });
      const fullPath = pathFor('de', 'keyword-landing', { id: String(full.id), slug: [full.slug] });
      const emptyPage = await door.crawl(emptyPath);
      expect(emptyPage.status).toBe(200);
      expectRobots(emptyPage, 'noindex, follow', 'empty keyword landing');
      expectRobots(await door.crawl(fullPath), 'index, follow', 'keyword landing');
      const listed = await sitemapPathsOf('de');
      expect(listed).toContain(fullPath);
      expect(listed).not.toContain(emptyPath);
    });

    it.each(['de', 'pl'] as const)(
      'offers and recommendations are indexed exactly when they list something, and listed then (%s)',
      async (world) => {
        const listed = await sitemapPathsOf(world);
        for (const id of ['offers', 'recommendations'] as const) {
          const page = await door.crawl(pathFor(world, id));
          expect(page.status).toBe(200);
          const cards = (page.html.match(/class="card"/g) ?? []).length;
          expectRobots(page, cards > 0 ? 'index, follow' : 'noindex, follow', `${world} ${id}`);
          expect({ id, listed: listed.includes(pathFor(world, id)) }).toEqual({ id, listed: cards > 0 });
        }
        // A world without materials yet lists nothing there.
        if (world === 'pl') expect(listed).not.toContain(pathFor('pl', 'offers'));
      },
    );
  });
});
