import { sql } from 'drizzle-orm';
import { getPublicOrigin } from '@/lib/seo/origin';
import type { Metadata } from 'next';
import StorefrontLayout, { generateMetadata as storefrontLayoutMetadata } from '@/app/storefront/[domain]/layout';
import StorefrontPage, { generateMetadata as storefrontMetadata } from '@/app/storefront/[domain]/[[...path]]/page';
import { AuthorPage } from '@/components/pages/author-page';
import { MaterialPage } from '@/components/pages/material-page';
import { UserProfilePage } from '@/components/pages/user-profile-page';
import type { PageProps } from '@/components/pages/types';
import { listFollowedAuthors } from '@/lib/catalog/authors';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS, DEMO_AUTHOR_DOMAIN } from '@/lib/seed/seed';
import { getRoute, type RouteId } from '@/lib/routing/routes';
import { getWorld } from '@/lib/worlds/worlds';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { PRIVATE_PROFILE_FIELDS } from './support/private-profile';
import { renderHtml } from './support/render';

const PERSONAL = PRIVATE_PROFILE_FIELDS;
const TRACES = [
  PERSONAL.subtitle,
  'Beispielstraße',
  PERSONAL.facebookProfile,
  PERSONAL.instagramProfile,
  PERSONAL.pinterestProfile,
  'privatbackgr',
];

let database: TestDatabase;
let author: { id: number; slug: string; publicName: string };
let materialId: number;
let materialSlug: string;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  // The demo seller: she has materials, a blog and her own domain.
  const [row] = (
    await getDb().execute<{ id: number; slug: string; public_name: string }>(
      sql`SELECT id, slug, public_name FROM users WHERE email = ${DEMO_ACCOUNTS.seller}`,
    )
  ).rows;
  author = { id: row!.id, slug: row!.slug, publicName: row!.public_name };
  await getDb().execute(sql`
    UPDATE author_profiles SET private_profile = true, subtitle = ${PERSONAL.subtitle}, description = ${PERSONAL.description},
      facebook_profile = ${PERSONAL.facebookProfile}, instagram_profile = ${PERSONAL.instagramProfile}, pinterest_profile = ${PERSONAL.pinterestProfile},
      profile_background_path = ${PERSONAL.profileBackgroundPath}
    WHERE user_id = ${author.id}`);
  const [material] = (
    await getDb().execute<{ id: number; slug: string }>(sql`
    SELECT id, slug FROM materials WHERE author_id = ${author.id} AND is_active AND deleted_at IS NULL ORDER BY id LIMIT 1`)
  ).rows;
  materialId = material!.id;
  materialSlug = material!.slug;
});
afterAll(() => database.stop());

/** Every text of the metadata that ends up in the head: title, description, Open Graph, Twitter. */
const head = (metadata: Metadata) => JSON.stringify(metadata);

function expectNothingPersonal(text: string) {
  for (const trace of TRACES) expect(text).not.toContain(trace);
}

const props = (route: RouteId, params: PageProps['params']): PageProps => ({
  world: getWorld('de'),
  route: getRoute(route),
  params,
});

describe(`a private author’s public pages on ${BACKEND}`, () => {
  it.each(['materials', 'blog', 'activity', 'following'] as const)(
    'the author page (%s tab): no description in meta or og:description, nothing personal in the HTML',
    async (tab) => {
      const page = props('author', {
        id: String(author.id),
        slug: author.slug,
        tab: tab === 'materials' ? undefined : tab,
      });
      const metadata = await AuthorPage.metadata(page);
      expectNothingPersonal(head(metadata));
      expect(metadata.description).toBe(`Unterrichtsmaterialien von ${author.publicName} auf Kreide.`);
      expect(metadata.openGraph?.description).toBe(metadata.description);
      expect(metadata.twitter?.description).toBe(metadata.description);
      expect(metadata.robots).toMatchObject({ index: false, follow: true });
      const body = await renderHtml(await AuthorPage.render(page));
      expectNothingPersonal(body);
      // What stays public: the name and the materials sold under it.
      expect(body).toContain(`<h1>${author.publicName}</h1>`);
      if (tab === 'materials') expect(body).toContain('class="card"');
      if (tab === 'following' || tab === 'activity') expect(body).toContain('Dieses Profil ist privat.');
    },
  );

  it('the user profile page: nothing personal, and whom a private member follows stays on the server', async () => {
    expectNothingPersonal(
      head(await UserProfilePage.metadata(props('user-profile', { id: String(author.id), slug: author.slug }))),
    );
    // A member (not a seller) with a private profile who follows the demo seller.
    const [member] = (
      await getDb().execute<{ id: number; slug: string }>(
        sql`SELECT id, slug FROM users WHERE email = ${DEMO_ACCOUNTS.buyer}`,
      )
    ).rows;
    await getDb().execute(
      sql`INSERT INTO author_follows (follower_id, author_id) VALUES (${member!.id}, ${author.id}) ON CONFLICT DO NOTHING`,
    );
    const authorLink = `href="/de/autor/${author.id}/${author.slug}"`;
    const page = props('user-profile', { id: String(member!.id), slug: member!.slug });
    await getDb().execute(
      sql`INSERT INTO author_profiles (user_id, private_profile) VALUES (${member!.id}, false) ON CONFLICT (user_id) DO UPDATE SET private_profile = false`,
    );
    expect(await renderHtml(await UserProfilePage.render(page))).toContain(authorLink);
    await getDb().execute(sql`UPDATE author_profiles SET private_profile = true WHERE user_id = ${member!.id}`);
    const body = await renderHtml(await UserProfilePage.render(page));
    expect(body).not.toContain(authorLink);
    expect(body).toContain('Dieses Profil ist privat.');
  });

  it('whom a private author follows is not read at all, not only not shown', async () => {
    const [other] = (
      await getDb().execute<{ id: number }>(
        sql`SELECT id FROM users WHERE is_seller AND id <> ${author.id} ORDER BY id LIMIT 1`,
      )
    ).rows;
    await getDb().execute(
      sql`INSERT INTO author_follows (follower_id, author_id) VALUES (${author.id}, ${other!.id}) ON CONFLICT DO NOTHING`,
    );
    expect(await listFollowedAuthors(author.id)).toEqual([]);
    await getDb().execute(sql`UPDATE author_profiles SET private_profile = false WHERE user_id = ${author.id}`);
    try {
      expect((await listFollowedAuthors(author.id)).map((a) => a.id)).toContain(other!.id);
    } finally {
      await getDb().execute(sql`UPDATE author_profiles SET private_profile = true WHERE user_id = ${author.id}`);
    }
  });

  it('the material page’s author card and JSON-LD: no subtitle or description of the author', async () => {
    const page = props('material', { id: String(materialId), slug: materialSlug });
    expectNothingPersonal(head(await MaterialPage.metadata(page)));
    const body = await renderHtml(await MaterialPage.render(page));
    expectNothingPersonal(body);
    expect(body).toContain('class="author-card"');
  });

  it.each([[[] as string[]], [['materials']], [['blog']], [['material', '%ID%', '%SLUG%']]])(
    'the storefront on her own domain (%j): layout, page and metadata carry nothing personal',
    async (path) => {
      const params = Promise.resolve({
        domain: DEMO_AUTHOR_DOMAIN,
        path: path.map((s) => s.replace('%ID%', String(materialId)).replace('%SLUG%', materialSlug)),
      });
      expectNothingPersonal(head(await storefrontMetadata({ params })));
      expectNothingPersonal(head(await storefrontLayoutMetadata({ params })));
      const body = await renderHtml(await StorefrontLayout({ params, children: await StorefrontPage({ params }) }));
      expectNothingPersonal(body);
      expect(body).toContain(author.publicName);
    },
  );

  it.each([[[] as string[]], [['material', '%ID%', '%SLUG%']]])(
    'the storefront (%j) has no API forms: its hearts and follow link to the main site',
    async (path) => {
      const params = Promise.resolve({
        domain: DEMO_AUTHOR_DOMAIN,
        path: path.map((s) => s.replace('%ID%', String(materialId)).replace('%SLUG%', materialSlug)),
      });
      const body = await renderHtml(await StorefrontPage({ params }));
      expect(body).not.toContain('data-keep=');
      expect(body).not.toContain('form="keep-');
      expect(body).not.toContain('/api/');
      const hearts = [...body.matchAll(/class="keep-heart keep-link" href="([^"]+)"/g)].map((m) => m[1]!);
      expect(hearts.length).toBeGreaterThan(0);
      for (const href of hearts) expect(href.startsWith(`${getPublicOrigin()}/`)).toBe(true);
      if (path.length === 0)
        expect(body).toMatch(
          new RegExp(`class="button follow-entry" href="${getPublicOrigin()}/[a-z]{2}/[^"]+/${author.id}/`),
        );
    },
  );
});
