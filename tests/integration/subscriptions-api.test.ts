import { sql } from 'drizzle-orm';
import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { POST as logout } from '@/app/api/v3/oauth2/logout/route';
import { POST as register } from '@/app/api/v3/registration/register/route';
import { POST as confirm } from '@/app/api/v3/registration/confirm/route';
import { POST as subscribe } from '@/app/api/v3/subscriptions/subscribe/route';
import { POST as unsubscribe } from '@/app/api/v3/subscriptions/unsubscribe/route';
import { POST as anonymousSubscribe } from '@/app/api/v3/subscriptions/anonymous/subscribe/route';
import { POST as anonymousUnsubscribe } from '@/app/api/v3/subscriptions/anonymous/unsubscribe/route';
import { POST as anonymousList } from '@/app/api/v3/subscriptions/anonymous/list/route';
import { POST as persist } from '@/app/api/v3/subscriptions/anonymous/persist/route';
import { GET as status } from '@/app/api/v3/subscriptions/status/route';
import { POST as keepForm } from '@/app/api/v3/subscriptions/form/route';
import { GET as listSubscriptions } from '@/app/api/v1/subscriptions/route';
import { POST as wishlist } from '@/app/api/v3/elastic-indexer/wishlist/query/route';
import { POST as anonymousWishlist } from '@/app/api/v3/elastic-indexer/anonymous-wishlist/query/route';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/seed/seed';
import { mergeAnonymousSubscriptions } from '@/lib/subscriptions/merge';
import { SUBSCRIPTION_LIMITS } from '@/lib/subscriptions/limits';
import { KEEPS_HINT_COOKIE } from '@/lib/subscriptions/keeps-hint';
import { findValidToken } from '@/lib/accounts/tokens';
import { readAccessToken } from '@/lib/accounts/session';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { deliveredMail } from './support/mail';
import { apiRequest } from './support/request';
import { callRoute, postForm, type RouteHandler } from './support/routes';
import { cookiesSetBy, sessionCookieOf, signInSession, type SignedIn } from './support/session';

let database: TestDatabase;
let buyer: SignedIn;
let seller: SignedIn;
let otherAuthorId: number;
/** Published materials of the de world, none the buyer keeps at the start. */
let materials: number[];
let grMaterial: number;

let ipCounter = 0;
/** Each anonymous visitor comes from its own address unless a test pins one. */
const ownClientIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return (await getDb().execute<{ n: number }>(query)).rows[0]!.n;
}

const followers = (authorId: number) =>
  count(sql`SELECT followers_number AS n FROM author_profiles WHERE user_id = ${authorId}`);

/** A fresh anonymous visitor: the session cookie of a client-credentials token, and an address. */
async function anonymousVisitor(): Promise<{ cookie: string; ip: string }> {
  const ip = ownClientIp();
  const response = await callRoute(authenticate, '/api/v3/oauth2/authenticate', {
    body: { client_id: 'web', grant_type: 'client_credentials' },
    headers: { 'x-kreide-client-ip': ip },
  });
  expect(response.status).toBe(200);
  return { cookie: sessionCookieOf(response), ip };
}

function call(
  handler: RouteHandler,
  path: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return callRoute(handler, path, { body, headers: { cookie, ...headers } });
}
const material = (id: number) => ({ subjectId: id, subjectType: 'material' });
const author = (id: number) => ({ subjectId: id, subjectType: 'author' });

async function listOf(cookie: string, type: 'material' | 'author'): Promise<{ ids: number[]; total: number }> {
  const response = await call(listSubscriptions, `/api/v1/subscriptions?type=${type}`, cookie);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { subjectId: number }[]; total: number };
  return { ids: body.items.map((item) => item.subjectId), total: body.total };
}

async function anonymousListOf(cookie: string, type: 'material' | 'author'): Promise<number[]> {
  const response = await call(anonymousList, '/api/v3/subscriptions/anonymous/list', cookie, { subjectType: type });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { subjectId: number }[] }).items.map((item) => item.subjectId);
}

function hintOf(response: Response): string | null {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${KEEPS_HINT_COOKIE}=`));
  return set ? set.split(';')[0]!.split('=')[1]! : null;
}

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  buyer = await signInSession(DEMO_ACCOUNTS.buyer, { headers: { 'x-kreide-client-ip': ownClientIp() } });
  seller = await signInSession(DEMO_ACCOUNTS.seller, { headers: { 'x-kreide-client-ip': ownClientIp() } });
  const ids = await getDb().execute<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN author_profiles a ON a.user_id = u.id WHERE u.is_seller AND u.id <> ${seller.userId} ORDER BY u.id LIMIT 1`,
  );
  otherAuthorId = ids.rows[0]!.id;
  const rows = await getDb().execute<{ id: number }>(
    sql`SELECT id FROM materials WHERE world = 'de' AND is_active AND deleted_at IS NULL ORDER BY id LIMIT 12`,
  );
  materials = rows.rows.map((row) => row.id);
  const gr = await getDb().execute<{ id: number }>(
    sql`SELECT id FROM materials WHERE world = 'gr' AND is_active AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  grMaterial = gr.rows[0]!.id;
  await getDb().execute(sql`DELETE FROM favourites`);
  await getDb().execute(sql`DELETE FROM author_follows WHERE follower_id IN (${buyer.userId}, ${seller.userId})`);
});
afterAll(() => database.stop());

describe(`favourites and follows of an account on ${BACKEND}`, () => {
  it('adds favourites to the front of the list, counts them, keeps them once, and removes them', async () => {
    const [first, second] = materials;
    const added = await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(first!));
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ subscribed: true, total: 1 });
    expect(hintOf(added)).toBe('1');
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(second!));
    const twice = await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(first!));
    expect(await twice.json()).toEqual({ subscribed: true, total: 2 });
    expect(await listOf(buyer.cookie, 'material')).toEqual({ ids: [second, first], total: 2 });

    const removed = await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, material(second!));
    expect(await removed.json()).toEqual({ subscribed: false, total: 1 });
    expect((await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, material(second!))).status).toBe(
      200,
    );
    expect(await listOf(buyer.cookie, 'material')).toEqual({ ids: [first], total: 1 });
    const last = await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, material(first!), {
      cookie: `${buyer.cookie}; ${KEEPS_HINT_COOKIE}=1`,
    });
    // Nothing kept any more: the hint goes, so pages stop asking.
    expect(hintOf(last)).toBe('');
  });

  it('follows an author once, lists it first, counts it on both sides, and unfollows', async () => {
    const before = await followers(seller.userId);
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, author(otherAuthorId));
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, author(seller.userId));
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, author(seller.userId));
    expect(await followers(seller.userId)).toBe(before + 1);
    expect(await listOf(buyer.cookie, 'author')).toEqual({ ids: [seller.userId, otherAuthorId], total: 2 });
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, author(seller.userId));
    expect(await followers(seller.userId)).toBe(before);
    expect(await listOf(buyer.cookie, 'author')).toEqual({ ids: [otherAuthorId], total: 1 });
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, author(otherAuthorId));
  });

  it('hides a favourite while its material is unpublished and shows it again when it is back', async () => {
    const id = materials[3]!;
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(id));
    await getDb().execute(sql`UPDATE materials SET is_active = false WHERE id = ${id}`);
    try {
      expect(await listOf(buyer.cookie, 'material')).toEqual({ ids: [], total: 0 });
      const page = await call(wishlist, '/api/v3/elastic-indexer/wishlist/query', buyer.cookie, {});
      expect((await page.json()).total).toBe(0);
      // Not offered while hidden: a new favourite of it is refused as not found.
      const refused = await call(subscribe, '/api/v3/subscriptions/subscribe', seller.cookie, material(id));
      expect(refused.status).toBe(404);
    } finally {
      await getDb().execute(sql`UPDATE materials SET is_active = true WHERE id = ${id}`);
    }
    expect(await listOf(buyer.cookie, 'material')).toEqual({ ids: [id], total: 1 });
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, material(id));
  });

  it('answers the wishlist query with cards of the world, the total, paging and sorting', async () => {
    for (const id of materials.slice(0, 5))
      await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(id));
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(grMaterial));
    const first = await call(wishlist, '/api/v3/elastic-indexer/wishlist/query?world=de', buyer.cookie, {
      limit: 2,
      page: 1,
      filter: { world: 'de', isActive: true, deletedAt: null },
    });
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(page1.total).toBe(5);
    expect(page1.items.map((item: { id: number }) => item.id)).toEqual([materials[4], materials[3]]);
    expect(page1.items[0]).toMatchObject({ world: 'de', title: expect.any(String), favouritedAt: expect.any(String) });
    const page3 = await (
      await call(wishlist, '/api/v3/elastic-indexer/wishlist/query?world=de', buyer.cookie, { limit: 2, page: 3 })
    ).json();
    expect(page3.items.map((item: { id: number }) => item.id)).toEqual([materials[0]]);
    const byTitle = await (
      await call(wishlist, '/api/v3/elastic-indexer/wishlist/query?world=de', buyer.cookie, { sort: 'title' })
    ).json();
    const titles = byTitle.items.map((item: { title: string }) => item.title.toLowerCase());
    expect(titles).toEqual(
      [...titles].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    const gr = await (
      await call(wishlist, '/api/v3/elastic-indexer/wishlist/query?world=gr', buyer.cookie, { limit: 200 })
    ).json();
    expect(gr.items.map((item: { id: number }) => item.id)).toEqual([grMaterial]);
    // The filter cannot widen what is shown.
    const widened = await call(wishlist, '/api/v3/elastic-indexer/wishlist/query', buyer.cookie, {
      filter: { isActive: false },
    });
    expect(widened.status).toBe(400);
    await getDb().execute(sql`DELETE FROM favourites WHERE user_id = ${buyer.userId}`);
  });

  it.each([
    [{ subjectId: 'eins', subjectType: 'author' }, 400],
    [{ subjectId: 1, subjectType: 'subject' }, 400],
    [{ subjectId: 1, subjectType: 'material', extra: true }, 400],
    [{ subjectId: 2_147_483_648, subjectType: 'material' }, 400],
    [{ subjectId: 1, subjectType: 'material', world: 'xx' }, 400],
    [{ subjectId: 999_999, subjectType: 'author' }, 404],
    [{ subjectId: 999_999, subjectType: 'material' }, 404],
  ])('refuses %j with %i and changes nothing', async (body, expected) => {
    const before = await count(
      sql`SELECT (SELECT count(*) FROM favourites) + (SELECT count(*) FROM author_follows) AS n`,
    );
    const response = await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, body);
    expect(response.status).toBe(expected);
    expect((await response.json()).error.message).toEqual(expect.any(String));
    expect(
      await count(sql`SELECT (SELECT count(*) FROM favourites) + (SELECT count(*) FROM author_follows) AS n`),
    ).toBe(before);
  });

  it('refuses following oneself, anonymous callers of the account routes and other sites', async () => {
    const self = await call(subscribe, '/api/v3/subscriptions/subscribe', seller.cookie, author(seller.userId));
    expect(self.status).toBe(400);
    expect((await call(subscribe, '/api/v3/subscriptions/subscribe', '', material(materials[0]!))).status).toBe(401);
    const visitor = await anonymousVisitor();
    expect(
      (await call(subscribe, '/api/v3/subscriptions/subscribe', visitor.cookie, material(materials[0]!))).status,
    ).toBe(401);
    const crossSite = await callRoute(subscribe, '/api/v3/subscriptions/subscribe', {
      body: material(materials[0]!),
      headers: { cookie: buyer.cookie },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await call(listSubscriptions, '/api/v1/subscriptions?type=author', '')).status).toBe(401);
    expect((await call(listSubscriptions, '/api/v1/subscriptions?type=folder', buyer.cookie)).status).toBe(400);
    expect((await call(wishlist, '/api/v3/elastic-indexer/wishlist/query', visitor.cookie, {})).status).toBe(401);
  });

  it('keeps each account to its own lists: nobody reads or changes another’s', async () => {
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(materials[6]!));
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, author(otherAuthorId));
    // The seller "removing" the buyer's favourite only touches the seller's own list.
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', seller.cookie, material(materials[6]!));
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', seller.cookie, author(otherAuthorId));
    expect((await listOf(buyer.cookie, 'material')).ids).toEqual([materials[6]]);
    expect((await listOf(buyer.cookie, 'author')).ids).toEqual([otherAuthorId]);
    expect(await listOf(seller.cookie, 'material')).toEqual({ ids: [], total: 0 });
    const sellerStatus = await call(
      status,
      `/api/v3/subscriptions/status?materials=${materials[6]}&authors=${otherAuthorId}`,
      seller.cookie,
    );
    expect(await sellerStatus.json()).toEqual({ materials: [], authors: [] });
    const sellerWishlist = await (
      await call(wishlist, '/api/v3/elastic-indexer/wishlist/query', seller.cookie, {})
    ).json();
    expect(sellerWishlist.total).toBe(0);
    const buyerStatus = await call(
      status,
      `/api/v3/subscriptions/status?materials=${materials[6]},${materials[7]}&authors=${otherAuthorId}`,
      buyer.cookie,
    );
    expect(await buyerStatus.json()).toEqual({ materials: [materials[6]], authors: [otherAuthorId] });
    await getDb().execute(sql`DELETE FROM favourites WHERE user_id = ${buyer.userId}`);
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, author(otherAuthorId));
  });

  it('stops at the account limit with a clear message and adds nothing', async () => {
    await getDb().execute(
      sql`INSERT INTO favourites (user_id, material_id, created_at)
          SELECT ${seller.userId}, m.id, now() - interval '1 day' FROM materials m WHERE m.id NOT IN (${materials[10]!}, ${materials[11]!}) ORDER BY m.id LIMIT 40`,
    );
    expect(SUBSCRIPTION_LIMITS.favouritesPerAccount).toBe(5_000);
    // The seed has 60 materials, not 5,000: the limit is lowered for this call, and 40 stored
    // favourites (hidden ones count too) stand for a full list.
    const original = SUBSCRIPTION_LIMITS.favouritesPerAccount;
    (SUBSCRIPTION_LIMITS as { favouritesPerAccount: number }).favouritesPerAccount = 40;
    try {
      const refused = await call(subscribe, '/api/v3/subscriptions/subscribe?world=de', seller.cookie, {
        subjectId: materials[11]!,
        subjectType: 'material',
      });
      expect(refused.status).toBe(409);
      const body = await refused.json();
      expect(body.error.details).toEqual({ reason: 'favourites_full', limit: 40 });
      expect(body.error.message).toContain('40');
      expect(body.error.message).toMatch(/Merkzettel/);
      // Two adds at once with room for one: the account's lock lets exactly one in.
      (SUBSCRIPTION_LIMITS as { favouritesPerAccount: number }).favouritesPerAccount = 41;
      const both = await Promise.all(
        [materials[10]!, materials[11]!].map((id) =>
          call(subscribe, '/api/v3/subscriptions/subscribe', seller.cookie, material(id)),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await count(sql`SELECT count(*)::int AS n FROM favourites WHERE user_id = ${seller.userId}`)).toBe(41);
      await getDb().execute(
        sql`DELETE FROM favourites WHERE user_id = ${seller.userId} AND material_id IN (${materials[10]!}, ${materials[11]!})`,
      );
    } finally {
      (SUBSCRIPTION_LIMITS as { favouritesPerAccount: number }).favouritesPerAccount = original;
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM favourites WHERE user_id = ${seller.userId}`)).toBe(40);
    await getDb().execute(sql`DELETE FROM favourites WHERE user_id = ${seller.userId}`);
  });
});

describe(`anonymous favourites and follows on ${BACKEND}`, () => {
  it('keeps favourites and follows on the client-credentials identity, lists, answers status and the wishlist', async () => {
    const visitor = await anonymousVisitor();
    const headers = { 'x-kreide-client-ip': visitor.ip };
    for (const id of materials.slice(0, 3)) {
      const response = await call(
        anonymousSubscribe,
        '/api/v3/subscriptions/anonymous/subscribe',
        visitor.cookie,
        material(id),
        headers,
      );
      expect(response.status).toBe(200);
      expect(hintOf(response) === '1' || hintOf(response) === null).toBe(true);
    }
    await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe',
      visitor.cookie,
      author(otherAuthorId),
      headers,
    );
    expect(await anonymousListOf(visitor.cookie, 'material')).toEqual([materials[2], materials[1], materials[0]]);
    expect(await anonymousListOf(visitor.cookie, 'author')).toEqual([otherAuthorId]);
    const answer = await call(
      status,
      `/api/v3/subscriptions/status?materials=${materials[0]},${materials[5]},${materials[2]}&authors=${otherAuthorId},${seller.userId}`,
      visitor.cookie,
    );
    expect(await answer.json()).toEqual({ materials: [materials[0], materials[2]], authors: [otherAuthorId] });
    const page = await (
      await call(anonymousWishlist, '/api/v3/elastic-indexer/anonymous-wishlist/query', visitor.cookie, { limit: 2 })
    ).json();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    await call(
      anonymousUnsubscribe,
      '/api/v3/subscriptions/anonymous/unsubscribe',
      visitor.cookie,
      material(materials[1]!),
      headers,
    );
    expect(await anonymousListOf(visitor.cookie, 'material')).toEqual([materials[2], materials[0]]);
    // Another anonymous visitor sees none of it.
    const other = await anonymousVisitor();
    expect(await anonymousListOf(other.cookie, 'material')).toEqual([]);
    expect(
      await (await call(status, `/api/v3/subscriptions/status?materials=${materials[0]}`, other.cookie)).json(),
    ).toEqual({ materials: [], authors: [] });
  });

  it('answers the status call without a token as empty, and refuses bad id lists', async () => {
    expect(await (await call(status, `/api/v3/subscriptions/status?materials=1,2`, '')).json()).toEqual({
      materials: [],
      authors: [],
    });
    for (const query of [
      'materials=1,,2',
      'materials=abc',
      'materials=0',
      'authors=99999999999',
      'materials=1&materials=2',
      'other=1',
    ]) {
      const response = await call(status, `/api/v3/subscriptions/status?${query}`, buyer.cookie);
      expect(response.status).toBe(400);
    }
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect((await call(status, `/api/v3/subscriptions/status?materials=${many}`, buyer.cookie)).status).toBe(400);
  });

  it('makes the anonymous identity on a first heart without a session, and nothing for a bad one', async () => {
    const ip = ownClientIp();
    const tokensBefore = await count(sql`SELECT count(*)::int AS n FROM access_tokens`);
    const refused = await call(anonymousSubscribe, '/api/v3/subscriptions/anonymous/subscribe', '', material(999_999), {
      'x-kreide-client-ip': ip,
    });
    expect(refused.status).toBe(404);
    expect(await count(sql`SELECT count(*)::int AS n FROM access_tokens`)).toBe(tokensBefore);
    const first = await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe',
      '',
      material(materials[0]!),
      { 'x-kreide-client-ip': ip },
    );
    expect(first.status).toBe(200);
    expect(hintOf(first)).toBe('1');
    const cookie = cookiesSetBy(first);
    expect(cookie).toContain('kreide_session=');
    expect(await anonymousListOf(cookie, 'material')).toEqual([materials[0]]);
    // Removing without a session changes nothing and makes no identity.
    const removed = await call(
      anonymousUnsubscribe,
      '/api/v3/subscriptions/anonymous/unsubscribe',
      '',
      material(materials[0]!),
    );
    expect(await removed.json()).toEqual({ subscribed: false, total: 0 });
    expect(removed.headers.getSetCookie()).toEqual([]);
  });

  it('limits anonymous writes per address', async () => {
    const visitor = await anonymousVisitor();
    await getDb().execute(
      sql`INSERT INTO rate_limits (key, hits, window_started_at) VALUES (${`anonymous-subscription:ip:${visitor.ip}`}, 600, now())`,
    );
    const limited = await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe',
      visitor.cookie,
      material(materials[0]!),
      { 'x-kreide-client-ip': visitor.ip },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await anonymousListOf(visitor.cookie, 'material')).toEqual([]);
  });

  it('keeps at most 500 of a kind per anonymous identity, with a message that says to sign up', async () => {
    const visitor = await anonymousVisitor();
    const token = await getDb().execute<{ id: number }>(
      sql`SELECT id FROM access_tokens WHERE user_id IS NULL ORDER BY id DESC LIMIT 1`,
    );
    const tokenId = token.rows[0]!.id;
    await getDb().execute(
      sql`INSERT INTO anonymous_subscriptions (token_id, subject_type, subject_id)
          SELECT ${tokenId}, 'material', g FROM generate_series(100000, 100499) g`,
    );
    const refused = await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe?world=gr',
      visitor.cookie,
      material(materials[0]!),
      { 'x-kreide-client-ip': visitor.ip },
    );
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.error.details).toEqual({ reason: 'anonymous_favourites_full', limit: 500 });
    expect(body.error.message).toContain('500');
    await getDb().execute(sql`DELETE FROM anonymous_subscriptions WHERE token_id = ${tokenId}`);
  });
});

describe(`the merge at sign-in on ${BACKEND}`, () => {
  it('moves anonymous favourites and follows into the account without duplicates and empties the identity', async () => {
    const [kept, both, fresh] = materials;
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(kept!));
    await call(subscribe, '/api/v3/subscriptions/subscribe', buyer.cookie, material(both!));
    const visitor = await anonymousVisitor();
    const headers = { 'x-kreide-client-ip': visitor.ip };
    for (const subject of [material(both!), material(fresh!), author(seller.userId)])
      await call(anonymousSubscribe, '/api/v3/subscriptions/anonymous/subscribe', visitor.cookie, subject, headers);
    const followersBefore = await followers(seller.userId);

    const signedIn = await callRoute(authenticate, '/api/v3/oauth2/authenticate', {
      body: { client_id: 'web', grant_type: 'password', username: DEMO_ACCOUNTS.buyer, password: DEMO_PASSWORD },
      headers: { cookie: visitor.cookie, ...headers },
    });
    expect(signedIn.status).toBe(200);
    expect(hintOf(signedIn)).toBe('1');
    const account = cookiesSetBy(signedIn);
    const list = await listOf(account, 'material');
    expect(list.total).toBe(3);
    expect(new Set(list.ids)).toEqual(new Set([kept, both, fresh]));
    expect(list.ids[0]).toBe(fresh);
    expect((await listOf(account, 'author')).ids).toEqual([seller.userId]);
    expect(await followers(seller.userId)).toBe(followersBefore + 1);
    // The anonymous identity is empty: whoever has its cookie finds nothing.
    expect(await anonymousListOf(visitor.cookie, 'material')).toEqual([]);
    expect(await anonymousListOf(visitor.cookie, 'author')).toEqual([]);

    // Logout clears the hint; the next anonymous identity keeps nothing.
    const out = await callRoute(logout, '/api/v3/oauth2/logout', { method: 'POST', headers: { cookie: account } });
    expect(hintOf(out)).toBe('');
    const next = await anonymousVisitor();
    expect(await anonymousListOf(next.cookie, 'material')).toEqual([]);
    await getDb().execute(sql`DELETE FROM favourites WHERE user_id = ${buyer.userId}`);
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, author(seller.userId));
  });

  it('runs two merges of one identity at once without duplicates', async () => {
    await getDb().execute(sql`DELETE FROM favourites WHERE user_id = ${seller.userId}`);
    const visitor = await anonymousVisitor();
    const headers = { 'x-kreide-client-ip': visitor.ip };
    for (const id of materials.slice(0, 4))
      await call(
        anonymousSubscribe,
        '/api/v3/subscriptions/anonymous/subscribe',
        visitor.cookie,
        material(id),
        headers,
      );
    await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe',
      visitor.cookie,
      author(otherAuthorId),
      headers,
    );
    const token = await findValidToken(await tokenOf(visitor.cookie));
    const results = await Promise.all([
      mergeAnonymousSubscriptions(token!.tokenId, seller.userId),
      mergeAnonymousSubscriptions(token!.tokenId, seller.userId),
    ]);
    expect(results.map((r) => r.favourites).sort()).toEqual([0, 4]);
    expect(results.map((r) => r.follows).sort()).toEqual([0, 1]);
    expect(await count(sql`SELECT count(*)::int AS n FROM favourites WHERE user_id = ${seller.userId}`)).toBe(4);
    expect(await count(sql`SELECT following_number AS n FROM author_profiles WHERE user_id = ${seller.userId}`)).toBe(
      await count(sql`SELECT count(*)::int AS n FROM author_follows WHERE follower_id = ${seller.userId}`),
    );
    await getDb().execute(sql`DELETE FROM favourites WHERE user_id = ${seller.userId}`);
    await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', seller.cookie, author(otherAuthorId));
  });

  it('merges an app’s anonymous token through persist, once, and never another account’s token', async () => {
    const anonymous = await callRoute(authenticate, '/api/v3/oauth2/authenticate', {
      body: { client_id: 'app', grant_type: 'client_credentials' },
      headers: { 'x-kreide-client-ip': ownClientIp() },
    });
    const anonymousToken = ((await anonymous.json()) as { access_token: string }).access_token;
    const bearer = { authorization: `Bearer ${anonymousToken}` };
    await callRoute(anonymousSubscribe, '/api/v3/subscriptions/anonymous/subscribe', {
      body: material(materials[8]!),
      headers: bearer,
    });
    const app = await signInSession(DEMO_ACCOUNTS.buyer, {
      client: 'app',
      headers: { 'x-kreide-client-ip': ownClientIp() },
    });
    const userBearer = { authorization: `Bearer ${app.accessToken}` };
    // A signed-in token is not an anonymous identity: persisting it merges nothing.
    const wrong = await callRoute(persist, '/api/v3/subscriptions/anonymous/persist', {
      body: { anonymousToken: seller.accessToken ?? app.accessToken },
      headers: userBearer,
    });
    expect(await wrong.json()).toEqual({ favourites: 0, follows: 0 });
    const merged = await callRoute(persist, '/api/v3/subscriptions/anonymous/persist', {
      body: { anonymousToken },
      headers: userBearer,
    });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toEqual({ favourites: 1, follows: 0 });
    const again = await callRoute(persist, '/api/v3/subscriptions/anonymous/persist', {
      body: { anonymousToken },
      headers: userBearer,
    });
    expect(await again.json()).toEqual({ favourites: 0, follows: 0 });
    expect((await listOf(buyer.cookie, 'material')).ids).toEqual([materials[8]]);
    expect(
      (
        await callRoute(persist, '/api/v3/subscriptions/anonymous/persist', {
          body: { anonymousToken: 'x' },
          headers: userBearer,
        })
      ).status,
    ).toBe(400);
    await getDb().execute(sql`DELETE FROM favourites WHERE user_id = ${buyer.userId}`);
  });

  it('merges at the confirmation of a sign-up only in the browser that signed up', async () => {
    const visitor = await anonymousVisitor();
    const headers = { 'x-kreide-client-ip': visitor.ip };
    await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe',
      visitor.cookie,
      material(materials[9]!),
      headers,
    );
    const stranger = await anonymousVisitor();
    await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe',
      stranger.cookie,
      material(materials[10]!),
      {
        'x-kreide-client-ip': stranger.ip,
      },
    );
    const email = 'merkzettel.neu@example.org';
    const registered = await call(
      register,
      '/api/v3/registration/register?world=de',
      visitor.cookie,
      { email, password: 'gute-passphrase', public_name: 'Merkzettel Neu', accept_terms: true },
      headers,
    );
    expect(registered.status).toBe(202);
    const mail = (await deliveredMail()).filter((m) => m.to.includes(email)).at(-1)!;
    const token = mail.text.match(/\/de\/[^/\s]+\/[^/\s]+\/([A-Za-z0-9_-]{43})/)![1]!;
    // The stranger opening the link confirms the account but keeps their own favourites.
    const inStranger = await call(
      confirm,
      '/api/v3/registration/confirm',
      stranger.cookie,
      { token },
      {
        'x-kreide-client-ip': stranger.ip,
      },
    );
    expect(inStranger.status).toBe(200);
    expect((await inStranger.json()).merged).toEqual({ favourites: 0, follows: 0 });
    expect(await anonymousListOf(stranger.cookie, 'material')).toEqual([materials[10]]);
    // The visitor signs in afterwards: their favourite joins then.
    const session = await callRoute(authenticate, '/api/v3/oauth2/authenticate', {
      body: { client_id: 'web', grant_type: 'password', username: email, password: 'gute-passphrase' },
      headers: { cookie: visitor.cookie, ...headers },
    });
    expect(session.status).toBe(200);
    expect((await listOf(cookiesSetBy(session), 'material')).ids).toEqual([materials[9]]);
  });

  it('merges at the confirmation in the same browser', async () => {
    const visitor = await anonymousVisitor();
    const headers = { 'x-kreide-client-ip': visitor.ip };
    await call(
      anonymousSubscribe,
      '/api/v3/subscriptions/anonymous/subscribe',
      visitor.cookie,
      material(materials[9]!),
      headers,
    );
    const email = 'merkzettel.zwei@example.org';
    await call(
      register,
      '/api/v3/registration/register?world=de',
      visitor.cookie,
      { email, password: 'gute-passphrase', public_name: 'Merkzettel Zwei', accept_terms: true },
      headers,
    );
    const mail = (await deliveredMail()).filter((m) => m.to.includes(email)).at(-1)!;
    const token = mail.text.match(/\/de\/[^/\s]+\/[^/\s]+\/([A-Za-z0-9_-]{43})/)![1]!;
    const confirmed = await call(confirm, '/api/v3/registration/confirm', visitor.cookie, { token }, headers);
    expect((await confirmed.json()).merged).toEqual({ favourites: 1, follows: 0 });
    expect(await anonymousListOf(visitor.cookie, 'material')).toEqual([]);
    const session = await signInSession(email, { password: 'gute-passphrase', headers });
    expect((await listOf(session.cookie, 'material')).ids).toEqual([materials[9]]);
  });
});

/** The access token inside a session cookie, read the way the server reads it. */
async function tokenOf(cookie: string): Promise<string> {
  return (await readAccessToken(apiRequest('/', { headers: { cookie } })))!;
}

describe(`the heart and follow buttons without script on ${BACKEND}`, () => {
  it('adds a favourite for a visitor without a session and lands on the world’s favourites page', async () => {
    const ip = ownClientIp();
    const response = await postForm(
      keepForm,
      '/api/v3/subscriptions/form?world=it',
      { subjectId: String(materials[0]), subjectType: 'material' },
      { 'x-kreide-client-ip': ip },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/it\/[^/?]+\?notice=added$/);
    const cookie = cookiesSetBy(response);
    expect(cookie).toContain(`${KEEPS_HINT_COOKIE}=1`);
    expect(await anonymousListOf(cookie, 'material')).toEqual([materials[0]]);
  });

  it('follows an author and lands on the author’s page at its notice; removes and goes back to a path of ours', async () => {
    const follow = await postForm(
      keepForm,
      '/api/v3/subscriptions/form?world=de',
      { subjectId: String(otherAuthorId), subjectType: 'author' },
      { cookie: buyer.cookie },
    );
    expect(follow.status).toBe(303);
    expect(follow.headers.get('location')).toMatch(new RegExp(`^/de/autor/${otherAuthorId}/[^/]+#followed$`));
    expect((await listOf(buyer.cookie, 'author')).ids).toEqual([otherAuthorId]);
    const unfollow = await postForm(
      keepForm,
      '/api/v3/subscriptions/form?world=de',
      { subjectId: String(otherAuthorId), subjectType: 'author', action: 'remove', next: '/de/merkzettel?sort=title' },
      { cookie: buyer.cookie },
    );
    expect(unfollow.headers.get('location')).toBe('/de/merkzettel?sort=title&notice=unfollowed');
    expect((await listOf(buyer.cookie, 'author')).ids).toEqual([]);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/%09/evil.example'])(
    'never sends the visitor to %s',
    async (next) => {
      const response = await postForm(
        keepForm,
        '/api/v3/subscriptions/form?world=de',
        { subjectId: String(materials[1]), subjectType: 'material', next },
        { cookie: buyer.cookie },
      );
      expect(response.status).toBe(303);
      const location = response.headers.get('location')!;
      expect(location.startsWith('/')).toBe(true);
      expect(new URL(location, 'http://localhost:3000').origin).toBe('http://localhost:3000');
      await call(unsubscribe, '/api/v3/subscriptions/unsubscribe', buyer.cookie, material(materials[1]!));
    },
  );

  it('explains a refusal on the favourites page and refuses a malformed form', async () => {
    const missing = await postForm(
      keepForm,
      '/api/v3/subscriptions/form?world=gr',
      { subjectId: '999999', subjectType: 'material' },
      { cookie: buyer.cookie },
    );
    expect(missing.status).toBe(303);
    expect(missing.headers.get('location')).toMatch(/^\/gr\/[^/?]+\?error=material_not_found$/);
    const malformed: Record<string, string>[] = [
      { subjectId: 'x', subjectType: 'material' },
      { subjectId: '1', subjectType: 'folder' },
      { subjectId: '1', subjectType: 'material', action: 'toggle' },
      { subjectId: '1', subjectType: 'material', extra: '1' },
    ];
    for (const fields of malformed) {
      const response = await postForm(keepForm, '/api/v3/subscriptions/form', fields, { cookie: buyer.cookie });
      expect(response.status).toBe(400);
    }
    const crossSite = await callRoute(keepForm, '/api/v3/subscriptions/form', {
      method: 'POST',
      body: new URLSearchParams({ subjectId: String(materials[2]), subjectType: 'material' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: buyer.cookie },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await listOf(buyer.cookie, 'material')).ids).not.toContain(materials[2]);
  });
});
