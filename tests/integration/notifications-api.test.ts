import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { GET as listRoute } from '@/app/api/v1/notifications/route';
import { POST as readRoute } from '@/app/api/v1/notifications/read/route';
import { POST as readFormRoute } from '@/app/api/v1/notifications/read-form/route';
import { POST as ticketRoute } from '@/app/api/v1/notifications/ticket/route';
import { POST as refundRoute } from '@/app/api/v3/admin/orders/[id]/refund/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { POST as subscribeRoute } from '@/app/api/v3/subscriptions/subscribe/route';
import { POST as unsubscribeRoute } from '@/app/api/v3/subscriptions/unsubscribe/route';
import { createAccount } from '@/lib/accounts/accounts';
import { updateNotificationPreferences } from '@/lib/cabinet/notification-preferences';
import { issueAccessTokenRow } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { authorPublishedFanOut } from '@/lib/notifications/fan-outs';
import { notifyNewVersion, notifyPayouts, notifyPreviews } from '@/lib/notifications/producers';
import { redeemSocketTicket } from '@/lib/notifications/store';
import { drainJobs } from '@/lib/jobs/workers';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { paidMaterials } from './support/catalogue';
import { shownCartTotal } from './support/cart-total';
import { callRoute, FORM } from './support/routes';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.admin));
  adminId = row!.id;
  admin = await bearerOf(adminId);
});
afterAll(async () => {
  await database.stop();
});

type Headers = Record<string, string>;

async function bearerOf(userId: number, impersonatorUserId?: number): Promise<Headers> {
  const { token } = await issueAccessTokenRow({ userId, clientId: 'app', grantType: 'password', impersonatorUserId });
  return { authorization: `Bearer ${token}` };
}

let counter = 0;
async function account() {
  counter += 1;
  const { id } = await createAccount({
    email: `notified-${counter}-${Date.now()}@example.test`,
    publicName: `Notified ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  await getDb().insert(t.billingAddresses).values({
    userId: id,
    fullName: 'Nora Neu',
    street: 'Ringstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    countryCode: 'DE',
  });
  return { id, headers: await bearerOf(id) };
}

async function buy(headers: Headers, materialIds: number[]) {
  for (const materialId of materialIds)
    expect((await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: materialId }, headers })).status).toBe(
      200,
    );
  const answer = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
    body: {
      provider: 'test',
      idempotency_key: crypto.randomBytes(12).toString('hex'),
      expected_total: await shownCartTotal(headers),
      delivery_consent: true,
    },
    headers,
  });
  expect(answer.status).toBe(201);
  return (await answer.json()).order as { id: number; reference: string; status: string };
}

async function list(headers: Headers, query = '') {
  const answer = await callRoute(listRoute, `/api/v1/notifications${query}`, { headers });
  expect(answer.status).toBe(200);
  return (await answer.json()) as {
    items: { id: number; kind: string; text: string; href: string; read: boolean }[];
    total: number;
    unread: number;
  };
}

const stored = async (userId: number) =>
  getDb().select().from(t.notifications).where(eq(t.notifications.userId, userId)).orderBy(t.notifications.id);

describe(`notifications on ${BACKEND}`, () => {
  it('tells the buyer the order is paid and each seller of the sale, in the reader’s language', async () => {
    const buyer = await account();
    const [material] = await paidMaterials('de', 1, { notOwnedBy: buyer.id });
    const sellerId = material!.authorId;
    const before = (await stored(sellerId)).length;
    const order = await buy(buyer.headers, [material!.id]);
    expect(order.status).toBe('paid');

    const mine = await list(buyer.headers);
    expect(mine.items).toHaveLength(1);
    expect(mine).toMatchObject({ total: 1, unread: 1 });
    expect(mine.items[0]).toMatchObject({ kind: 'order_paid', read: false, href: '/de/konto/gekaufte-materialien' });
    expect(mine.items[0]!.text).toContain(order.reference);
    expect(mine.items[0]!.text).toContain('bezahlt');
    // The same row read in the Italian world: Italian words and an Italian link.
    const italian = await list(buyer.headers, '?world=it');
    expect(italian.items[0]!.href.startsWith('/it/')).toBe(true);
    expect(italian.items[0]!.text).not.toContain('bezahlt');

    const sales = (await stored(sellerId)).slice(before);
    expect(sales).toHaveLength(1);
    const [line] = await getDb().select().from(t.orderItems).where(eq(t.orderItems.orderId, order.id));
    expect(sales[0]).toMatchObject({
      kind: 'sale',
      world: 'de',
      data: { materialId: material!.id, licence: 'single', shareMinor: line!.sellerShareMinor, currency: 'EUR' },
    });
    // Sellers see no buyer data.
    expect(JSON.stringify(sales[0]!.data)).not.toContain(String(buyer.id));
    const seller = await list(await bearerOf(sellerId));
    const sale = seller.items.find((item) => item.id === sales[0]!.id)!;
    expect(sale).toMatchObject({ kind: 'sale', href: '/de/konto/verkaeufe' });
    expect(sale.text).toContain(line!.title);
  });

  it('tells a seller nothing of a sale when they turned sales notifications off; a refund always reaches the buyer', async () => {
    const buyer = await account();
    const [material] = await paidMaterials('de', 1, { notOwnedBy: buyer.id });
    const sellerId = material!.authorId;
    await updateNotificationPreferences(sellerId, { sales: false });
    try {
      const before = (await stored(sellerId)).length;
      const order = await buy(buyer.headers, [material!.id]);
      expect((await stored(sellerId)).length).toBe(before);

      const refunded = await callRoute(refundRoute, `/api/v3/admin/orders/${order.id}/refund`, {
        body: { items: 'all', to: 'credit' },
        headers: admin,
        params: { id: String(order.id) },
      });
      expect(refunded.status).toBe(200);
      const mine = await list(buyer.headers);
      expect(mine.items.map((item) => item.kind)).toEqual(['refund', 'order_paid']);
      expect(mine.items[0]!.text).toContain(order.reference);
      expect(mine.items[0]!.text).toMatch(/€/);
      expect(mine.items[0]!.href).toBe('/de/konto/rechnungen');
    } finally {
      await updateNotificationPreferences(sellerId, { sales: true });
    }
  });

  it('tells an author of a new follower once, however often they follow and unfollow', async () => {
    const follower = await account();
    const [material] = await paidMaterials('de', 1);
    const authorId = material!.authorId;
    const count = async () => (await stored(authorId)).filter((row) => row.kind === 'new_follower').length;
    const before = await count();
    const subject = { subjectId: authorId, subjectType: 'author', world: 'de' };
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await callRoute(subscribeRoute, '/api/v3/subscriptions/subscribe', {
            body: subject,
            headers: follower.headers,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await callRoute(unsubscribeRoute, '/api/v3/subscriptions/unsubscribe', {
            body: subject,
            headers: follower.headers,
          })
        ).status,
      ).toBe(200);
    }
    expect(await count()).toBe(before + 1);
    const row = (await stored(authorId)).filter((r) => r.kind === 'new_follower').at(-1)!;
    // Who follows whom is not shown: the text names nobody.
    const seen = (await list(await bearerOf(authorId), '?limit=100')).items.find((item) => item.id === row.id)!;
    expect(seen.text).not.toContain('Notified');
  });

  it('pages, marks some or all read, and never touches another account’s notifications', async () => {
    const me = await account();
    const other = await account();
    const rows = await getDb()
      .insert(t.notifications)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          userId: me.id,
          kind: 'refund',
          world: 'de' as const,
          data: { orderId: 1, reference: `K-TEST${String(i).padStart(5, '0')}`, amountMinor: 100 + i, currency: 'EUR' },
        })),
      )
      .returning({ id: t.notifications.id });
    const [foreign] = await getDb()
      .insert(t.notifications)
      .values({
        userId: other.id,
        kind: 'refund',
        world: 'de',
        data: { reference: 'K-OTHER', amountMinor: 1, currency: 'EUR' },
      })
      .returning({ id: t.notifications.id });

    const first = await list(me.headers);
    expect(first).toMatchObject({ total: 25, unread: 25 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.id).toBe(rows.at(-1)!.id);
    const second = await list(me.headers, '?page=2');
    expect(second.items.map((item) => item.id)).toEqual(
      rows
        .slice(0, 5)
        .map((row) => row.id)
        .reverse(),
    );

    const read = await callRoute(readRoute, '/api/v1/notifications/read', {
      body: { ids: [rows[0]!.id, foreign!.id] },
      headers: me.headers,
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ unread: 24 });
    expect((await list(other.headers)).unread).toBe(1);

    for (const bad of [{}, { ids: [] }, { ids: [0] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }]) {
      const refused = await callRoute(readRoute, '/api/v1/notifications/read', { body: bad, headers: me.headers });
      expect(refused.status).toBe(400);
    }

    // The form with another account's id changes nothing of theirs either.
    const foreignForm = await callRoute(readFormRoute, '/api/v1/notifications/read-form', {
      body: `id=${foreign!.id}`,
      headers: { ...me.headers, ...FORM },
    });
    expect(foreignForm.status).toBe(303);
    expect((await list(other.headers)).unread).toBe(1);

    const form = await callRoute(readFormRoute, '/api/v1/notifications/read-form?world=fr', {
      body: 'all=1&page=2',
      headers: { ...me.headers, ...FORM },
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toMatch(/^\/fr\/[a-z-]+\/[a-z-]+\?notice=all-read&page=2$/);
    expect((await list(me.headers)).unread).toBe(0);
    expect((await list(other.headers)).unread).toBe(1);
  });

  it('lets an admin acting as the user read the list but not mark it read', async () => {
    const me = await account();
    await getDb()
      .insert(t.notifications)
      .values({
        userId: me.id,
        kind: 'refund',
        world: 'de',
        data: { reference: 'K-IMP', amountMinor: 5, currency: 'EUR' },
      });
    const acting = await bearerOf(me.id, adminId);
    expect((await list(acting)).unread).toBe(1);
    const refused = await callRoute(readRoute, '/api/v1/notifications/read', { body: { all: true }, headers: acting });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.details).toMatchObject({ reason: 'impersonation' });
    expect((await list(me.headers)).unread).toBe(1);
  });

  it('issues handshake tickets that work once and for a minute', async () => {
    const me = await account();
    const answer = await callRoute(ticketRoute, '/api/v1/notifications/ticket', {
      method: 'POST',
      headers: me.headers,
    });
    expect(answer.status).toBe(200);
    const { ticket, expiresInSeconds } = (await answer.json()) as { ticket: string; expiresInSeconds: number };
    expect(expiresInSeconds).toBe(60);
    const tokenId = await redeemSocketTicket(ticket);
    expect(tokenId).toEqual(expect.any(Number));
    expect(await redeemSocketTicket(ticket)).toBeNull();

    const late = await (
      await callRoute(ticketRoute, '/api/v1/notifications/ticket', { method: 'POST', headers: me.headers })
    ).json();
    expect(await redeemSocketTicket(late.ticket, new Date(Date.now() + 61_000))).toBeNull();
    expect(await redeemSocketTicket('not a ticket')).toBeNull();

    expect((await callRoute(ticketRoute, '/api/v1/notifications/ticket', { method: 'POST' })).status).toBe(401);
  });

  it('tells every follower of an author who publishes, once, and only those who want it', async () => {
    const [material] = await paidMaterials('de', 1);
    const authorId = material!.authorId;
    const followers = [await account(), await account(), await account()];
    for (const follower of followers)
      await getDb().insert(t.authorFollows).values({ followerId: follower.id, authorId }).onConflictDoNothing();
    await updateNotificationPreferences(followers[2]!.id, { followed_authors: false });
    for (let run = 0; run < 2; run++) {
      // Started twice (a publish retried): each follower is told once.
      await authorPublishedFanOut.start({ authorId, materialId: material!.id });
      await drainJobs({ only: [authorPublishedFanOut.job.name] });
    }
    const told = async (userId: number) => (await stored(userId)).filter((row) => row.kind === 'author_published');
    expect(await told(followers[0]!.id)).toHaveLength(1);
    expect(await told(followers[1]!.id)).toHaveLength(1);
    expect(await told(followers[2]!.id)).toHaveLength(0);
    const seen = (await list(followers[0]!.headers)).items[0]!;
    expect(seen.kind).toBe('author_published');
    expect(seen.href).toBe(`/de/material/${material!.id}/${material!.slug}`);
    const [author] = await getDb().select().from(t.users).where(eq(t.users.id, authorId));
    expect(seen.text).toContain(author!.publicName);
  });

  it('tells buyers of a new version, sellers of previews and payouts, each linking to its page', async () => {
    const buyer = await account();
    const [material] = await paidMaterials('de', 1);
    await notifyNewVersion(getDb(), [buyer.id], material!.id, 7);
    await notifyNewVersion(getDb(), [buyer.id], material!.id, 7);
    const version = (await list(buyer.headers)).items;
    expect(version).toHaveLength(1);
    expect(version[0]).toMatchObject({ kind: 'material_version', href: '/de/konto/gekaufte-materialien' });

    const seller = await account();
    const [own] = await getDb()
      .insert(t.materials)
      .values({
        ...(await getDb().select().from(t.materials).where(eq(t.materials.id, material!.id)))[0]!,
        id: undefined,
        authorId: seller.id,
        slug: `eigenes-${Date.now()}`,
      })
      .returning({ id: t.materials.id, title: t.materials.title });
    await notifyPreviews(getDb(), own!.id, { ready: true, pages: 12 });
    await notifyPreviews(getDb(), own!.id, { ready: false, reason: 'encrypted' });
    await notifyPayouts(getDb(), '2026-11', [{ sellerId: seller.id, amountMinor: 12345, currency: 'EUR' }]);
    const mine = (await list(seller.headers)).items;
    expect(mine.map((item) => item.kind)).toEqual(['payout_sent', 'previews_failed', 'previews_ready']);
    expect(mine[2]!.text).toContain('12');
    expect(mine[2]!.href).toBe(`/de/konto/erster-upload/${own!.id}`);
    expect(mine[0]!.text).toContain('2026-11');
    expect(mine[0]!.text).toMatch(/123,45\s€/);
    expect(mine[0]!.href).toBe('/de/konto/gutschriften');
  });
});
