/**
 * `npx tsx scripts/test-crash.ts`: kills the Kreide process (SIGKILL) in the middle of buying and
 * shows what survives. Needs a production build and the PostgreSQL of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), on which it makes a database of its own; a local
 * Stripe double stands in for Stripe. For each point of lib/commerce/crash-points.ts, a server is
 * started that dies there, the step is tried, a healthy server is started on the same database,
 * and the state is checked:
 * - checkout, before its commit: no order, the cart, voucher and credit as they were; ordering
 *   again with the same key then works once;
 * - checkout, after its commit: the paid order exists once; the same key answers it again;
 * - card webhook, before its commit: the order still pending, the event not recorded; the replayed
 *   webhook delivers it once;
 * - card webhook, after its commit: delivered once; a replay changes nothing.
 * Then a job worker process is killed (SIGKILL) in the middle of a mail, and the mail must run
 * again in a second worker within seconds (scripts/measure-killed-worker.ts, with a short expiry).
 * Exits non-zero on the first difference. Cleans up after itself.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Client } from 'pg';
import Stripe from 'stripe';
import { hashToken } from '@/lib/accounts/tokens';
import type { CrashPoint } from '@/lib/commerce/crash-points';
import { closeDb, getDb } from '@/lib/db/client';
import { runMigrations } from '@/lib/db/migrate';
import * as t from '@/lib/db/schema';
import { seedDemoCatalogue } from '@/lib/seed/seed';
import { LocalFileStorage } from '@/lib/storage/storage';
import { startStripeDouble } from '../tests/integration/support/stripe-double';
import { startServer, stopServer } from './lib/server-process.mjs';
import { describeKilledWorker, measureKilledWorker } from './measure-killed-worker';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3111;
const ORIGIN = `http://localhost:${PORT}`;
const WEBHOOK_SECRET = 'whsec_crash_test';

class Failure extends Error {}

function log(message: string) {
  console.log(`[crash] ${message}`);
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Failure(message);
}

async function admin(query: string) {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function main() {
  if (!fs.existsSync(path.join(process.cwd(), '.next', 'BUILD_ID')))
    throw new Failure('no production build: run `npx next build` first');
  const name = `kreide_crash_${crypto.randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-crash-'));
  const double = await startStripeDouble();
  let server: ChildProcess | undefined;
  let created = false;
  const env = (crashAt?: CrashPoint) => ({
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: ORIGIN,
    SESSION_SECRET: 'crash-test-session-secret-0123456789abcdef',
    SEED_DEMO: 'never',
    TEST_PAYMENTS: 'on',
    STRIPE_SECRET_KEY: 'sk_test_crash',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: double.url,
    KREIDE_TEST_CRASH_AT: crashAt ?? '',
  });
  const start = async (crashAt?: CrashPoint) => {
    server = await startServer({ port: PORT, dataDir, env: env(crashAt) });
  };
  /** Waits for the server to die at its crash point; fails if it lives on. */
  const died = async () => {
    const child = server!;
    for (let i = 0; i < 50 && child.exitCode === null && child.signalCode === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    check(child.signalCode === 'SIGKILL', 'the server did not die at its crash point');
    server = undefined;
  };
  try {
    await admin(`CREATE DATABASE ${name}`);
    created = true;
    await runMigrations(databaseUrl);
    process.env.KREIDE_RUNTIME_DATABASE_URL = databaseUrl;
    const db = getDb();
    await seedDemoCatalogue(db, new LocalFileStorage(path.join(dataDir, 'files')), { materials: 50 });
    const materials = await db
      .select({ id: t.materials.id, price: t.materials.priceCents })
      .from(t.materials)
      .where(and(eq(t.materials.world, 'de'), gt(t.materials.priceCents, 0), eq(t.materials.isBundle, false)))
      .orderBy(t.materials.id)
      .limit(4);
    check(materials.length === 4, 'the seed has too few paid materials');

    /** A buyer with an address, 2 € of credit and a bearer token. */
    const buyer = async (label: string) => {
      const [user] = await db
        .insert(t.users)
        .values({ email: `${label}@crash.test`, slug: label, publicName: label })
        .returning({ id: t.users.id });
      await db.insert(t.billingAddresses).values({
        userId: user!.id,
        fullName: label,
        street: 'Absturzweg 1',
        postalCode: '10115',
        city: 'Berlin',
        countryCode: 'DE',
      });
      await db
        .insert(t.creditBalances)
        .values({ userId: user!.id, world: 'de', currency: 'EUR', balanceMinor: 200, hadCredits: true });
      const token = crypto.randomBytes(32).toString('base64url');
      await db.insert(t.accessTokens).values({
        tokenHash: hashToken(token),
        userId: user!.id,
        clientId: 'app',
        grantType: 'password',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return { id: user!.id, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
    };
    const api = (pathname: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${ORIGIN}${pathname}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: JSON.stringify(body),
      });
    const state = async (userId: number) => {
      const orders = await db.select().from(t.orders).where(eq(t.orders.userId, userId));
      const [balance] = await db.select().from(t.creditBalances).where(eq(t.creditBalances.userId, userId));
      const licences = await db
        .select()
        .from(t.licences)
        .where(and(eq(t.licences.userId, userId), isNull(t.licences.revokedAt)));
      const [cart] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.cartItems)
        .innerJoin(t.carts, eq(t.carts.id, t.cartItems.cartId))
        .where(eq(t.carts.userId, userId));
      const invoices = orders.length
        ? await db.select().from(t.invoices).where(eq(t.invoices.orderId, orders[0]!.id))
        : [];
      // "Order paid" notifications: stored in the delivering transaction, so exactly as many as
      // paid orders, whatever the crash (a live socket is sent them after any restart).
      const notified = await db
        .select()
        .from(t.notifications)
        .where(and(eq(t.notifications.userId, userId), eq(t.notifications.kind, 'order_paid')));
      return {
        notified: notified.length,
        orders,
        balance: balance!.balanceMinor,
        licences: licences.length,
        cartItems: cart!.n,
        invoices: invoices.length,
      };
    };
    await db.insert(t.vouchers).values({
      code: 'CRASH10',
      world: 'de',
      kind: 'percent',
      percentBasisPoints: 1000,
      currency: 'EUR',
      maxRedemptions: 10,
    });
    const redemptions = async () =>
      (await db.select({ n: t.vouchers.redemptions }).from(t.vouchers).where(eq(t.vouchers.code, 'CRASH10')))[0]!.n;

    // 1 and 2: the test payment, killed before and after the order's commit.
    for (const [index, point] of (['checkout:before-commit', 'checkout:after-commit'] as const).entries()) {
      const me = await buyer(`crash-checkout-${index}`);
      await start();
      await api('/api/v1/cart/add?world=de', me.headers, { material_id: materials[index]!.id });
      await api('/api/v1/cart/voucher?world=de', me.headers, { code: 'CRASH10' });
      const credited = await api('/api/v1/cart/credits?world=de', me.headers, { credits: 'all' });
      const total = ((await credited.json()) as { items: { cart: { finalPrice: number } } }).items.cart.finalPrice;
      await stopServer(server!);
      const before = await redemptions();
      await start(point);
      const key = `crash-${index}-${crypto.randomBytes(8).toString('hex')}`;
      const order = { provider: 'test', idempotency_key: key, expected_total: total, delivery_consent: true };
      await api('/api/v3/orders/checkout?world=de', me.headers, order).catch(() => null);
      await died();
      const after = await state(me.id);
      if (point === 'checkout:before-commit') {
        check(after.orders.length === 0, `${point}: a half order survived`);
        check(after.balance === 200, `${point}: credit changed without an order`);
        check(after.cartItems === 1, `${point}: the cart lost its item`);
        check((await redemptions()) === before, `${point}: the voucher was redeemed without an order`);
        check(after.notified === 0, `${point}: a buyer was told of an order that does not exist`);
      } else {
        check(after.notified === 1, `${point}: the buyer's notification was lost`);
        check(after.orders.length === 1 && after.orders[0]!.status === 'paid', `${point}: the paid order was lost`);
        check(
          after.licences === 1 && after.invoices === 1,
          `${point}: delivered ${after.licences} licences, ${after.invoices} invoices`,
        );
        check((await redemptions()) === before + 1, `${point}: the voucher redemption was lost`);
      }
      await start();
      const answer = await api('/api/v3/orders/checkout?world=de', me.headers, order);
      const expected = point === 'checkout:before-commit' ? 201 : 200;
      check(answer.status === expected, `${point}: ordering again answered ${answer.status}, not ${expected}`);
      const final = await state(me.id);
      check(final.orders.length === 1 && final.orders[0]!.status === 'paid', `${point}: not exactly one paid order`);
      check(final.licences === 1 && final.invoices === 1, `${point}: not delivered exactly once`);
      check(final.balance === 200 - final.orders[0]!.creditsUsedMinor, `${point}: the credit does not add up`);
      check((await redemptions()) === before + 1, `${point}: the voucher was not redeemed exactly once`);
      check(final.notified === 1, `${point}: ${final.notified} notifications of the paid order, not one`);
      await stopServer(server!);
      server = undefined;
      log(`${point}: no half order, no lost order, delivered and notified once`);
    }

    // 3 and 4: a card order, its webhook killed before and after the delivering commit.
    const stripe = new Stripe('sk_test_crash');
    for (const [index, point] of (['webhook:before-commit', 'webhook:after-commit'] as const).entries()) {
      const me = await buyer(`crash-webhook-${index}`);
      await start();
      const added = await api('/api/v1/cart/add?world=de', me.headers, { material_id: materials[2 + index]!.id });
      const total = ((await added.json()) as { items: { cart: { finalPrice: number } } }).items.cart.finalPrice;
      const ordered = await api('/api/v3/orders/checkout?world=de', me.headers, {
        provider: 'card',
        idempotency_key: `card-${index}-${crypto.randomBytes(8).toString('hex')}`,
        expected_total: total,
        delivery_consent: true,
      });
      check(ordered.status === 201, `${point}: the card order answered ${ordered.status}`);
      const { order } = (await ordered.json()) as { order: { id: number } };
      await stopServer(server!);
      const session = double.sessions.find((s) => s.metadata.order_id === String(order.id));
      check(session, `${point}: no checkout session was made`);
      const payload = JSON.stringify({
        id: `evt_crash_${index}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { ...session, object: 'checkout.session', payment_status: 'paid' } },
      });
      const deliver = () =>
        fetch(`${ORIGIN}/api/v3/payments/stripe/webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
          },
          body: payload,
        });
      await start(point);
      await deliver().catch(() => null);
      await died();
      const after = await state(me.id);
      const events = await db.select().from(t.paymentEvents).where(eq(t.paymentEvents.orderId, order.id));
      if (point === 'webhook:before-commit') {
        check(after.orders[0]!.status === 'pending' && events.length === 0, `${point}: a half delivery survived`);
        check(after.licences === 0, `${point}: a licence without a paid order`);
        check(after.notified === 0, `${point}: a notification without a paid order`);
      } else {
        check(after.orders[0]!.status === 'paid' && events.length === 1, `${point}: the delivery was lost`);
        check(after.notified === 1, `${point}: the buyer's notification was lost`);
      }
      await start();
      // Stripe retries an event it got no answer for: the replay completes the order exactly once.
      const replay = (await (await deliver()).json()) as { handled: boolean };
      check(
        replay.handled === (point === 'webhook:before-commit'),
        `${point}: the replay answered ${JSON.stringify(replay)}`,
      );
      await deliver();
      const final = await state(me.id);
      check(final.orders[0]!.status === 'paid', `${point}: the order is not paid`);
      check(final.licences === 1 && final.invoices === 1, `${point}: not delivered exactly once`);
      check(final.notified === 1, `${point}: ${final.notified} notifications of the paid order, not one`);
      await stopServer(server!);
      server = undefined;
      log(`${point}: the replayed webhook delivered exactly once, and notified once`);
    }

    // 5: a job worker killed mid-mail. The check makes a database of its own and uses this
    // process's queue and connection, so this one's connection is closed first.
    await closeDb();
    const killed = await measureKilledWorker({ adminUrl: ADMIN_URL, quick: true });
    // 5 s expiry, then maintenance within 1 s, a retry delay of 1-2 s and a poll of 1 s.
    check(killed.rerunSeconds < 15, `a killed worker's mail ran again only after ${killed.rerunSeconds} s`);
    log(describeKilledWorker(killed));
    log('passed');
  } finally {
    if (server) await stopServer(server);
    await closeDb();
    await double.stop();
    if (created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`[crash] FAILED: ${error.message}`);
  process.exit(1);
});
