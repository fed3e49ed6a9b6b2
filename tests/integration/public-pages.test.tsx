import { sql } from 'drizzle-orm';
import type { Metadata } from 'next';
import WorldPage, { generateMetadata } from '@/app/[world]/[[...path]]/page';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { pathFor } from '@/lib/routing/localized-routes';
import { getWorld, isWorldCode, type WorldCode, Language } from '@/lib/worlds/worlds';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { messageText, translateInto } from './support/translations';
import { escapedHtml, renderHtml } from './support/render';

/**
 * The public pages that no browser test opens — user profile, blog post, lesson and
 * school landings, recommendations — and the not-found state of an unknown author (status 404),
 * rendered as a visitor's path reaches them: through the catch-all page of app/[world], its
 * routing table and its registry of views, against the seeded database. Status codes and
 * headers need the built server: tests/e2e/public-pages.spec.ts.
 */

/** The language of the world of the page being visited (its texts are expected in it). */
let language: Language = 'de';

type Visit =
  | { kind: 'page'; html: string; metadata: Metadata }
  | { kind: 'not-found'; metadata: Metadata }
  | { kind: 'redirect'; location: string; status: number };

/**
 * Opens a path as the app does: `/de/id/3/x` is the world `de` and the segments after it, handed
 * to the catch-all page. Answers the page's HTML and metadata, its not-found state, or its redirect.
 */
async function visit(path: string): Promise<Visit> {
  const [world, ...segments] = path.split('/').filter(Boolean);
  language = isWorldCode(world!) ? getWorld(world!).language : 'de';
  translateInto(language);
  const props = { params: Promise.resolve({ world: world!, path: segments }) };
  try {
    const node = await WorldPage(props);
    return { kind: 'page', html: await renderHtml(node), metadata: await generateMetadata(props) };
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? '');
    if (digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404'))
      return { kind: 'not-found', metadata: await generateMetadata(props) };
    if (digest.startsWith('NEXT_REDIRECT;')) {
      const [, , location, status] = digest.split(';');
      return { kind: 'redirect', location: location!, status: Number(status) };
    }
    throw error;
  }
}

async function expectPage(path: string): Promise<{ html: string; metadata: Metadata }> {
  const result = await visit(path);
  if (result.kind !== 'page') throw new Error(`${path}: expected a page, got ${JSON.stringify(result)}`);
  return result;
}

async function expectNotFound(path: string) {
  const result = await visit(path);
  expect(result.kind).toBe('not-found');
  // What the head says while the world's not-found page shows: its title, not indexed.
  if (result.kind === 'not-found') {
    expect(result.metadata.title).toBe(messageText(language, 'common', 'notFound.title'));
    expect(result.metadata.robots).toMatchObject({ index: false });
  }
}

async function expectPermanentRedirect(path: string, location: string) {
  expect(await visit(path)).toEqual({ kind: 'redirect', location, status: 308 });
}

const db = () => getDb();
async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = (await db().execute<T>(query)).rows;
  if (!row) throw new Error('the seeded database has no such row');
  return row as T;
}

/** An id that is a whole number in range but belongs to no row of the table. */
async function unusedId(table: string): Promise<number> {
  return (await one<{ id: number }>(sql`SELECT coalesce(max(id), 0) + 1000 AS id FROM ${sql.raw(table)}`)).id;
}

let database: TestDatabase;
let buyer: { id: number; slug: string; public_name: string };
let seller: { id: number; slug: string; public_name: string };

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  buyer = await one(sql`SELECT id, slug, public_name FROM users WHERE email = ${DEMO_ACCOUNTS.buyer}`);
  seller = await one(sql`SELECT id, slug, public_name FROM users WHERE email = ${DEMO_ACCOUNTS.seller}`);
});
afterAll(() => database.stop());

/** One active material of a world that no test has changed. */
async function activeMaterial(world: WorldCode, offset = 0) {
  return one<{ id: number; slug: string; title: string }>(sql`
    SELECT id, slug, title FROM materials WHERE world = ${world} AND is_active AND deleted_at IS NULL ORDER BY id LIMIT 1 OFFSET ${offset}`);
}

describe(`public pages a visitor opens, on ${BACKEND}`, () => {
  describe('user profile /de/id/{id}/{slug}', () => {
    it('shows the member’s name, since when they are a member and whom they follow; not indexed, but followed', async () => {
      await db().execute(
        sql`INSERT INTO author_follows (follower_id, author_id) VALUES (${buyer.id}, ${seller.id}) ON CONFLICT DO NOTHING`,
      );
      const path = pathFor('de', 'user-profile', { id: String(buyer.id), slug: buyer.slug });
      expect(path).toBe(`/de/id/${buyer.id}/${buyer.slug}`);
      const { html: body, metadata } = await expectPage(path);
      expect(body).toContain(`<h1>${escapedHtml(buyer.public_name)}</h1>`);
      expect(body).toContain('Mitglied seit ');
      expect(body).toContain(`href="${pathFor('de', 'author', { id: String(seller.id), slug: seller.slug })}"`);
      expect(metadata.title).toBe(buyer.public_name);
      expect(metadata.description).toBe(`${buyer.public_name} ist Mitglied der Kreide-Community.`);
      expect(metadata.robots).toEqual({ index: false, follow: true });
      expect(String(metadata.alternates?.canonical)).toMatch(new RegExp(`${path}$`));
    });

    it('a missing or wrong slug, or another world, leads permanently to the canonical path', async () => {
      const canonical = `/de/id/${buyer.id}/${buyer.slug}`;
      await expectPermanentRedirect(`/de/id/${buyer.id}`, canonical);
      await expectPermanentRedirect(`/de/id/${buyer.id}/someone-else`, canonical);
      await expectPermanentRedirect(
        `${pathFor('it', 'user-profile', { id: String(buyer.id), slug: buyer.slug })}`,
        canonical,
      );
    });

    it('a seller’s profile is their author page', async () => {
      await expectPermanentRedirect(
        `/de/id/${seller.id}/${seller.slug}`,
        pathFor('de', 'author', { id: String(seller.id), slug: seller.slug }),
      );
    });

    it('an unknown id, or one beyond the id column’s range, is the not-found state', async () => {
      await expectNotFound(`/de/id/${await unusedId('users')}/x`);
      await expectNotFound('/de/id/2147483648/x');
      await expectNotFound('/de/id/0/x');
    });
  });

  describe('blog post /de/post/{id}', () => {
    it('shows the title, the author with a link to their blog, the date and the text', async () => {
      const post = await one<{ id: number; title: string; body: string; author_id: number }>(sql`
        SELECT id, title, body, author_id FROM blog_posts WHERE world = 'de' ORDER BY id LIMIT 1`);
      const author = await one<{ slug: string; public_name: string }>(
        sql`SELECT slug, public_name FROM users WHERE id = ${post.author_id}`,
      );
      const path = pathFor('de', 'blog-post', { id: String(post.id) });
      expect(path).toBe(`/de/post/${post.id}`);
      const { html: body, metadata } = await expectPage(path);
      expect(body).toContain(`<h1>${escapedHtml(post.title)}</h1>`);
      expect(body).toContain('Ein Beitrag von');
      expect(body).toContain(
        `href="${pathFor('de', 'author', { id: String(post.author_id), slug: author.slug, tab: 'blog' })}">${escapedHtml(author.public_name)}</a>`,
      );
      expect(body).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}T/);
      const firstParagraph = post.body.match(/<p>(.*?)<\/p>/)![1]!;
      expect(body).toContain(firstParagraph);
      expect(metadata.title).toBe(post.title);
      expect(metadata.robots).toEqual({ index: true, follow: true });
    });

    it('keeps script out of what the author wrote', async () => {
      const { id } = await one<{ id: number }>(sql`
        INSERT INTO blog_posts (author_id, world, title, body) VALUES
          (${seller.id}, 'de', 'Ein Beitrag mit Skript', '<p>Sichtbarer Text</p><script>window.owned = 1</script><img src="x" onerror="window.owned = 2">')
        RETURNING id`);
      const { html: body } = await expectPage(`/de/post/${id}`);
      expect(body).toContain('Sichtbarer Text');
      expect(body).not.toContain('window.owned');
      expect(body).not.toContain('onerror');
    });

    it('an unknown id, or a post of another world, is the not-found state', async () => {
      await expectNotFound(`/de/post/${await unusedId('blog_posts')}`);
      const foreign = await one<{ id: number }>(sql`SELECT id FROM blog_posts WHERE world = 'it' ORDER BY id LIMIT 1`);
      await expectNotFound(`/de/post/${foreign.id}`);
      // …which is found in its own world, in its own wording.
      await expectPage(pathFor('it', 'blog-post', { id: String(foreign.id) }));
    });
  });

  describe('lesson landing /de/unterricht/{id}/{slug}', () => {
    it('shows the teaching unit, its introduction and its materials', async () => {
      const lesson = await one<{ id: number; slug: string; title: string; intro: string }>(
        sql`SELECT id, slug, title, intro FROM lessons WHERE world = 'de' ORDER BY id LIMIT 1`,
      );
      const material = await activeMaterial('de', 1);
      await db().execute(
        sql`INSERT INTO material_lessons (material_id, lesson_id) VALUES (${material.id}, ${lesson.id}) ON CONFLICT DO NOTHING`,
      );
      const path = pathFor('de', 'lesson-landing', { id: String(lesson.id), slug: [lesson.slug] });
      expect(path).toBe(`/de/unterricht/${lesson.id}/${lesson.slug}`);
      const { html: body, metadata } = await expectPage(path);
      expect(body).toContain('data-landing="lesson-landing"');
      expect(body).toContain(`<h1>${escapedHtml(lesson.title)}</h1>`);
      expect(body).toContain(escapedHtml(lesson.intro));
      expect(body).toContain(`href="/de/material/${material.id}/${material.slug}"`);
      expect(metadata.title).toBe(lesson.title);
      expect(metadata.robots).toEqual({ index: true, follow: true });
    });

    it('a wrong slug leads permanently to the canonical path; an unknown id is the not-found state', async () => {
      const lesson = await one<{ id: number; slug: string }>(
        sql`SELECT id, slug FROM lessons WHERE world = 'de' ORDER BY id LIMIT 1`,
      );
      await expectPermanentRedirect(`/de/unterricht/${lesson.id}/falsch`, `/de/unterricht/${lesson.id}/${lesson.slug}`);
      await expectPermanentRedirect(`/de/unterricht/${lesson.id}`, `/de/unterricht/${lesson.id}/${lesson.slug}`);
      await expectNotFound(`/de/unterricht/${await unusedId('lessons')}/x`);
    });
  });

  describe('school landing /de/schulmaterialen/{school}/{id}', () => {
    it('shows the school, its city and the materials used there', async () => {
      const school = await one<{ id: number; slug: string; name: string; city: string }>(
        sql`SELECT id, slug, name, city FROM schools WHERE world = 'de' ORDER BY id LIMIT 1`,
      );
      const material = await activeMaterial('de', 2);
      await db().execute(
        sql`INSERT INTO material_schools (material_id, school_id) VALUES (${material.id}, ${school.id}) ON CONFLICT DO NOTHING`,
      );
      const path = pathFor('de', 'school-landing', { school: school.slug, id: String(school.id), slug: [] });
      expect(path).toBe(`/de/schulmaterialen/${school.slug}/${school.id}`);
      const { html: body, metadata } = await expectPage(path);
      expect(body).toContain('data-landing="school-landing"');
      expect(body).toContain(`<h1>Unterrichtsmaterial der ${escapedHtml(school.name)}</h1>`);
      expect(body).toContain(`in ${escapedHtml(school.city)}`);
      expect(body).toContain(`href="/de/material/${material.id}/${material.slug}"`);
      expect(metadata.title).toBe(`Unterrichtsmaterial der ${school.name}`);
    });

    it('a wrong school word leads permanently to the canonical path; an unknown id is the not-found state', async () => {
      const school = await one<{ id: number; slug: string }>(
        sql`SELECT id, slug FROM schools WHERE world = 'de' ORDER BY id LIMIT 1`,
      );
      await expectPermanentRedirect(
        `/de/schulmaterialen/falsche-schule/${school.id}`,
        `/de/schulmaterialen/${school.slug}/${school.id}`,
      );
      await expectNotFound(`/de/schulmaterialen/x/${await unusedId('schools')}`);
    });
  });

  describe('recommendations /de/empfehlungen', () => {
    it('lists the world’s best rated materials: at least 10 ratings averaging 4.5 or more', async () => {
      const [rated, boundary, tooFew, tooLow] = await Promise.all([0, 1, 2, 3].map((n) => activeMaterial('de', 3 + n)));
      const foreign = await activeMaterial('it');
      const rate = (id: number, count: number, sum: number) =>
        db().execute(sql`UPDATE materials SET rating_count = ${count}, rating_sum = ${sum} WHERE id = ${id}`);
      await rate(rated!.id, 40, 190); // 4.75
      await rate(boundary!.id, 10, 45); // exactly 4.5 from exactly 10 ratings
      await rate(tooFew!.id, 9, 45); // 5.0, but only 9 ratings
      await rate(tooLow!.id, 40, 179); // 4.475
      await rate(foreign.id, 40, 200); // another world's
      expect(pathFor('de', 'recommendations')).toBe('/de/empfehlungen');
      const { html: body, metadata } = await expectPage('/de/empfehlungen');
      expect(body).toContain('<h1>Empfehlungen</h1>');
      expect(body).toContain('Die am besten bewerteten Materialien');
      const linked = (m: { id: number; slug: string }, world: WorldCode = 'de') =>
        body.includes(`href="${pathFor(world, 'material', { id: String(m.id), slug: m.slug })}"`);
      expect(linked(rated!)).toBe(true);
      expect(linked(boundary!)).toBe(true);
      expect(linked(tooFew!)).toBe(false);
      expect(linked(tooLow!)).toBe(false);
      expect(linked(foreign, 'it')).toBe(false);
      expect(body.indexOf(`/de/material/${rated!.id}/`)).toBeLessThan(body.indexOf(`/de/material/${boundary!.id}/`));
      expect(metadata.title).toBe('Empfehlungen');
      expect(metadata.robots).toEqual({ index: true, follow: true });
    });

    it('is there in other worlds under their own word', async () => {
      const material = await activeMaterial('it', 1);
      await db().execute(sql`UPDATE materials SET rating_count = 25, rating_sum = 120 WHERE id = ${material.id}`);
      const path = pathFor('it', 'recommendations');
      expect(path).not.toBe('/it/empfehlungen');
      const { html: body } = await expectPage(path);
      expect(body).toContain(`<h1>${escapedHtml(messageText('it', 'meta', 'routes.recommendations.title'))}</h1>`);
      expect(body).toContain(`href="${pathFor('it', 'material', { id: String(material.id), slug: material.slug })}"`);
    });
  });

  describe('material /de/material/{id}/{slug}: what the catalogue row promises beyond price, labels and preview', () => {
    it('sanitised long description, files by type, bundles both ways, interactive flag, related materials, previews, Open Graph and Twitter', async () => {
      const author = await one<{ author_id: number }>(sql`
        SELECT author_id FROM materials WHERE world = 'de' AND is_active AND deleted_at IS NULL GROUP BY author_id HAVING count(*) >= 3 ORDER BY author_id LIMIT 1`);
      const [bundle, item, sibling] = (
        await db().execute<{ id: number; slug: string; title: string }>(sql`
        SELECT id, slug, title FROM materials WHERE author_id = ${author.author_id} AND world = 'de' AND is_active AND deleted_at IS NULL ORDER BY id LIMIT 3`)
      ).rows as { id: number; slug: string; title: string }[];
      const long = `<p>Erster Absatz.</p><script>window.owned = 1</script><p onclick="window.owned = 2">${'Ein langer Satz über Brüche. '.repeat(60)}</p>`;
      await db().execute(sql`UPDATE materials SET is_bundle = true, description = ${long} WHERE id = ${bundle!.id}`);
      await db().execute(
        sql`INSERT INTO bundle_items (bundle_id, material_id) VALUES (${bundle!.id}, ${item!.id}) ON CONFLICT DO NOTHING`,
      );
      await db().execute(sql`UPDATE materials SET is_standalone_interactive = true WHERE id = ${item!.id}`);
      await db().execute(sql`
        INSERT INTO material_subjects (material_id, subject_id) SELECT ${sibling!.id}, subject_id FROM material_subjects WHERE material_id = ${bundle!.id} ON CONFLICT DO NOTHING`);
      const files = (
        await db().execute<{ type: string; name: string }>(
          sql`SELECT type, name FROM material_files WHERE material_id = ${bundle!.id} AND type <> 'cover'`,
        )
      ).rows;

      const path = `/de/material/${bundle!.id}/${bundle!.slug}`;
      const { html: body, metadata } = await expectPage(path);
      expect(body).toContain(`<h1>${escapedHtml(bundle!.title)}</h1>`);
      // The long layout, collapsed after the start; what the author wrote, without script.
      expect(body).toContain('data-layout="long"');
      expect(body).toContain('<details class="long-description"><summary>Ganze Beschreibung lesen</summary>');
      expect(body).toContain('Erster Absatz.');
      expect(body).not.toContain('window.owned');
      expect(body).not.toContain('onclick');
      // Files by type (the cover is not a download).
      expect(files.length).toBeGreaterThan(0);
      for (const file of files)
        expect(body).toContain(
          `${file.type === 'sources' ? 'Bearbeitbare Vorlagen' : 'Material'}: ${escapedHtml(file.name)}`,
        );
      // The bundle lists its contents; related materials of the same author and subject.
      expect(body).toMatch(new RegExp(`id="bundle-contents"[\\s\\S]*href="/de/material/${item!.id}/${item!.slug}"`));
      expect(body).toMatch(new RegExp(`id="related"[\\s\\S]*href="/de/material/${sibling!.id}/${sibling!.slug}"`));
      // Previews: the first one eager and at most 500 high, the others lazy.
      const first = body.match(/<img[^>]*class="preview preview-first"[^>]*>/)?.[0] ?? '';
      expect(Number(first.match(/height="(\d+)"/)?.[1])).toBeLessThanOrEqual(500);
      expect(first).not.toContain('loading="lazy"');
      for (const other of body.match(/<img[^>]*class="preview"[^>]*>/g) ?? [])
        expect(other).toContain('loading="lazy"');
      // Head: description as text, Open Graph and Twitter with the page's canonical address.
      expect(metadata.title).toBe(bundle!.title);
      expect(String(metadata.description)).toMatch(/^Erster Absatz\./);
      expect(String(metadata.description)).not.toContain('window.owned');
      expect(metadata.openGraph).toMatchObject({
        title: bundle!.title,
        locale: 'de_DE',
        url: expect.stringMatching(new RegExp(`${path}$`)),
      });
      expect(metadata.twitter).toMatchObject({ title: bundle!.title });

      // The item says which bundles contain it, and that it runs in the browser.
      const { html: itemBody } = await expectPage(`/de/material/${item!.id}/${item!.slug}`);
      expect(itemBody).toMatch(new RegExp(`id="in-bundles"[\\s\\S]*href="/de/material/${bundle!.id}/${bundle!.slug}"`));
      expect(itemBody).toContain('data-testid="standalone-interactive"');
      expect(body).not.toContain('data-testid="standalone-interactive"');
    });

    it('a wrong slug or world leads permanently to the canonical path; an unknown id is the not-found state', async () => {
      const material = await activeMaterial('de', 7);
      const canonical = `/de/material/${material.id}/${material.slug}`;
      await expectPermanentRedirect(`/de/material/${material.id}/falsch`, canonical);
      await expectPermanentRedirect(
        pathFor('it', 'material', { id: String(material.id), slug: material.slug }),
        canonical,
      );
      await expectNotFound(`/de/material/${await unusedId('materials')}/x`);
    });

    it('a deleted or deactivated material is the not-found state', async () => {
      const [deleted, inactive] = await Promise.all([activeMaterial('de', 8), activeMaterial('de', 9)]);
      await expectPage(`/de/material/${deleted.id}/${deleted.slug}`);
      await db().execute(sql`UPDATE materials SET deleted_at = now() WHERE id = ${deleted.id}`);
      await db().execute(sql`UPDATE materials SET is_active = false WHERE id = ${inactive.id}`);
      await expectNotFound(`/de/material/${deleted.id}/${deleted.slug}`);
      await expectNotFound(`/de/material/${inactive.id}/${inactive.slug}`);
    });
  });

  describe('author /de/autor/{id}/{slug}', () => {
    it('an author that cannot be loaded is the not-found state: unknown id, a member who is not a seller', async () => {
      await expectNotFound(`/de/autor/${await unusedId('users')}/x`);
      await expectNotFound(`/de/autor/${buyer.id}/${buyer.slug}`);
    });

    it('a public author: name, subtitle, background and image, certified badge, counts, description, social links and the four tabs', async () => {
      await db().execute(
        sql`UPDATE author_profiles SET profile_background_path = 'users/2/background-test.webp' WHERE user_id = ${seller.id}`,
      );
      await db().execute(sql`UPDATE users SET image_path = 'users/2/image-test.webp' WHERE id = ${seller.id}`);
      const profile = await one<{ subtitle: string; instagram_profile: string }>(sql`
        SELECT subtitle, instagram_profile FROM author_profiles WHERE user_id = ${seller.id}`);
      const path = pathFor('de', 'author', { id: String(seller.id), slug: seller.slug });
      const { html: body, metadata } = await expectPage(path);
      expect(body).toContain(`<h1>${escapedHtml(seller.public_name)}</h1>`);
      expect(body).toContain(`<p class="author-subtitle">${escapedHtml(profile.subtitle)}</p>`);
      expect(body).toContain('<p class="badge">Geprüfte Autorin / geprüfter Autor</p>');
      expect(body).toMatch(
        /<img class="author-background" src="[^"]*background-test\.webp" alt="" width="1200" height="204"/,
      );
      expect(body).toMatch(/<img class="author-image" src="[^"]*image-test\.webp" alt="" width="200" height="200"/);
      expect(body).toMatch(/<ul class="author-counts"><li>[^<]+<\/li><li>[^<]+<\/li><li>[^<]+<\/li><\/ul>/);
      expect(body).toContain('<div class="author-description"><p>Ich unterrichte seit 15 Jahren');
      expect(body).toContain(
        `href="https://www.instagram.com/${profile.instagram_profile}" rel="nofollow noopener">Instagram</a>`,
      );
      for (const tab of ['materials', 'blog', 'activity', 'following'] as const) {
        expect(body).toContain(
          `href="${pathFor('de', 'author', { id: String(seller.id), slug: seller.slug, tab: tab === 'materials' ? undefined : tab })}"`,
        );
      }
      expect(body).toContain('class="card"');
      expect(String(metadata.description)).toMatch(/^Ich unterrichte seit 15 Jahren/);
      expect(metadata.robots).toEqual({ index: true, follow: true });
      // A wrong slug or world leads permanently to the canonical path, keeping the tab.
      await expectPermanentRedirect(`/de/autor/${seller.id}/falsch/blog`, `${path}/blog`);
    });
  });
});
