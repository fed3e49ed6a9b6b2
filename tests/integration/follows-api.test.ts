import { sql } from 'drizzle-orm';
import { POST as subscribe } from '@/app/api/v3/subscriptions/subscribe/route';
import { POST as unsubscribe } from '@/app/api/v3/subscriptions/unsubscribe/route';
import { GET as listSubscriptions } from '@/app/api/v1/subscriptions/route';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { apiRequest } from './support/request';
import { signIn } from './support/session';
import { callRoute } from './support/routes';

let database: TestDatabase;
let buyer: string;
let seller: string;
let sellerId: number;
let otherAuthorId: number;

async function followers(authorId: number): Promise<number> {
  const rows = await getDb().execute<{ n: number }>(
    sql`SELECT followers_number AS n FROM author_profiles WHERE user_id = ${authorId}`,
  );
  return rows.rows[0]!.n;
}

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  buyer = await signIn(DEMO_ACCOUNTS.buyer);
  seller = await signIn(DEMO_ACCOUNTS.seller);
  const ids = await getDb().execute<{ id: number; email: string }>(
    sql`SELECT u.id, u.email FROM users u JOIN author_profiles a ON a.user_id = u.id WHERE u.is_seller ORDER BY u.id LIMIT 2`,
  );
  sellerId = ids.rows.find((r) => r.email === DEMO_ACCOUNTS.seller)!.id;
  otherAuthorId = ids.rows.find((r) => r.email !== DEMO_ACCOUNTS.seller)!.id;
});
afterAll(() => database.stop());

const post = (handler: typeof subscribe, cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  callRoute(handler, '/api/v3/subscriptions/x', { method: 'POST', body, headers: { cookie, ...headers } });

describe(`follows on ${BACKEND}`, () => {
  it('follows an author once, lists it first, counts it, and unfollows', async () => {
    const before = await followers(sellerId);
    expect((await post(subscribe, buyer, { subjectId: otherAuthorId, subjectType: 'author' })).status).toBe(200);
    expect((await post(subscribe, buyer, { subjectId: sellerId, subjectType: 'author' })).status).toBe(200);
    expect((await post(subscribe, buyer, { subjectId: sellerId, subjectType: 'author' })).status).toBe(200);
    expect(await followers(sellerId)).toBe(before + 1);

    const list = await (
      await listSubscriptions(apiRequest('/api/v1/subscriptions?type=author', { headers: { cookie: buyer } }))
    ).json();
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({ subjectId: sellerId, subjectType: 'author' });

    expect((await post(unsubscribe, buyer, { subjectId: sellerId, subjectType: 'author' })).status).toBe(200);
    expect((await post(unsubscribe, buyer, { subjectId: sellerId, subjectType: 'author' })).status).toBe(200);
    expect(await followers(sellerId)).toBe(before);
    const after = await (
      await listSubscriptions(apiRequest('/api/v1/subscriptions?type=author', { headers: { cookie: buyer } }))
    ).json();
    expect(after.items.map((i: { subjectId: number }) => i.subjectId)).toEqual([otherAuthorId]);
  });

  it('keeps each user to their own list', async () => {
    const list = await (
      await listSubscriptions(apiRequest('/api/v1/subscriptions?type=author', { headers: { cookie: seller } }))
    ).json();
    const own = await getDb().execute<{ id: number }>(
      sql`SELECT author_id AS id FROM author_follows WHERE follower_id = ${sellerId}`,
    );
    expect(list.total).toBe(own.rows.length);
    expect(new Set(list.items.map((i: { subjectId: number }) => i.subjectId))).toEqual(
      new Set(own.rows.map((r) => r.id)),
    );
  });

  it.each([
    [{ subjectId: 'eins', subjectType: 'author' }, 400],
    [{ subjectId: 1, subjectType: 'subject' }, 400],
    [{ subjectId: 1, subjectType: 'author', extra: true }, 400],
    [{ subjectId: 999999, subjectType: 'author' }, 404],
  ])('rejects %j with %i and changes nothing', async (body, status) => {
    const before = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM author_follows`);
    expect((await post(subscribe, buyer, body)).status).toBe(status);
    const after = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM author_follows`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses following oneself, anonymous callers and other sites', async () => {
    expect((await post(subscribe, seller, { subjectId: sellerId, subjectType: 'author' })).status).toBe(400);
    expect((await post(subscribe, '', { subjectId: sellerId, subjectType: 'author' })).status).toBe(401);
    expect(
      (await post(subscribe, buyer, { subjectId: sellerId, subjectType: 'author' }, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect((await listSubscriptions(apiRequest('/api/v1/subscriptions?type=author'))).status).toBe(401);
    expect(
      (await listSubscriptions(apiRequest('/api/v1/subscriptions?type=folder', { headers: { cookie: buyer } }))).status,
    ).toBe(400);
  });
});
