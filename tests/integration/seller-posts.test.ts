import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET as media } from '@/app/media/[...key]/route';
import { POST as become } from '@/app/api/v3/seller/become/route';
import { POST as publishRoute } from '@/app/api/v3/seller/posts/[postId]/publish/route';
import { DELETE as deleteRoute, GET as getRoute_, PATCH as patchRoute } from '@/app/api/v3/seller/posts/[postId]/route';
import { POST as unpublishRoute } from '@/app/api/v3/seller/posts/[postId]/unpublish/route';
import { POST as imageRoute } from '@/app/api/v3/seller/posts/images/route';
import { GET as listRoute, POST as createRoute } from '@/app/api/v3/seller/posts/route';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { isNotFoundError } from '@/components/pages/not-found-error';
import { AuthorPageSettingsPage } from '@/components/selling/author-settings-page';
import { PostEditorPage } from '@/components/selling/post-editor-page';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { acceptActualTerms } from '@/lib/accounts/terms';
import { updateUserDetails } from '@/lib/accounts/user-details';
import { listAuthorBlogPosts } from '@/lib/catalog/authors';
import { getBlogPost } from '@/lib/catalog/landings';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { pathFor } from '@/lib/routing/localized-routes';
import { getRoute, type RouteId } from '@/lib/routing/routes';
import type { SellerPost } from '@/lib/selling/posts';
import { getStorage } from '@/lib/storage/storage';
import { getWorld } from '@/lib/worlds/worlds';
import german from '@/messages/de/cabinet-settings.json';
import { apiRequest, TEST_ORIGIN } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { renderHtml } from './support/render';
import { signIn } from './support/session';

/**
 * The author's blog from the cabinet: drafts only their author sees, publishing onto the post
 * page and the author's blog, other sellers kept out, refused input, images uploaded for posts;
 * and the cabinet pages (author page settings, post editor) as their area renders them.
 */

// The editor's buttons ask for the router; a server render has none.
jest.mock('next/navigation', () => ({
  ...jest.requireActual('next/navigation'),
  useRouter: () => ({ push: () => undefined, refresh: () => undefined }),
}));

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
}, 120_000);
afterAll(() => database.stop());

type Handler = (request: NextRequest, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

let teachers = 0;
/** A fresh, confirmed teacher who accepted the terms; a seller when asked. */
async function newTeacher(name: string, options: { seller?: boolean } = {}) {
  const email = `posts-${++teachers}-${Date.now()}@example.test`;
  const password = 'correct horse battery staple';
  const { id } = await createAccount({
    email,
    publicName: name,
    world: 'de',
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'test',
  });
  await acceptActualTerms(id, 'de');
  const cookie = await signIn(email, { password });
  if (options.seller) {
    const answer = await become(apiRequest('/api/v3/seller/become?world=de', { method: 'POST', headers: { cookie } }));
    expect(answer.status).toBe(200);
  }
  return { cookie, id };
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
  return row!.id;
}

const onPost = (handler: unknown, postId: number | string, cookie: string, method = 'POST', body?: unknown) =>
  (handler as Handler)(apiRequest(`/api/v3/seller/posts/${postId}?world=de`, { method, headers: { cookie }, body }), {
    params: Promise.resolve({ postId: String(postId) }),
  });

const create = (cookie: string, body: unknown = {}, world = 'de') =>
  createRoute(apiRequest(`/api/v3/seller/posts?world=${world}`, { method: 'POST', headers: { cookie }, body }));
const getPost = (cookie: string, id: number | string) => onPost(getRoute_, id, cookie, 'GET');
const patch = (cookie: string, id: number | string, body: unknown) => onPost(patchRoute, id, cookie, 'PATCH', body);
const publish = (cookie: string, id: number | string) => onPost(publishRoute, id, cookie);
const unpublish = (cookie: string, id: number | string) => onPost(unpublishRoute, id, cookie);
const remove = (cookie: string, id: number | string) => onPost(deleteRoute, id, cookie, 'DELETE');

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function uploadImage(cookie: string, bytes: Uint8Array, name = 'tafel.png') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }));
  return imageRoute(
    new NextRequest(new URL('/api/v3/seller/posts/images?world=de', TEST_ORIGIN), {
      method: 'POST',
      body: form,
      headers: { cookie, origin: TEST_ORIGIN },
    }),
  );
}

const serve = (key: string) =>
  media(new Request(`${TEST_ORIGIN}/media/${key}`), { params: Promise.resolve({ key: key.split('/') }) });

function pageProps(route: RouteId, userId: number | null, params: AreaPageProps['params'] = {}): AreaPageProps {
  return { world: getWorld('de'), route: getRoute(route), params, query: {}, userId };
}

describe(`the seller's blog posts on ${BACKEND}`, () => {
  let seller: string;
  let sellerId: number;
  let other: { cookie: string; id: number };

  beforeAll(async () => {
    seller = await signIn(DEMO_ACCOUNTS.seller);
    sellerId = await userIdOf(DEMO_ACCOUNTS.seller);
    other = await newTeacher('Zweite Bloggerin', { seller: true });
  });

  it('keeps a draft to its author until it is published, then shows it on the post page and the blog', async () => {
    const created = await create(seller, { title: '  Erster   Entwurf  ' });
    expect(created.status).toBe(201);
    const draft = await json<SellerPost>(created);
    expect(draft).toMatchObject({ world: 'de', title: 'Erster Entwurf', body: '', status: 'draft', publishedAt: null });
    expect(draft.publicPath).toBeNull();

    const listed = await json<{ items: SellerPost[]; total: number }>(
      await listRoute(apiRequest('/api/v3/seller/posts?world=de', { headers: { cookie: seller } })),
    );
    expect(listed.items[0]).toMatchObject({ id: draft.id, status: 'draft' });
    expect(listed.items[0]).not.toHaveProperty('body');

    // Nothing to read yet: refused with the fields, nothing changes.
    const empty = await publish(seller, draft.id);
    expect(empty.status).toBe(400);
    expect((await json<{ error: { details: { path: string; code: string }[] } }>(empty)).error.details).toEqual([
      expect.objectContaining({ path: 'body', code: 'required' }),
    ]);

    const saved = await patch(seller, draft.id, {
      body:
        '<p>Heute im Unterricht<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
        '<img src="https://tracker.example/p.gif"><p onclick="x()">Ende</p>',
    });
    expect(saved.status).toBe(200);
    const body = (await json<SellerPost>(saved)).body;
    expect(body).toContain('<p>Heute im Unterricht</p>');
    expect(body).toContain('<p>Ende</p>');
    expect(body).not.toMatch(/script|javascript:|tracker|onclick|<img/);

    expect((await listAuthorBlogPosts(sellerId)).map((p) => p.id)).not.toContain(draft.id);
    expect(await getBlogPost(draft.id)).toBeNull();

    const published = await publish(seller, draft.id);
    expect(published.status).toBe(200);
    const post = await json<SellerPost>(published);
    expect(post.status).toBe('published');
    expect(Date.now() - new Date(post.publishedAt!).getTime()).toBeLessThan(60_000);
    expect(post.publicPath).toBe(pathFor('de', 'blog-post', { id: String(draft.id) }));
    expect((await listAuthorBlogPosts(sellerId)).map((p) => p.id)).toContain(draft.id);
    expect(await getBlogPost(draft.id)).toMatchObject({ title: 'Erster Entwurf', author: { id: sellerId } });

    // Publishing again changes nothing.
    const again = await json<SellerPost>(await publish(seller, draft.id));
    expect(again.publishedAt).toBe(post.publishedAt);

    // A published post keeps a title: a save that empties it is refused whole.
    const emptied = await patch(seller, draft.id, { title: ' ', body: '<p>Neu</p>' });
    expect(emptied.status).toBe(400);
    expect(await getBlogPost(draft.id)).toMatchObject({ title: 'Erster Entwurf' });
    const retitled = await patch(seller, draft.id, { title: 'Zweiter Titel' });
    expect(retitled.status).toBe(200);
    expect(await getBlogPost(draft.id)).toMatchObject({ title: 'Zweiter Titel' });

    const back = await unpublish(seller, draft.id);
    expect(back.status).toBe(200);
    expect(await json<SellerPost>(back)).toMatchObject({ status: 'draft', publishedAt: null, publicPath: null });
    expect(await getBlogPost(draft.id)).toBeNull();
    expect((await listAuthorBlogPosts(sellerId)).map((p) => p.id)).not.toContain(draft.id);
    expect((await unpublish(seller, draft.id)).status).toBe(409);

    expect((await publish(seller, draft.id)).status).toBe(200);
    expect((await remove(seller, draft.id)).status).toBe(200);
    expect(await getBlogPost(draft.id)).toBeNull();
    expect((await getPost(seller, draft.id)).status).toBe(404);
  });

  it('keeps other sellers out of a post (404 as for a missing one), and non-sellers out of the calls', async () => {
    const post = await json<SellerPost>(await create(seller, { title: 'Nur meiner', body: '<p>Text</p>' }));
    for (const response of [
      await getPost(other.cookie, post.id),
      await patch(other.cookie, post.id, { title: 'Übernommen' }),
      await publish(other.cookie, post.id),
      await unpublish(other.cookie, post.id),
      await remove(other.cookie, post.id),
    ]) {
      expect(response.status).toBe(404);
    }
    const mine = await json<SellerPost>(await getPost(seller, post.id));
    expect(mine).toMatchObject({ title: 'Nur meiner', status: 'draft' });
    const theirs = await json<{ items: SellerPost[] }>(
      await listRoute(apiRequest('/api/v3/seller/posts?world=de', { headers: { cookie: other.cookie } })),
    );
    expect(theirs.items.map((p) => p.id)).not.toContain(post.id);

    const teacher = await newTeacher('Lehrerin ohne Verkauf');
    expect((await create(teacher.cookie)).status).toBe(403);
    expect((await getPost(teacher.cookie, post.id)).status).toBe(403);
    expect((await listRoute(apiRequest('/api/v3/seller/posts?world=de'))).status).toBe(401);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const post = await json<SellerPost>(await create(seller, { title: 'Gültig', body: '<p>Text</p>' }));
    const refusals: [unknown, string][] = [
      [{ title: 'x'.repeat(161) }, 'title'],
      [{ title: 'Zeile\u202eumgedreht' }, 'title'],
      [{ body: `<p>${'x'.repeat(50_000)}</p>` }, 'body'],
      [{ body: 42 }, 'body'],
      [{ status: 'published' }, ''],
      [{}, ''],
    ];
    for (const [body, path] of refusals) {
      const response = await patch(seller, post.id, body);
      expect(response.status).toBe(400);
      const details = (await json<{ error: { details: { path: string }[] } }>(response)).error.details;
      if (path) expect(details.map((d) => d.path)).toContain(path);
    }
    expect((await create(seller, { title: 'x'.repeat(161) })).status).toBe(400);
    expect((await create(seller, { author_id: 1 })).status).toBe(400);
    expect((await patch(seller, 'abc', { title: 'x' })).status).toBe(404);
    expect((await patch(seller, '99999999999', { title: 'x' })).status).toBe(404);
    expect(await json<SellerPost>(await getPost(seller, post.id))).toMatchObject({
      title: 'Gültig',
      body: '<p>Text</p>',
    });
    // The longest title and body are taken.
    expect((await patch(seller, post.id, { title: 'y'.repeat(160) })).status).toBe(200);
  });

  it('stores an uploaded image as WebP under posts/, serves it, keeps it in a body and removes it with its post', async () => {
    const png = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const uploaded = await uploadImage(seller, png);
    expect(uploaded.status).toBe(201);
    const image = await json<{ path: string; url: string; width: number; height: number }>(uploaded);
    expect(image.path).toMatch(new RegExp(`^posts/${sellerId}/[A-Za-z0-9_-]{16}\\.webp$`));
    expect(image.url).toBe(`/media/${image.path}`);
    expect(image).toMatchObject({ width: 1200, height: 300 });

    const stored = await getStorage().read(image.path);
    const metadata = await sharp(stored!).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 300 });
    const served = await serve(image.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // Files that are not images are refused by their content, whatever their name.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await uploadImage(seller, svg, 'bild.png')).status).toBe(415);
    expect((await uploadImage(seller, Buffer.from('kein Bild'), 'bild.jpg')).status).toBe(415);
    const teacher = await newTeacher('Lehrerin mit Bild');
    expect((await uploadImage(teacher.cookie, png)).status).toBe(403);

    const post = await json<SellerPost>(
      await create(seller, {
        title: 'Mit Bild',
        body: `<p>Tafelbild:</p><p><img src="${image.url}" alt="Die Tafel" onerror="x"></p><p><img src="/media/users/1/image-abcdefghijkl.webp"></p>`,
      }),
    );
    expect(post.body).toBe(`<p>Tafelbild:</p><p><img src="${image.url}" alt="Die Tafel" loading="lazy" /></p><p></p>`);
    expect((await publish(seller, post.id)).status).toBe(200);
    expect((await getBlogPost(post.id))?.body).toContain(`<img src="${image.url}"`);

    // Only other folders of ours stay private: a material file is still not served.
    expect((await serve('materials/1/x.webp')).status).toBe(404);

    expect((await remove(seller, post.id)).status).toBe(200);
    expect(await getStorage().read(image.path)).toBeNull();
    expect((await serve(image.path)).status).toBe(404);
  });

  it('renders the author page settings for a seller, with their values and the link to their page', async () => {
    await updateUserDetails(sellerId, {
      subtitle: 'Mathe mit Herz',
      description: '<p>Ich unterrichte gern.</p><ul><li>Brüche</li></ul>',
      instagramProfile: 'frau.mathe',
      privateProfile: false,
    });
    const [user] = await getDb().select({ slug: t.users.slug }).from(t.users).where(eq(t.users.id, sellerId));
    const page = await renderHtml(await AuthorPageSettingsPage.render(pageProps('cabinet-author-page', sellerId)));
    expect(page).toContain(`<h1>Autorenseite</h1>`);
    expect(page).toContain(`href="${pathFor('de', 'author', { id: String(sellerId), slug: user!.slug })}"`);
    expect(page).toContain('data-testid="author-page-form"');
    expect(page).toContain('value="Mathe mit Herz"');
    expect(page).toContain('value="frau.mathe"');
    expect(page).toMatch(/<textarea[^>]*>Ich unterrichte gern\.\n\n- Brüche<\/textarea>/);
    expect(page).toContain(german.authorPage.image.heading);
    expect(page).toContain('data-testid="author-page-domain-spot"');

    const teacher = await newTeacher('Lehrerin ohne Seite');
    const notSeller = await renderHtml(
      await AuthorPageSettingsPage.render(pageProps('cabinet-author-page', teacher.id)),
    );
    expect(notSeller).toContain('data-testid="author-page-not-seller"');
    expect(notSeller).toContain(`href="${pathFor('de', 'cabinet-materials')}"`);
    expect(notSeller).not.toContain('author-page-form');
  });

  it('renders the post list and a post’s editor; another seller’s post is not found', async () => {
    const post = await json<SellerPost>(
      await create(seller, { title: 'Listenbeitrag', body: '<p>Erster Absatz</p><ul><li>Punkt</li></ul>' }),
    );
    const list = await renderHtml(await PostEditorPage.render(pageProps('cabinet-post-editor', sellerId)));
    expect(list).toContain(german.posts.listTitle);
    expect(list).toContain(`href="${pathFor('de', 'cabinet-post-editor', { postId: String(post.id) })}"`);
    expect(list).toContain('Listenbeitrag');
    expect(list).toContain('data-testid="new-post"');

    const editor = await renderHtml(
      await PostEditorPage.render(pageProps('cabinet-post-editor', sellerId, { postId: String(post.id) })),
    );
    expect(editor).toContain('<h1>Listenbeitrag</h1>');
    expect(editor).toContain('value="Listenbeitrag"');
    expect(editor).toMatch(/<textarea[^>]*>Erster Absatz\n\n- Punkt<\/textarea>/);
    expect(editor).toContain(german.posts.draftNote);

    for (const [userId, postId] of [
      [other.id, String(post.id)],
      [sellerId, 'abc'],
    ] as const) {
      await expect(
        PostEditorPage.render(pageProps('cabinet-post-editor', userId, { postId })).then(
          () => 'rendered',
          (error: unknown) => (isNotFoundError(error) ? 'not found' : error),
        ),
      ).resolves.toBe('not found');
    }
  });
});
