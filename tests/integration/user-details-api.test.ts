import fs from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET as getDetails, POST as postDetails } from '@/app/api/v1/user/details/route';
import { GET as currentUser } from '@/app/api/v1/user/route';
import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { POST as uploadAvatar } from '@/app/api/v3/user-details/avatar/route';
import { POST as uploadBackground } from '@/app/api/v3/user-details/background/route';
import { POST as authorQuery } from '@/app/api/v3/user-details/query/route';
import { POST as removeBackground } from '@/app/api/v3/user-details/remove-background/route';
import { GET as media } from '@/app/media/[...key]/route';
import { getAuthorProfile } from '@/lib/catalog/authors';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { TAGS } from '@/lib/cache/tags';
import { getPageStore } from '@/lib/http/page-store';
import { solidImage, twoToneImage } from '@/lib/images/test-images';
import { getStorage } from '@/lib/storage/storage';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { apiRequest } from './support/request';
import { signInSession, sessionCookieOf } from './support/session';

type Handler = (request: NextRequest) => Promise<Response>;

let database: TestDatabase;
const accounts = {} as Record<
  'seller' | 'buyer' | 'schoolMaster',
  { id: number; bearer: Record<string, string>; cookie: Record<string, string> }
>;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  for (const name of ['seller', 'buyer', 'schoolMaster'] as const) {
    const app = await signInSession(DEMO_ACCOUNTS[name], { client: 'app' });
    const web = await signInSession(DEMO_ACCOUNTS[name]);
    accounts[name] = {
      id: app.userId,
      bearer: { authorization: `Bearer ${app.accessToken}` },
      cookie: { cookie: web.cookie, origin: 'http://localhost:3000' },
    };
  }
});
afterAll(() => database.stop());

const SAME_ORIGIN = 'http://localhost:3000';

function upload(
  handler: Handler,
  path: string,
  file: Blob | Buffer | null,
  headers: Record<string, string>,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  if (file)
    form.append(
      'file',
      file instanceof Blob ? file : new File([new Uint8Array(file)], 'upload.jpg', { type: 'image/jpeg' }),
    );
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return handler(new NextRequest(new URL(path, SAME_ORIGIN), { method: 'POST', body: form, headers }));
}

const avatar = (file: Blob | Buffer | null, headers: Record<string, string>) =>
  upload(uploadAvatar, '/api/v3/user-details/avatar?world=de', file, headers);
const background = (file: Blob | Buffer | null, headers: Record<string, string>) =>
  upload(uploadBackground, '/api/v3/user-details/background?world=de', file, headers);
const details = (headers: Record<string, string>, query = '') =>
  getDetails(apiRequest(`/api/v1/user/details?world=de${query}`, { headers }));
const changeDetails = (body: unknown, headers: Record<string, string>, query = '') =>
  postDetails(apiRequest(`/api/v1/user/details?world=de${query}`, { method: 'POST', body, headers }));
const removal = (headers: Record<string, string>) =>
  removeBackground(apiRequest('/api/v3/user-details/remove-background?world=de', { method: 'POST', headers }));

async function served(path: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const response = await media(new Request(`${SAME_ORIGIN}/media/${path}`), {
    params: Promise.resolve({ key: path.split('/') }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function userRow(id: number) {
  const [row] = await getDb().select().from(t.users).where(eq(t.users.id, id));
  return row!;
}

async function profileRow(id: number) {
  const [row] = await getDb().select().from(t.authorProfiles).where(eq(t.authorProfiles.userId, id));
  return row ?? null;
}

/**
 * Which of `pages` (key → the tags its render read) the page store drops while `work` runs: each
 * is stored under its tags first, so the test does not depend on how a purge finds them.
 */
async function purgedKeys(pages: Record<string, string[]>, work: () => Promise<unknown>): Promise<string[]> {
  const store = getPageStore();
  store.purgeAll();
  for (const [key, tags] of Object.entries(pages))
    store.set('public', key, {
      status: 200,
      headers: {},
      page: { template: { segments: [Buffer.from('<html></html>')] }, gzip: null },
      ttlMs: 300_000,
      tags,
    });
  await work();
  return Object.keys(pages).filter((key) => store.get('public', key) === undefined);
}

/** An author's pages stand for the author (their profile's cached read). */
const authorPages = (id: number | string, ...keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, [TAGS.author(Number(id))]]));

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; details: unknown } }).error;
}

describe(`user details API on ${BACKEND}`, () => {
  describe('GET v1/user/details', () => {
    it("answers the session user's changeable details, never cached", async () => {
      const response = await details(accounts.seller.bearer);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        id: accounts.seller.id,
        slug: 'frau-demo',
        isSeller: true,
        publicName: 'Frau Demo',
        userName: null,
        imagePath: null,
        avatarPath: null,
        subtitle: 'Grundschullehrerin aus Köln',
        description: expect.stringContaining('Grundschule in Köln'),
        facebookProfile: null,
        instagramProfile: 'frau.demo.unterricht',
        pinterestProfile: null,
        privateProfile: false,
        profileBackgroundData: null,
        profileBackgroundPath: null,
      });
      expect(await (await details(accounts.buyer.cookie)).json()).toMatchObject({
        id: accounts.buyer.id,
        isSeller: false,
        publicName: 'Demo Käuferin',
        subtitle: null,
        instagramProfile: null,
      });
    });

    it('refuses a user id in the query (there is none to pass)', async () => {
      const response = await details(accounts.seller.bearer, `&userId=${accounts.buyer.id}`);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('validation_failed');
    });
  });

  describe('POST v1/user/details', () => {
    it('changes name, slug and author profile; the answer, v1/user, the author query and the author page data agree', async () => {
      const mine = [
        `localhost:3000|/de/autor/${accounts.seller.id}/frau-demo|gzip`,
        `localhost:3000|/it/autore/${accounts.seller.id}/frau-demo/blog?x=1|identity`,
        `localhost:3000|/de/id/${accounts.seller.id}|gzip`,
      ];
      const others = [
        `localhost:3000|/de/autor/${accounts.seller.id}0/someone|gzip`,
        // A material of nobody's: the seller's own materials show their name and go too.
        'localhost:3000|/de/material/999999/x|gzip',
        `localhost:3000|/de/id/${accounts.seller.id}1|gzip`,
      ];
      let response!: Response;
      const purged = await purgedKeys(
        {
          ...authorPages(accounts.seller.id, ...mine),
          ...authorPages(`${accounts.seller.id}0`, others[0]!),
          [others[1]!]: [TAGS.material(999_999)],
          ...authorPages(`${accounts.seller.id}1`, others[2]!),
        },
        async () => {
          response = await changeDetails(
            {
              publicName: '  Frau   Dr. Müller ',
              userName: 'Erika Müller',
              subtitle: 'Mathe und Deutsch',
              description:
                '<p onmouseover="steal()">Hallo<script>alert(1)</script> <em>Klasse</em></p><img src=x onerror=alert(1)>',
              facebookProfile: 'https://www.facebook.com/frau.mueller.schule/',
              instagramProfile: '@frau.mueller',
              pinterestProfile: 'https://www.pinterest.de/fraumueller',
              privateProfile: true,
            },
            accounts.seller.cookie,
          );
        },
      );
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer).toMatchObject({
        id: accounts.seller.id,
        slug: 'frau-dr-mueller',
        publicName: 'Frau Dr. Müller',
        userName: 'Erika Müller',
        subtitle: 'Mathe und Deutsch',
        description: '<p>Hallo <em>Klasse</em></p>',
        facebookProfile: 'frau.mueller.schule',
        instagramProfile: 'frau.mueller',
        pinterestProfile: 'fraumueller',
        privateProfile: true,
      });
      expect(await (await details(accounts.seller.bearer)).json()).toEqual(answer);
      expect(
        await (await currentUser(apiRequest('/api/v1/user', { headers: accounts.seller.bearer }))).json(),
      ).toMatchObject({
        slug: 'frau-dr-mueller',
        details: { publicName: 'Frau Dr. Müller' },
        userName: 'Erika Müller',
      });
      const profile = await getAuthorProfile(accounts.seller.id);
      // The profile is private now: its public view carries the name, never the personal fields.
      expect(profile).toMatchObject({
        slug: 'frau-dr-mueller',
        details: { publicName: 'Frau Dr. Müller', privateProfile: true },
      });
      expect(profile!.details).not.toHaveProperty('subtitle');
      const queried = await authorQuery(
        apiRequest('/api/v3/user-details/query?world=de', {
          method: 'POST',
          body: { author: { userId: accounts.seller.id } },
        }),
      );
      const queriedBody = await queried.json();
      expect(queriedBody).toMatchObject({ details: { publicName: 'Frau Dr. Müller' } });
      expect(queriedBody.details).not.toHaveProperty('instagramProfile');

      // The author's cached pages go in every world (any slug, tab or query); other pages stay.
      expect(purged).toEqual(mine);
    });

    it('keeps the slug when the name stays, and clears optional fields with null or ""', async () => {
      const response = await changeDetails(
        {
          publicName: 'Frau Dr. Müller',
          userName: '',
          facebookProfile: null,
          pinterestProfile: '',
          description: '',
          privateProfile: false,
        },
        accounts.seller.bearer,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        slug: 'frau-dr-mueller',
        userName: null,
        facebookProfile: null,
        pinterestProfile: null,
        description: null,
        privateProfile: false,
        instagramProfile: 'frau.mueller',
      });
    });

    it.each([
      ['an unknown field', { publicName: 'Neu', isSeller: false }, ''],
      ['a user id', { id: 1, publicName: 'Übernommen' }, ''],
      ['a too short name', { publicName: 'X' }, 'publicName'],
      ['a name without letters', { publicName: '!!!' }, 'publicName'],
      [
        'a link to another site as Instagram profile',
        { instagramProfile: 'https://evil.example/x' },
        'instagramProfile',
      ],
      ['a bad Facebook name', { facebookProfile: 'ab' }, 'facebookProfile'],
      ['a subtitle that is too long', { subtitle: 's'.repeat(121) }, 'subtitle'],
      ['a non-boolean privateProfile', { privateProfile: 'true' }, 'privateProfile'],
      ['nothing to change', {}, ''],
    ])('refuses %s with 400 and the field path, changing nothing', async (_name, body, path) => {
      const before = await (await details(accounts.seller.bearer)).json();
      const response = await changeDetails(body, accounts.seller.bearer);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect((error.details as { path: string }[]).map((d) => d.path)).toContain(path);
      expect(await (await details(accounts.seller.bearer)).json()).toEqual(before);
    });

    it('refuses a body that is not JSON', async () => {
      const response = await postDetails(
        apiRequest('/api/v1/user/details?world=de', {
          method: 'POST',
          body: 'publicName=x',
          headers: { ...accounts.seller.bearer, 'content-type': 'application/json' },
        }),
      );
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('bad_request');
    });

    it('lets a buyer change their name but not author-profile fields (403, nothing changed)', async () => {
      const refused = await changeDetails(
        { publicName: 'Käuferin Neu', subtitle: 'Ich bin keine Autorin' },
        accounts.buyer.bearer,
      );
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).details).toEqual({ reason: 'not_seller', fields: ['subtitle'] });
      expect(await userRow(accounts.buyer.id)).toMatchObject({ publicName: 'Demo Käuferin', slug: 'demo-kaeuferin' });
      expect(await profileRow(accounts.buyer.id)).toBeNull();

      const ok = await changeDetails({ publicName: 'Иван Петров' }, accounts.buyer.bearer);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({
        publicName: 'Иван Петров',
        slug: `user-${accounts.buyer.id}`,
        subtitle: null,
      });
    });

    it("only ever changes the session's user: another user's id in the query or body is refused, and each token changes its own account", async () => {
      const sellerBefore = await userRow(accounts.seller.id);
      const viaQuery = await changeDetails(
        { publicName: 'Gekapert' },
        accounts.buyer.bearer,
        `&userId=${accounts.seller.id}`,
      );
      expect(viaQuery.status).toBe(400);
      const viaBody = await changeDetails(
        { userId: accounts.seller.id, publicName: 'Gekapert' },
        accounts.buyer.bearer,
      );
      expect(viaBody.status).toBe(400);

      const own = await changeDetails({ userName: 'Nur ich' }, accounts.buyer.bearer);
      expect((await own.json()).id).toBe(accounts.buyer.id);
      expect((await userRow(accounts.buyer.id)).userName).toBe('Nur ich');
      expect(await userRow(accounts.seller.id)).toEqual(sellerBefore);
    });

    it('needs a signed-in user (401) and, with the cookie, our own origin (403)', async () => {
      const anonymous = await authenticate(
        apiRequest('/api/v3/oauth2/authenticate', {
          method: 'POST',
          body: { client_id: 'web', grant_type: 'client_credentials' },
        }),
      );
      const anonymousCookie = { cookie: sessionCookieOf(anonymous) };
      const callers: Record<string, string>[] = [
        {},
        anonymousCookie,
        { authorization: 'Bearer not-a-token-not-a-token-not-a-token' },
      ];
      for (const headers of callers) {
        expect((await details(headers)).status).toBe(401);
        expect((await changeDetails({ publicName: 'Niemand' }, headers)).status).toBe(401);
      }
      const before = await userRow(accounts.seller.id);
      const foreign = await changeDetails(
        { publicName: 'Fremd' },
        { ...accounts.seller.cookie, origin: 'https://evil.example' },
      );
      expect(foreign.status).toBe(403);
      expect((await errorOf(foreign)).details).toEqual({ reason: 'foreign_origin' });
      expect(await userRow(accounts.seller.id)).toEqual(before);
    });
  });

  describe('POST v3/user-details/avatar', () => {
    let first: { imagePath: string; avatarPath: string; fallback: { imagePath: string; avatarPath: string } };

    it('stores a 200 px author image and a 32×32 avatar (WebP and JPEG) and sets users.image_path', async () => {
      const page = `localhost:3000|/de/autor/${accounts.seller.id}/frau-dr-mueller|gzip`;
      let response!: Response;
      expect(
        await purgedKeys(
          authorPages(accounts.seller.id, page),
          async () => (response = await avatar(await twoToneImage(900, 600), accounts.seller.cookie)),
        ),
      ).toEqual([page]);
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer).toEqual({
        imagePath: expect.stringMatching(new RegExp(`^users/${accounts.seller.id}/image-[\\w-]{12}\\.webp$`)),
        imageUrl: `/media/${answer.imagePath}`,
        avatarPath: expect.stringMatching(/avatar-[\w-]{12}\.webp$/),
        avatarUrl: `/media/${answer.avatarPath}`,
        format: 'webp',
        fallback: {
          format: 'jpeg',
          imagePath: answer.imagePath.replace(/\.webp$/, '.jpg'),
          imageUrl: `/media/${answer.imagePath.replace(/\.webp$/, '.jpg')}`,
          avatarPath: answer.avatarPath.replace(/\.webp$/, '.jpg'),
          avatarUrl: `/media/${answer.avatarPath.replace(/\.webp$/, '.jpg')}`,
        },
      });
      for (const [path, type, size] of [
        [answer.imagePath, 'image/webp', 200],
        [answer.fallback.imagePath, 'image/jpeg', 200],
        [answer.avatarPath, 'image/webp', 32],
        [answer.fallback.avatarPath, 'image/jpeg', 32],
      ] as const) {
        const file = await served(path);
        expect(file.status).toBe(200);
        expect(file.type).toBe(type);
        const metadata = await sharp(file.body).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual([
          type === 'image/webp' ? 'webp' : 'jpeg',
          size,
          size,
        ]);
      }
      expect((await userRow(accounts.seller.id)).imagePath).toBe(answer.imagePath);
      expect(
        await (await currentUser(apiRequest('/api/v1/user', { headers: accounts.seller.bearer }))).json(),
      ).toMatchObject({ userImagePath: answer.imagePath, details: { imagePath: answer.imagePath } });
      expect(await (await details(accounts.seller.bearer)).json()).toMatchObject({
        imagePath: answer.imagePath,
        avatarPath: answer.avatarPath,
      });
      first = answer;
    });

    it('replaces the picture and deletes the old files', async () => {
      const response = await avatar(await solidImage(300, 300, 'webp', '#00aa00'), accounts.seller.bearer);
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer.imagePath).not.toBe(first.imagePath);
      for (const old of [first.imagePath, first.avatarPath, first.fallback.imagePath, first.fallback.avatarPath]) {
        expect(await getStorage().read(old)).toBeNull();
        expect((await served(old)).status).toBe(404);
      }
      expect((await served(answer.avatarPath)).status).toBe(200);
    });

    it('leaves exactly the current files after concurrent uploads (each deletes what it replaced)', async () => {
      const colours = ['#aa0000', '#00aa00', '#0000aa', '#aaaa00'];
      const responses = await Promise.all(
        colours.map(async (colour) => avatar(await solidImage(120, 120, 'png', colour), accounts.seller.bearer)),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const current = (await userRow(accounts.seller.id)).imagePath!;
      const token = /image-([\w-]{12})\.webp$/.exec(current)![1];
      const folder = join(database.dataDir, 'files', 'users', String(accounts.seller.id));
      expect(fs.readdirSync(folder).sort()).toEqual([
        `avatar-${token}.jpg`,
        `avatar-${token}.webp`,
        `image-${token}.jpg`,
        `image-${token}.webp`,
      ]);
    });

    it("changes only the session user's picture", async () => {
      const sellerImage = (await userRow(accounts.seller.id)).imagePath;
      const response = await avatar(await solidImage(64, 64, 'gif', '#ff0000'), accounts.buyer.bearer);
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer.imagePath).toMatch(new RegExp(`^users/${accounts.buyer.id}/`));
      expect((await userRow(accounts.buyer.id)).imagePath).toBe(answer.imagePath);
      expect((await userRow(accounts.seller.id)).imagePath).toBe(sellerImage);
    });

    it.each([
      [
        'an SVG',
        415,
        'unsupported_media_type',
        () =>
          new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'me.png', { type: 'image/png' }),
      ],
      [
        'HTML named .jpg',
        415,
        'unsupported_media_type',
        () => new File(['<html><script>alert(1)</script></html>'], 'me.jpg', { type: 'image/jpeg' }),
      ],
      ['a TIFF', 415, 'unsupported_media_type', () => solidImage(20, 20, 'tiff')],
      [
        'a truncated JPEG',
        422,
        'invalid_image',
        async () =>
          (
            await sharp(await twoToneImage(400, 300))
              .jpeg()
              .toBuffer()
          ).subarray(0, 900),
      ],
      [
        'a file over 5 MB',
        413,
        'payload_too_large',
        async () => Buffer.concat([await solidImage(10, 10, 'jpeg'), Buffer.alloc(5 * 1024 * 1024)]),
      ],
    ] as const)('refuses %s (%i %s) and keeps the picture', async (_name, status, code, make) => {
      const before = (await userRow(accounts.seller.id)).imagePath;
      const response = await avatar(await make(), accounts.seller.bearer);
      expect(response.status).toBe(status);
      const error = await errorOf(response);
      expect(error.code).toBe(code);
      expect(error.message).not.toBe(code);
      expect((await userRow(accounts.seller.id)).imagePath).toBe(before);
    });

    it('says what is wrong in the world language', async () => {
      const response = await upload(
        uploadAvatar,
        '/api/v3/user-details/avatar?world=it',
        new File(['<svg/>'], 'a.png'),
        accounts.seller.bearer,
      );
      expect((await errorOf(response)).message).toMatch(/tipo di file/);
    });

    it('refuses a declared body over the limit before reading it (413), a missing file (400) and a non-multipart body (415)', async () => {
      const huge = await avatar(await solidImage(10, 10, 'png'), {
        ...accounts.seller.bearer,
        'content-length': String(50 * 1024 * 1024),
      });
      expect(huge.status).toBe(413);
      const missing = await avatar(null, accounts.seller.bearer);
      expect(missing.status).toBe(400);
      expect((await errorOf(missing)).details).toEqual([{ path: 'file', message: 'A file is required' }]);
      const extraField = await upload(
        uploadAvatar,
        '/api/v3/user-details/avatar?world=de',
        await solidImage(10, 10, 'png'),
        accounts.seller.bearer,
        { userId: String(accounts.buyer.id) },
      );
      expect(extraField.status).toBe(400);
      const json = await uploadAvatar(
        apiRequest('/api/v3/user-details/avatar?world=de', {
          method: 'POST',
          body: { file: 'x' },
          headers: accounts.seller.bearer,
        }),
      );
      expect(json.status).toBe(415);
    });

    it('needs a signed-in user (401) and, with the cookie, our own origin (403)', async () => {
      const image = await solidImage(40, 40, 'png');
      expect((await avatar(image, {})).status).toBe(401);
      const before = (await userRow(accounts.seller.id)).imagePath;
      const foreign = await avatar(image, { ...accounts.seller.cookie, origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect((await userRow(accounts.seller.id)).imagePath).toBe(before);
    });
  });

  describe('POST v3/user-details/background and remove-background', () => {
    let first: { profile_background_path: string; profile_background_data: { fallback: { path: string } } };

    it('stores a background 204 high (up to 1200 wide, WebP quality 80) and answers its data and path', async () => {
      const page = `localhost:3000|/fr/auteur/${accounts.seller.id}/frau-dr-mueller|gzip`;
      let response!: Response;
      expect(
        await purgedKeys(
          authorPages(accounts.seller.id, page),
          async () =>
            (response = await background(await solidImage(1600, 400, 'jpeg', '#224488'), accounts.seller.cookie)),
        ),
      ).toEqual([page]);
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer).toEqual({
        profile_background_path: expect.stringMatching(
          new RegExp(`^users/${accounts.seller.id}/background-[\\w-]{12}\\.webp$`),
        ),
        profile_background_url: `/media/${answer.profile_background_path}`,
        profile_background_data: {
          width: 816,
          height: 204,
          format: 'webp',
          quality: 80,
          dominantColor: expect.stringMatching(/^#[0-9a-f]{6}$/),
          fallback: { format: 'jpeg', path: answer.profile_background_path.replace(/\.webp$/, '.jpg') },
        },
      });
      const webp = await served(answer.profile_background_path);
      expect(webp.type).toBe('image/webp');
      expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width: 816, height: 204 });
      const jpeg = await served(answer.profile_background_data.fallback.path);
      expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: 'jpeg', width: 816, height: 204 });
      expect(await profileRow(accounts.seller.id)).toMatchObject({
        profileBackgroundPath: answer.profile_background_path,
        profileBackgroundData: answer.profile_background_data,
      });
      expect(await getAuthorProfile(accounts.seller.id)).toMatchObject({
        details: { profileBackgroundPath: answer.profile_background_path },
      });
      first = answer;
    });

    it('cuts a very wide picture to 1200 and deletes the replaced files', async () => {
      const response = await background(await twoToneImage(5000, 300), accounts.seller.bearer);
      const answer = await response.json();
      expect(answer.profile_background_data).toMatchObject({ width: 1200, height: 204 });
      expect(await getStorage().read(first.profile_background_path)).toBeNull();
      expect(await getStorage().read(first.profile_background_data.fallback.path)).toBeNull();
      expect((await served(answer.profile_background_path)).status).toBe(200);
    });

    it('creates the author profile of a seller who has none yet', async () => {
      await getDb().update(t.users).set({ isSeller: true }).where(eq(t.users.id, accounts.schoolMaster.id));
      expect(await profileRow(accounts.schoolMaster.id)).toBeNull();
      const response = await background(await solidImage(800, 204, 'png'), accounts.schoolMaster.bearer);
      expect(response.status).toBe(200);
      expect(await profileRow(accounts.schoolMaster.id)).toMatchObject({
        profileBackgroundPath: (await response.json()).profile_background_path,
        privateProfile: false,
      });
    });

    it('refuses non-sellers (403), bad files and anonymous or foreign-origin calls, changing nothing', async () => {
      const image = await solidImage(800, 300, 'png');
      const buyer = await background(image, accounts.buyer.bearer);
      expect(buyer.status).toBe(403);
      expect(await profileRow(accounts.buyer.id)).toBeNull();
      const before = await profileRow(accounts.seller.id);
      expect(
        (await background(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'bg.webp'), accounts.seller.bearer))
          .status,
      ).toBe(415);
      expect((await background(Buffer.alloc(6 * 1024 * 1024, 1), accounts.seller.bearer)).status).toBe(413);
      expect((await background(image, {})).status).toBe(401);
      expect((await background(image, { ...accounts.seller.cookie, origin: 'https://evil.example' })).status).toBe(403);
      expect((await removal({ ...accounts.seller.cookie, origin: 'https://evil.example' })).status).toBe(403);
      expect((await removal({})).status).toBe(401);
      expect(await profileRow(accounts.seller.id)).toEqual(before);
    });

    it('removes the background and its files; removing again is fine', async () => {
      const { profileBackgroundPath, profileBackgroundData } = (await profileRow(accounts.seller.id))!;
      expect(profileBackgroundPath).not.toBeNull();
      const response = await removal(accounts.seller.cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        profile_background_data: null,
        profile_background_path: null,
        profile_background_url: null,
      });
      expect(await profileRow(accounts.seller.id)).toMatchObject({
        profileBackgroundPath: null,
        profileBackgroundData: null,
      });
      expect(await getStorage().read(profileBackgroundPath!)).toBeNull();
      expect(
        await getStorage().read((profileBackgroundData as { fallback: { path: string } }).fallback.path),
      ).toBeNull();
      expect((await removal(accounts.seller.bearer)).status).toBe(200);
      // The school master's background (another user) is untouched.
      expect((await profileRow(accounts.schoolMaster.id))?.profileBackgroundPath).not.toBeNull();
    });
  });
});
