/**
 * Abandoned-cart reminders against a real database: which carts the sweep claims, the mail in
 * the cart world's language with a link that works, the link's page in its states, restoring a
 * cart through the form post into another visitor's cart, and that every cart state is mailed
 * once (twice swept, changed again, ordered, two sweeps at the same moment).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { POST as restoreForm } from '@/app/api/v1/cart/restore/form/route';
import { GET as viewRoute } from '@/app/api/v1/cart/view/route';
import { AbandonedCartPage } from '@/components/commerce/abandoned-cart-page';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { updateNotificationPreferences } from '@/lib/cabinet/notification-preferences';
import {
  abandonedCartSweepJob,
  findRestoreCart,
  newRestoreToken,
  sweepAbandonedCarts,
} from '@/lib/commerce/abandoned-carts';
import { addToCart, removeFromCart } from '@/lib/commerce/cart';
import { hashToken } from '@/lib/accounts/tokens';
import { checkout } from '@/lib/commerce/checkout';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { getMessages, type Messages } from '@/lib/i18n/messages';
import { enqueue } from '@/lib/jobs/enqueue';
import { startPeriodicJobs } from '@/lib/jobs/periodic';
import { defineJob } from '@/lib/jobs/registry';
import { drainJobs, startJobWorkers, stopJobWorkers } from '@/lib/jobs/workers';
import { getRoute } from '@/lib/routing/routes';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { paidMaterials } from './support/catalogue';
import { deliveredMail } from './support/mail';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { FORM, postForm } from './support/routes';
import { cookiesSetBy, signIn } from './support/session';
import { translateInto } from './support/translations';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 80 });
});
afterAll(() => database.stop());

const PASSWORD = 'correct horse battery';

let counter = 0;
interface Teacher {
  id: number;
  email: string;
}

/** A signed-up teacher with a billing address; by default agreeing to marketing mail. */
async function teacher(world: WorldCode = 'de', options: { consent?: boolean } = {}): Promise<Teacher> {
  counter += 1;
  const email = `abandoned-${counter}-${Date.now()}@example.test`;
  const { id } = await createAccount({
    email,
    publicName: `Cart Tester ${counter}`,
    world,
    passwordHash: await hashPassword(PASSWORD),
    status: 'active',
    creationSource: 'web',
  });
  await getDb()
    .insert(t.billingAddresses)
    .values({
      userId: id,
      fullName: `Cart Tester ${counter}`,
      street: 'Schulweg 2',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
  if (options.consent ?? true) await updateNotificationPreferences(id, { newsletter: true });
  return { id, email };
}

/** The teacher's cart in a world, with these materials, last changed `hoursAgo` hours ago. */
async function leftCart(user: Teacher, world: WorldCode, materialIds: number[], hoursAgo = 25): Promise<number> {
  for (const materialId of materialIds)
    await addToCart({ world, userId: user.id, cartToken: null }, materialId, 'single');
  const [cart] = await getDb()
    .select({ id: t.carts.id })
    .from(t.carts)
    .where(and(eq(t.carts.userId, user.id), eq(t.carts.world, world)));
  await age(cart!.id, hoursAgo);
  return cart!.id;
}

async function age(cartId: number, hoursAgo: number): Promise<void> {
  await getDb()
    .update(t.carts)
    .set({ updatedAt: sql`now() - make_interval(hours => ${hoursAgo})` })
    .where(eq(t.carts.id, cartId));
}

async function cartRow(cartId: number) {
  const [row] = await getDb().select().from(t.carts).where(eq(t.carts.id, cartId));
  return row!;
}

async function buy(user: Teacher, world: WorldCode, materialId: number) {
  await addToCart({ world, userId: user.id, cartToken: null }, materialId, 'single');
  return checkout({
    userId: user.id,
    world,
    provider: 'test',
    idempotencyKey: `abandoned-${user.id}-${materialId}-${Date.now()}`,
    expectedTotal: null,
    deliveryConsent: true,
  });
}

/** The reminders among the delivered mails, by recipient. */
async function reminders(users: Teacher[]) {
  const subjects = new Set(
    (['de', 'el'] as const).map(
      (lang) => ((getMessages(lang).payment as Messages).reminderMail as Messages).subject as string,
    ),
  );
  const to = new Set(users.map((user) => user.email));
  return (await deliveredMail()).filter((mail) => to.has(mail.to) && subjects.has(mail.subject));
}

function tokenOf(text: string, path: RegExp): string {
  const match = text.match(path);
  expect(match).not.toBeNull();
  return match![1]!;
}

function postRestore(world: WorldCode, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(restoreForm, `/api/v1/cart/restore/form?world=${world}`, fields, headers);
}

async function cartIds(world: WorldCode, headers: Record<string, string>): Promise<number[]> {
  const response = await viewRoute(apiRequest(`/api/v1/cart/view?world=${world}`, { headers }));
  const cart = ((await response.json()) as { items: { cart: { cartItems: { material: { id: number } }[] } } }).items
    .cart;
  return cart.cartItems.map((item) => item.material.id).sort((a, b) => a - b);
}

/** Every cart of the database, to prove a refused restore wrote none. */
async function cartCount(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(t.carts);
  return row!.n;
}

async function renderPage(world: WorldCode, token: string, userId: number | null): Promise<string> {
  translateInto(getWorld(world).language);
  const node = await AbandonedCartPage.render({
    world: getWorld(world),
    route: getRoute('abandoned-cart'),
    params: { token },
    userId,
    query: {},
  });
  return renderToStaticMarkup(node);
}

describe(`abandoned-cart sweep on ${BACKEND}`, () => {
  it('claims exactly the carts left by a consenting buyer with something to buy, and mails each once', async () => {
    const [a, b, c, d] = await paidMaterials('de', 4);
    const [g] = await paidMaterials('gr', 1);

    const left = await teacher();
    const leftCartId = await leftCart(left, 'de', [a!.id, b!.id]);
    const greek = await teacher('gr');
    const greekCartId = await leftCart(greek, 'gr', [g!.id]);

    // An anonymous cart (no one to mail), however old.
    const anonymous = await addToCart({ world: 'de', userId: null, cartToken: null }, a!.id, 'single');
    const [anonymousCart] = await getDb()
      .select({ id: t.carts.id })
      .from(t.carts)
      .where(eq(t.carts.tokenHash, hashToken(anonymous.token!)));
    await age(anonymousCart!.id, 48);
    // Fresh: changed an hour ago.
    await leftCart(await teacher(), 'de', [a!.id], 1);
    // Too old: left eight days ago.
    await leftCart(await teacher(), 'de', [a!.id], 8 * 24);
    // Empty: the only line was removed.
    const emptied = await teacher();
    await addToCart({ world: 'de', userId: emptied.id, cartToken: null }, a!.id, 'single');
    await removeFromCart({ world: 'de', userId: emptied.id, cartToken: null }, a!.id);
    await leftCart(emptied, 'de', []);
    // Already reminded, its link still valid.
    const reminded = await teacher();
    const remindedCartId = await leftCart(reminded, 'de', [a!.id]);
    await getDb()
      .update(t.carts)
      .set({
        restoreTokenHash: hashToken(newRestoreToken()),
        restoreTokenExpiresAt: new Date(Date.now() + 86_400_000),
        restoreMailedAt: new Date(Date.now() - 2 * 86_400_000),
      })
      .where(eq(t.carts.id, remindedCartId));
    // Ordered since the cart last changed.
    const ordered = await teacher();
    await buy(ordered, 'de', c!.id);
    await leftCart(ordered, 'de', [d!.id]);
    // Owns everything in it: nothing left to buy.
    const owner = await teacher();
    await buy(owner, 'de', b!.id);
    const ownerCart = await leftCart(owner, 'de', [a!.id]);
    await getDb().delete(t.cartItems).where(eq(t.cartItems.cartId, ownerCart));
    await getDb().insert(t.cartItems).values({ cartId: ownerCart, materialId: b!.id, licence: 'single' });
    await age(ownerCart, 25);
    // Bought before the cart last changed, so only owning everything keeps it out.
    await getDb()
      .update(t.orders)
      .set({ createdAt: sql`now() - interval '30 hours'` })
      .where(eq(t.orders.userId, owner.id));
    // Address not confirmed.
    const unconfirmed = await teacher();
    await getDb()
      .update(t.accountStates)
      .set({ emailConfirmedAt: null })
      .where(eq(t.accountStates.userId, unconfirmed.id));
    await leftCart(unconfirmed, 'de', [a!.id]);
    // Never agreed to marketing mail, and one who withdrew it.
    await leftCart(await teacher('de', { consent: false }), 'de', [a!.id]);
    const withdrew = await teacher();
    await updateNotificationPreferences(withdrew.id, { newsletter: false });
    await leftCart(withdrew, 'de', [a!.id]);

    const claimed = await sweepAbandonedCarts();
    expect(claimed.sort((x, y) => x - y)).toEqual([leftCartId, greekCartId].sort((x, y) => x - y));
    for (const id of claimed) {
      const row = await cartRow(id);
      expect(row.restoreTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.restoreTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    }

    const mails = await reminders([left, greek]);
    expect(mails.map((mail) => mail.to).sort()).toEqual([left.email, greek.email].sort());

    // German: the lines with their prices, the total, the link; the token is no longer in the job.
    const german = mails.find((mail) => mail.to === left.email)!;
    expect(german.subject).toBe('Dein Warenkorb bei Kreide wartet auf dich');
    const [titleA, titleB] = await getDb()
      .select({ title: t.materials.title })
      .from(t.materials)
      .where(inArray(t.materials.id, [a!.id, b!.id]))
      .orderBy(t.materials.id);
    expect(german.text).toContain(`- ${titleA!.title}: `);
    expect(german.text).toContain(`- ${titleB!.title}: `);
    const euros = (minor: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(minor / 100);
    expect(german.text).toContain(`Zusammen: ${euros(a!.price + b!.price)}`);
    const germanToken = tokenOf(german.text, /http:\/\/localhost:3000\/de\/warenkorb-wiederherstellen\/([\w-]{43})\n/);
    expect(german.text.match(/https?:\/\/\S+/)![0]).toContain('/de/warenkorb-wiederherstellen/');
    expect(german.text).toContain('/de/konto/benachrichtigungen');
    // The mail client's one-click unsubscribe (RFC 8058) turns marketing mail off.
    expect(german.listUnsubscribe).toMatch(/^<http:\/\/localhost:3000\/api\/v1\/subscriptions\/mailing\/[^>]+>$/);
    expect(german.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect((await findRestoreCart(germanToken))?.id).toBe(leftCartId);
    const jobs = await getDb().execute<{ data: Record<string, unknown> }>(
      sql`SELECT data FROM pgboss.job WHERE name = 'abandoned-cart-mail'`,
    );
    expect(jobs.rows.length).toBeGreaterThanOrEqual(2);
    for (const job of jobs.rows) expect(job.data).not.toHaveProperty('token');

    // Greek: its own words and its own localised link.
    const el = mails.find((mail) => mail.to === greek.email)!;
    expect(el.subject).toBe('Το καλάθι σας στο Kreide σας περιμένει');
    expect(el.text).toContain('Γεια σας');
    const greekToken = tokenOf(el.text, /http:\/\/localhost:3000\/gr\/epanafora-kalathiou\/([\w-]{43})\n/);
    expect((await findRestoreCart(greekToken))?.id).toBe(greekCartId);

    // A second sweep finds nothing new, and nobody gets a second mail.
    expect(await sweepAbandonedCarts()).toEqual([]);
    expect(await reminders([left, greek])).toHaveLength(2);
  });

  it('sends no second mail when the cart changes while its link lives, and a new one for a new state later', async () => {
    const [a, b] = await paidMaterials('de', 2);
    const user = await teacher();
    const cartId = await leftCart(user, 'de', [a!.id]);
    expect(await sweepAbandonedCarts()).toEqual([cartId]);
    const first = await cartRow(cartId);

    // Changed again and left again: the link mailed a moment ago still restores it.
    await addToCart({ world: 'de', userId: user.id, cartToken: null }, b!.id, 'single');
    await age(cartId, 25);
    await getDb()
      .update(t.carts)
      .set({ restoreMailedAt: new Date(Date.now() - 26 * 3_600_000) })
      .where(eq(t.carts.id, cartId));
    expect(await sweepAbandonedCarts()).toEqual([]);
    expect(await reminders([user])).toHaveLength(1);

    // Once that link has expired, a cart changed after its mail is a new state: one new mail.
    await getDb()
      .update(t.carts)
      .set({
        restoreMailedAt: new Date(Date.now() - 10 * 86_400_000),
        restoreTokenExpiresAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .where(eq(t.carts.id, cartId));
    expect(await sweepAbandonedCarts()).toEqual([cartId]);
    expect((await cartRow(cartId)).restoreTokenHash).not.toBe(first.restoreTokenHash);
    expect(await reminders([user])).toHaveLength(2);
  });

  it('forgets the link when the cart is ordered, and a reminder queued before the order is not sent', async () => {
    const [a] = await paidMaterials('de', 1);
    const user = await teacher();
    const cartId = await leftCart(user, 'de', [a!.id]);
    expect(await sweepAbandonedCarts()).toEqual([cartId]);
    const job = await getDb().execute<{ id: string }>(
      sql`SELECT id FROM pgboss.job WHERE name = 'abandoned-cart-mail' AND data->>'cartId' = ${String(cartId)}`,
    );
    expect(job.rows).toHaveLength(1);

    await checkout({
      userId: user.id,
      world: 'de',
      provider: 'test',
      idempotencyKey: `abandoned-ordered-${user.id}`,
      expectedTotal: null,
      deliveryConsent: true,
    });
    const row = await cartRow(cartId);
    expect(row.restoreTokenHash).toBeNull();
    expect(row.restoreTokenExpiresAt).toBeNull();
    expect(await reminders([user])).toHaveLength(0);
    expect(await sweepAbandonedCarts()).toEqual([]);
  });

  it('is queued as a job that sweeps when it runs', async () => {
    const [a] = await paidMaterials('de', 1);
    const user = await teacher();
    const cartId = await leftCart(user, 'de', [a!.id]);
    expect(abandonedCartSweepJob.everySeconds).toBe(15 * 60);
    await enqueue(abandonedCartSweepJob, {});
    await drainJobs();
    expect((await cartRow(cartId)).restoreTokenHash).not.toBeNull();
    expect(await reminders([user])).toHaveLength(1);
  });

  it('mails every cart once when two sweeps run at the same moment', async () => {
    const [a] = await paidMaterials('de', 1);
    const users: Teacher[] = [];
    const carts: number[] = [];
    for (let i = 0; i < 12; i++) {
      const user = await teacher();
      users.push(user);
      carts.push(await leftCart(user, 'de', [a!.id]));
    }
    const [one, two] = await Promise.all([sweepAbandonedCarts(), sweepAbandonedCarts()]);
    const mine = new Set(carts);
    const first = one!.filter((id) => mine.has(id));
    const second = two!.filter((id) => mine.has(id));
    expect([...first, ...second].sort((x, y) => x - y)).toEqual([...carts].sort((x, y) => x - y));
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    const mails = await reminders(users);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(12);
  });
});

describe(`restoring an abandoned cart on ${BACKEND}`, () => {
  let buyer: Teacher;
  let sellerId: number;
  let token: string;
  let lines: { id: number; authorId: number; price: number }[];

  beforeAll(async () => {
    const [sellerRow] = (
      await getDb().execute<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_ACCOUNTS.seller}`)
    ).rows;
    const [bySeller] = (
      await getDb().execute<{ id: number; author_id: number; price_cents: number }>(sql`
        SELECT id, author_id, price_cents FROM materials
        WHERE author_id = ${sellerRow!.id} AND world = 'de' AND is_active AND deleted_at IS NULL
          AND price_cents > 0 AND NOT is_bundle AND sale_price_cents IS NULL
        ORDER BY id LIMIT 1`)
    ).rows;
    sellerId = sellerRow!.id;
    const others = (await paidMaterials('de', 20, { notBy: sellerId })).slice(-2);
    lines = [
      { id: bySeller!.id, authorId: bySeller!.author_id, price: bySeller!.price_cents },
      ...others.map((m) => ({ id: m.id, authorId: m.authorId, price: m.price })),
    ];
    buyer = await teacher();
    const cartId = await leftCart(
      buyer,
      'de',
      lines.map((line) => line.id),
    );
    expect(await sweepAbandonedCarts()).toContain(cartId);
    const [mail] = await reminders([buyer]);
    token = tokenOf(mail!.text, /\/de\/warenkorb-wiederherstellen\/([\w-]{43})\n/);
  });

  it('lists the cart on the link’s page with a form that works without scripts', async () => {
    const html = await renderPage('de', token, null);
    expect(html).toContain('data-state="valid"');
    for (const line of lines) expect(html).toContain(`data-material-id="${line.id}"`);
    expect(html).toContain('action="/api/v1/cart/restore/form?world=de"');
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain('Warenkorb wiederherstellen');
    const here = encodeURIComponent(`/de/warenkorb-wiederherstellen/${token}`);
    expect(html).toContain(`href="/de/anmelden?next=${here}"`);
    // Prices are the server's: the total of the three lines now.
    const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      lines.reduce((sum, line) => sum + line.price, 0) / 100,
    );
    expect(html).toContain(euros);
  });

  it('sends the buyer it was mailed to, signed in, to their own cart', async () => {
    await expect(renderPage('de', token, buyer.id)).rejects.toMatchObject({
      digest: expect.stringContaining('/de/warenkorb'),
    });
  });

  it('says a link is no longer valid when it is malformed, unknown, expired or another world’s', async () => {
    for (const bad of ['abc', newRestoreToken()]) {
      const html = await renderPage('de', bad, null);
      expect(html).toContain('data-state="invalid"');
      expect(html).toContain('Dieser Link gilt nicht mehr');
      expect(html).toContain('href="/de/warenkorb"');
    }
    const gr = await renderPage('gr', token, null);
    expect(gr).toContain('data-state="invalid"');
    expect(gr).toContain('Αυτός ο σύνδεσμος δεν ισχύει πλέον');
    expect(gr).toContain('href="/gr/kalathi"');
  });

  it('restores into an anonymous visitor’s new cart, with the server’s prices', async () => {
    const response = await postRestore('de', { token, price: '1' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/de/warenkorb?notice=restored');
    const cookie = cookiesSetBy(response);
    expect(cookie).toMatch(/c_t=[\w-]{43}/);
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(await cartIds('de', { cookie })).toEqual(lines.map((line) => line.id).sort((x, y) => x - y));
    const view = await viewRoute(apiRequest('/api/v1/cart/view?world=de', { headers: { cookie } }));
    const cart = ((await view.json()) as { items: { cart: { originalPrice: number } } }).items.cart;
    expect(cart.originalPrice).toBe(lines.reduce((sum, line) => sum + line.price, 0));

    // Opened again (a second device): it still works, and nothing is doubled.
    const again = await postRestore('de', { token }, { cookie });
    expect(again.headers.get('location')).toBe('/de/warenkorb?notice=restored');
    expect(await cartIds('de', { cookie })).toHaveLength(lines.length);
  });

  it('restores into another signed-in teacher’s cart, leaving out what they own or can no longer buy', async () => {
    const other = await teacher();
    const [, owned, withdrawn] = lines;
    await buy(other, 'de', owned!.id);
    const [extra] = await paidMaterials('de', 1, { notBy: sellerId });
    await addToCart({ world: 'de', userId: other.id, cartToken: null }, extra!.id, 'single');
    await getDb().update(t.materials).set({ isActive: false }).where(eq(t.materials.id, withdrawn!.id));
    try {
      const cookie = await signIn(other.email, { password: PASSWORD });
      const response = await postRestore('de', { token }, { cookie });
      expect(response.headers.get('location')).toBe('/de/warenkorb?notice=restored');
      // Their own line stays; of the three, only the one they can still buy is added.
      expect(await cartIds('de', { cookie })).toEqual([lines[0]!.id, extra!.id].sort((x, y) => x - y));
    } finally {
      await getDb().update(t.materials).set({ isActive: true }).where(eq(t.materials.id, withdrawn!.id));
    }
  });

  it('leaves out the visitor’s own material, and says so when nothing could be taken', async () => {
    const cookie = await signIn(DEMO_ACCOUNTS.seller);
    const response = await postRestore('de', { token }, { cookie });
    expect(response.headers.get('location')).toBe('/de/warenkorb?notice=restored');
    const ids = await cartIds('de', { cookie });
    expect(ids).not.toContain(lines[0]!.id);
    expect(ids).toEqual(expect.arrayContaining([lines[1]!.id, lines[2]!.id]));

    // A cart whose only line is the visitor's own.
    const someone = await teacher();
    await leftCart(someone, 'de', [lines[0]!.id]);
    const [claimedCart] = await sweepAbandonedCarts();
    expect(claimedCart).toBeDefined();
    const [mail] = await reminders([someone]);
    const ownToken = tokenOf(mail!.text, /\/de\/warenkorb-wiederherstellen\/([\w-]{43})\n/);
    const refused = await postRestore('de', { token: ownToken }, { cookie });
    expect(refused.headers.get('location')).toBe('/de/warenkorb?notice=restore-empty');
  });

  it('changes nothing for the buyer it was mailed to: their cart is theirs already', async () => {
    const cookie = await signIn(buyer.email, { password: PASSWORD });
    const before = await cartIds('de', { cookie });
    const response = await postRestore('de', { token }, { cookie });
    expect(response.headers.get('location')).toBe('/de/warenkorb?notice=restored');
    expect(await cartIds('de', { cookie })).toEqual(before);
  });

  it('answers a malformed, unknown, expired or other world’s token with the error, and writes nothing', async () => {
    const carts = await cartCount();
    const expiredUser = await teacher();
    const expiredCart = await leftCart(expiredUser, 'de', [lines[1]!.id]);
    const expired = newRestoreToken();
    await getDb()
      .update(t.carts)
      .set({
        restoreTokenHash: hashToken(expired),
        restoreTokenExpiresAt: new Date(Date.now() - 1000),
        restoreMailedAt: new Date(Date.now() - 8 * 86_400_000),
      })
      .where(eq(t.carts.id, expiredCart));
    const before = await cartCount();
    expect(before).toBe(carts + 1);
    for (const [world, bad] of [
      ['de', 'not-a-token'],
      ['de', newRestoreToken()],
      ['de', expired],
      ['gr', token],
    ] as const) {
      const response = await postRestore(world, { token: bad });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(
        `${world === 'de' ? '/de/warenkorb' : '/gr/kalathi'}?error=restore_link_invalid`,
      );
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await cartCount()).toBe(before);
    expect((await renderPage('de', expired, null)).includes('data-state="invalid"')).toBe(true);

    const missing = await postRestore('de', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const foreign = await restoreForm(
      apiRequest('/api/v1/cart/restore/form?world=de', {
        method: 'POST',
        body: `token=${token}`,
        headers: FORM,
        origin: 'http://evil.example',
      }) as NextRequest,
    );
    expect(foreign.status).toBe(403);
  });

  it('shows an emptied cart’s link as having nothing left to restore', async () => {
    await getDb()
      .update(t.materials)
      .set({ isActive: false })
      .where(
        inArray(
          t.materials.id,
          lines.map((line) => line.id),
        ),
      );
    try {
      const html = await renderPage('de', token, null);
      expect(html).toContain('data-state="empty"');
      expect(html).not.toContain('name="token"');
      const response = await postRestore('de', { token });
      expect(response.headers.get('location')).toBe('/de/warenkorb?notice=restore-empty');
      expect(response.headers.getSetCookie()).toEqual([]);
    } finally {
      await getDb()
        .update(t.materials)
        .set({ isActive: true })
        .where(
          inArray(
            t.materials.id,
            lines.map((line) => line.id),
          ),
        );
    }
  });
});

describe(`periodic jobs on ${BACKEND}`, () => {
  it('queues a periodic job once per period, however many processes arm its timer', async () => {
    const tick = defineJob(
      {
        name: 'test-periodic-tick',
        schema: z.object({}).strict(),
        retryLimit: 0,
        retryDelay: 0,
        retryBackoff: false,
        expireInSeconds: 10,
        everySeconds: 1,
      },
      async () => ({ ticked: true }),
    );
    expect(await startJobWorkers({ only: [tick.name] })).toEqual([tick.name]);
    // A second process's timer, armed for the same periods.
    startPeriodicJobs([tick]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_200));
    } finally {
      await stopJobWorkers();
    }
    const runs = await getDb().execute<{ id: string }>(sql`SELECT id::text FROM pgboss.job WHERE name = ${tick.name}`);
    expect(runs.rows.length).toBeGreaterThanOrEqual(2);
    expect(runs.rows.length).toBeLessThanOrEqual(4);
    expect(new Set(runs.rows.map((row) => row.id)).size).toBe(runs.rows.length);
    // Stopped: no timer queues anything any more.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const after = await getDb().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${tick.name}`,
    );
    expect(after.rows[0]!.n).toBe(runs.rows.length);
  });
});
