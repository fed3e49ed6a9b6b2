import crypto from 'node:crypto';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as formRoute } from '@/app/api/v1/cart/form/route';
import { GET as viewRoute } from '@/app/api/v1/cart/view/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { paidMaterials } from './support/catalogue';
import { shownCartTotal } from './support/cart-total';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';
import { requestSignIn } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 80 });
});
afterAll(() => database.stop());

type Headers = Record<string, string>;

let counter = 0;
/** A buyer with a billing address, a password (to sign in with a cart token) and a bearer token. */
async function buyer() {
  counter += 1;
  const email = `pay-once-${counter}-${Date.now()}@example.test`;
  const password = 'correct horse battery';
  const { id } = await createAccount({
    email,
    publicName: `Pay Once ${counter}`,
    world: 'de',
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'web',
  });
  await getDb()
    .insert(t.billingAddresses)
    .values({
      userId: id,
      fullName: `Erika Einmal ${counter}`,
      street: 'Schulstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
  const token = await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' });
  return { id, email, password, headers: { authorization: `Bearer ${token}` } as Headers };
}

const add = (headers: Headers, materialId: number, licence: 'single' | 'school' = 'single') =>
  callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: materialId, licence }, headers });

async function order(headers: Headers, provider: 'test' | 'invoice' | 'card' = 'invoice') {
  return callRoute(checkoutRoute, '/api/v3/orders/checkout', {
    body: {
      provider,
      idempotency_key: crypto.randomBytes(16).toString('hex'),
      expected_total: await shownCartTotal(headers),
      delivery_consent: true,
    },
    headers,
  });
}

async function refusal(response: Response) {
  expect(response.status).toBe(409);
  return (await response.json()).error.details as { reason: string; order_id?: number };
}

/** Orders of a buyer that can still be paid or are paid, holding this material. */
const payableOrdersWith = async (userId: number, materialId: number) =>
  getDb()
    .select({ id: t.orders.id })
    .from(t.orders)
    .innerJoin(t.orderItems, eq(t.orderItems.orderId, t.orders.id))
    .where(
      and(
        eq(t.orders.userId, userId),
        eq(t.orderItems.materialId, materialId),
        inArray(t.orders.status, ['pending', 'paid']),
      ),
    );

/** A cart line written straight into the buyer's cart: a cart filled before another order was made. */
async function putIntoCart(userId: number, materialId: number, licence = 'single') {
  const [cart] = await getDb()
    .insert(t.carts)
    .values({ world: 'de', userId })
    .onConflictDoUpdate({ target: [t.carts.userId, t.carts.world], set: { updatedAt: new Date() } })
    .returning();
  await getDb().insert(t.cartItems).values({ cartId: cart!.id, materialId, licence }).onConflictDoNothing();
}

describe(`one payable order per material and buyer on ${BACKEND}`, () => {
  it('refuses to add a material on an unpaid invoice order, names the order, and refuses it once paid as owned', async () => {
    const me = await buyer();
    const [a, b] = await paidMaterials('de', 2);
    expect((await add(me.headers, a!.id)).status).toBe(200);
    const pending = (await (await order(me.headers, 'invoice')).json()).order as { id: number };
    expect(await refusal(await add(me.headers, a!.id))).toEqual({ reason: 'order_pending', order_id: pending.id });
    expect(await refusal(await add(me.headers, a!.id, 'school'))).toEqual({
      reason: 'order_pending',
      order_id: pending.id,
    });
    // The form post without scripts says the same, with the order to pay.
    const form = await formRoute(
      apiRequest('/api/v1/cart/form?world=de', {
        method: 'POST',
        body: new URLSearchParams({ action: 'add', material_id: String(a!.id) }).toString(),
        headers: { ...me.headers, 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toMatch(new RegExp(`\\?error=order_pending&order=${pending.id}$`));
    // Another material is still welcome.
    expect((await add(me.headers, b!.id)).status).toBe(200);

    await getDb().update(t.orders).set({ status: 'paid' }).where(eq(t.orders.id, pending.id));
    await getDb().insert(t.licences).values({ userId: me.id, materialId: a!.id, kind: 'single' }).onConflictDoNothing();
    expect(await refusal(await add(me.headers, a!.id))).toEqual({ reason: 'already_owned' });
    // The single → school upgrade stays.
    expect((await add(me.headers, a!.id, 'school')).status).toBe(200);
  });

  it('re-checks a cart filled before the other order at checkout, for every way of paying', async () => {
    const me = await buyer();
    const [, , a] = await paidMaterials('de', 3);
    await add(me.headers, a!.id);
    const first = (await (await order(me.headers, 'invoice')).json()).order as { id: number };
    for (const provider of ['test', 'invoice', 'card'] as const) {
      await putIntoCart(me.id, a!.id);
      // The cart does not offer it, and says why.
      const view = (await (await callRoute(viewRoute, '/api/v1/cart/view', { headers: me.headers })).json()).items.cart;
      expect(view.cartItems).toEqual([]);
      expect(view.blockedItems).toEqual([
        expect.objectContaining({
          material: expect.objectContaining({ id: a!.id }),
          reason: 'order_pending',
          orderId: first.id,
        }),
      ]);
      const answer = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
        body: {
          provider,
          idempotency_key: crypto.randomBytes(16).toString('hex'),
          expected_total: a!.price,
          delivery_consent: true,
        },
        headers: me.headers,
      });
      expect(await refusal(answer)).toEqual({ reason: 'order_pending', order_id: first.id });
    }
    expect(await payableOrdersWith(me.id, a!.id)).toHaveLength(1);
  });

  it('keeps bundles to the same rule: held or pending contents, and materials of a held bundle', async () => {
    const [pair] = await getDb()
      .select({ bundleId: t.bundleItems.bundleId, materialId: t.bundleItems.materialId })
      .from(t.bundleItems)
      .innerJoin(t.materials, eq(t.materials.id, t.bundleItems.materialId))
      .where(and(eq(t.materials.world, 'de'), gt(t.materials.priceCents, 0)))
      .limit(1);
    expect(pair).toBeDefined();
    // A material of the bundle on an unpaid order: the bundle cannot be added either.
    const first = await buyer();
    await add(first.headers, pair!.materialId);
    const pending = (await (await order(first.headers, 'invoice')).json()).order as { id: number };
    expect(await refusal(await add(first.headers, pair!.bundleId))).toEqual({
      reason: 'order_pending',
      order_id: pending.id,
    });
    // The bundle on an unpaid order: none of its materials can be added.
    const second = await buyer();
    await add(second.headers, pair!.bundleId);
    const bundleOrder = (await (await order(second.headers, 'invoice')).json()).order as { id: number };
    expect(await refusal(await add(second.headers, pair!.materialId))).toEqual({
      reason: 'order_pending',
      order_id: bundleOrder.id,
    });
    // A material of the bundle owned: the bundle is refused; the bundle owned: its material too.
    const third = await buyer();
    await add(third.headers, pair!.materialId);
    expect((await order(third.headers, 'test')).status).toBe(201);
    expect(await refusal(await add(third.headers, pair!.bundleId))).toEqual({ reason: 'bundle_contains_owned' });
    const fourth = await buyer();
    await add(fourth.headers, pair!.bundleId);
    expect((await order(fourth.headers, 'test')).status).toBe(201);
    await getDb()
      .delete(t.licences)
      .where(and(eq(t.licences.userId, fourth.id), ne(t.licences.materialId, pair!.bundleId)));
    expect(await refusal(await add(fourth.headers, pair!.materialId))).toEqual({ reason: 'already_owned' });
  });

  it('merges an anonymous cart at sign-in and says which lines wait on an unpaid order', async () => {
    const me = await buyer();
    const [, , , , a, b] = await paidMaterials('de', 6);
    await add(me.headers, a!.id);
    const pending = (await (await order(me.headers, 'invoice')).json()).order as { id: number };
    const anonymous = (await (await add({}, a!.id)).json()).items.cart as { token: string };
    await add({ 'x-cart-token': anonymous.token }, b!.id);
    const signedIn = await requestSignIn(me.email, {
      password: me.password,
      headers: { 'x-cart-token': anonymous.token },
    });
    expect(signedIn.status).toBe(200);
    const view = (await (await callRoute(viewRoute, '/api/v1/cart/view', { headers: me.headers })).json()).items.cart;
    expect(view.cartItems.map((item: { material: { id: number } }) => item.material.id)).toEqual([b!.id]);
    expect(view.blockedItems).toEqual([
      expect.objectContaining({
        material: expect.objectContaining({ id: a!.id }),
        reason: 'order_pending',
        orderId: pending.id,
      }),
    ]);
    // Ordering the cart orders only what can be ordered.
    const made = (await (await order(me.headers, 'test')).json()).order as { items: { materialId: number }[] };
    expect(made.items.map((item) => item.materialId)).toEqual([b!.id]);
    expect(await payableOrdersWith(me.id, a!.id)).toHaveLength(1);
  });

  it('never puts one material on two payable orders when two carts are ordered at the same moment', async () => {
    const rounds = await paidMaterials('de', 20);
    const outcomes = await Promise.all(
      rounds.map(async (material, round) => {
        const me = await buyer();
        await add(me.headers, material.id);
        const body = (provider: string) => ({
          provider,
          idempotency_key: crypto.randomBytes(16).toString('hex'),
          expected_total: material.price,
          delivery_consent: true,
        });
        // The first checkout takes the cart; the cart is filled again a moment later (each round
        // another moment: before, during and after the first order's transaction) and ordered
        // with the test payment.
        const first = callRoute(checkoutRoute, '/api/v3/orders/checkout', {
          body: body('invoice'),
          headers: me.headers,
        });
        const second = (async () => {
          await new Promise((resolve) => setTimeout(resolve, round * 15));
          await putIntoCart(me.id, material.id);
          return callRoute(checkoutRoute, '/api/v3/orders/checkout', { body: body('test'), headers: me.headers });
        })();
        const statuses = (await Promise.all([first, second])).map((answer) => answer.status).sort();
        return { statuses, payable: (await payableOrdersWith(me.id, material.id)).length };
      }),
    );
    for (const outcome of outcomes) expect(outcome).toEqual({ statuses: [201, 409], payable: 1 });
  });
});
