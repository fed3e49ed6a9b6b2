import { and, eq, gt } from 'drizzle-orm';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { POST as creditsRoute } from '@/app/api/v1/cart/credits/route';
import { POST as removeRoute } from '@/app/api/v1/cart/remove/route';
import { GET as viewRoute } from '@/app/api/v1/cart/view/route';
import { POST as voucherRoute } from '@/app/api/v1/cart/voucher/route';
import { GET as userRoute } from '@/app/api/v1/user/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { vatIncluded } from '@/lib/money/money';
import { paidMaterials } from './support/catalogue';
import { startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';
import { signIn } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

interface CartAnswer {
  token: string | null;
  cartItems: { material: { id: number; price: number }; licence: string; originalPrice: number; finalPrice: number }[];
  itemsInBundles: number[];
  voucher: { code: string } | null;
  voucherError: { code: string; message: string } | null;
  usedCredits: number;
  availableCredits: number;
  originalPrice: number;
  totalVoucherDiscount: number;
  finalPrice: number;
  vat: { kind: string; country: string; rateBasisPoints: number; amount: number };
}

async function cartOf(response: Response): Promise<CartAnswer> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: { cart: CartAnswer } }).items.cart;
}

let counter = 0;
async function freshBuyer(world: 'de' | 'gr' | 'it' = 'de') {
  counter += 1;
  const email = `cart-${counter}-${Date.now()}@example.test`;
  const password = 'correct horse battery';
  const { id } = await createAccount({
    email,
    publicName: `Cart Tester ${counter}`,
    world,
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'web',
  });
  return { id, email, password };
}

describe('an anonymous cart', () => {
  it('is created on the first add, answers with a token, and prices on the server', async () => {
    const [a, b] = await paidMaterials('de', 2);
    const first = await cartOf(await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id } }));
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const headers = { 'x-cart-token': first.token! };
    // A price, currency or quantity sent along is ignored: only material_id and licence count.
    const second = await cartOf(
      await callRoute(addRoute, '/api/v1/cart/add', {
        body: { material_id: b!.id, price: 1, finalPrice: 0, currency: 'USD', quantity: 50 },
        headers,
      }),
    );
    expect(second.cartItems.map((item) => item.material.id)).toEqual([a!.id, b!.id]);
    expect(second.originalPrice).toBe(a!.price + b!.price);
    expect(second.finalPrice).toBe(a!.price + b!.price);
    expect(second.vat).toMatchObject({ kind: 'eu-consumer', country: 'DE', rateBasisPoints: 1900 });
    expect(second.vat.amount).toBe(vatIncluded(a!.price, 1900) + vatIncluded(b!.price, 1900));

    const viewed = await cartOf(await callRoute(viewRoute, '/api/v1/cart/view', { headers }));
    expect(viewed.finalPrice).toBe(second.finalPrice);
    // The same token in the c_t cookie (a form post) opens the same cart.
    const byCookie = await cartOf(
      await callRoute(viewRoute, '/api/v1/cart/view', { headers: { cookie: `c_t=${first.token}` } }),
    );
    expect(byCookie.cartItems).toHaveLength(2);
    // Without the token, or with another world, it is someone else's (empty) cart.
    expect((await cartOf(await callRoute(viewRoute, '/api/v1/cart/view'))).cartItems).toEqual([]);
    expect((await cartOf(await callRoute(viewRoute, '/api/v1/cart/view?world=it', { headers }))).cartItems).toEqual([]);

    const removed = await cartOf(
      await callRoute(removeRoute, '/api/v1/cart/remove', { body: { material_id: a!.id }, headers }),
    );
    expect(removed.cartItems.map((item) => item.material.id)).toEqual([b!.id]);
    // Removing it again changes nothing.
    expect(
      (await cartOf(await callRoute(removeRoute, '/api/v1/cart/remove', { body: { material_id: a!.id }, headers })))
        .cartItems,
    ).toHaveLength(1);
  });

  it('refuses unknown, free, other-world and malformed materials with a clear error and no change', async () => {
    const [material] = await paidMaterials('de', 1);
    const start = await cartOf(await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: material!.id } }));
    const headers = { 'x-cart-token': start.token! };
    const [free] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(and(eq(t.materials.world, 'de'), eq(t.materials.priceCents, 0)))
      .limit(1);
    const [italian] = await paidMaterials('it', 1);

    const unknown = await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: 2_000_000_000 }, headers });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.details).toEqual({ reason: 'material_not_found' });
    const otherWorld = await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: italian!.id }, headers });
    expect(otherWorld.status).toBe(404);
    const freeAnswer = await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: free!.id }, headers });
    expect(freeAnswer.status).toBe(409);
    expect((await freeAnswer.json()).error.message).toMatch(/kostenlos/i);
    for (const bad of [0, -1, 2 ** 31, 1.5, '12', null, 'DROP TABLE carts'])
      expect((await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: bad }, headers })).status).toBe(400);
    expect(
      (
        await callRoute(addRoute, '/api/v1/cart/add', {
          body: { material_id: material!.id, licence: 'forever' },
          headers,
        })
      ).status,
    ).toBe(400);
    // A token that is not one of ours opens nothing and is not an error.
    expect(
      (await cartOf(await callRoute(viewRoute, '/api/v1/cart/view', { headers: { 'x-cart-token': "' OR 1=1 --" } })))
        .cartItems,
    ).toEqual([]);

    const after = await cartOf(await callRoute(viewRoute, '/api/v1/cart/view', { headers }));
    expect(after.cartItems.map((item) => item.material.id)).toEqual([material!.id]);
  });

  it('does not charge a material again that is inside a bundle in the same cart', async () => {
    const [pair] = await getDb()
      .select({ bundleId: t.bundleItems.bundleId, materialId: t.bundleItems.materialId })
      .from(t.bundleItems)
      .innerJoin(t.materials, eq(t.materials.id, t.bundleItems.materialId))
      .where(and(eq(t.materials.world, 'de'), gt(t.materials.priceCents, 0)))
      .limit(1);
    expect(pair).toBeDefined();
    const first = await cartOf(
      await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: pair!.materialId } }),
    );
    const headers = { 'x-cart-token': first.token! };
    const both = await cartOf(
      await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: pair!.bundleId }, headers }),
    );
    expect(both.itemsInBundles).toEqual([pair!.materialId]);
    const inside = both.cartItems.find((item) => item.material.id === pair!.materialId)!;
    const bundle = both.cartItems.find((item) => item.material.id === pair!.bundleId)!;
    expect(inside.originalPrice).toBe(0);
    expect(both.originalPrice).toBe(bundle.originalPrice);
  });
});

describe('vouchers on the cart', () => {
  beforeAll(async () => {
    await getDb()
      .insert(t.vouchers)
      .values([
        { code: 'CART10', world: 'de', kind: 'percent', percentBasisPoints: 1000, currency: 'EUR' },
        { code: 'GREEK5', world: 'gr', kind: 'amount', amountMinor: 500, currency: 'EUR' },
        {
          code: 'BIGORDER',
          world: 'de',
          kind: 'amount',
          amountMinor: 500,
          currency: 'EUR',
          minimumOrderMinor: 100_000,
        },
        {
          code: 'OLDNEWS',
          world: 'de',
          kind: 'percent',
          percentBasisPoints: 5000,
          currency: 'EUR',
          validFrom: new Date('2020-01-01'),
          validTo: new Date('2020-02-01'),
        },
      ]);
  });

  it('takes a percentage off, and says in the world’s language why a code does not apply', async () => {
    const [a, b] = await paidMaterials('de', 2);
    const first = await cartOf(await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id } }));
    const headers = { 'x-cart-token': first.token! };
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: b!.id }, headers });

    const applied = await cartOf(
      await callRoute(voucherRoute, '/api/v1/cart/voucher', { body: { code: ' cart10 ' }, headers }),
    );
    expect(applied.voucher).toEqual({ code: 'CART10' });
    expect(applied.voucherError).toBeNull();
    const expected = Math.round((a!.price + b!.price) / 10);
    expect(applied.totalVoucherDiscount).toBe(expected);
    expect(applied.finalPrice).toBe(a!.price + b!.price - expected);

    for (const [code, error, text] of [
      ['NOPE-NOPE', 'unknown', /gibt es nicht/],
      ['GREEK5', 'other-world', /anderen Land/],
      ['BIGORDER', 'minimum-order', /Mindestbestellwert/],
      ['OLDNEWS', 'expired', /abgelaufen/],
    ] as const) {
      const cart = await cartOf(await callRoute(voucherRoute, '/api/v1/cart/voucher', { body: { code }, headers }));
      expect(cart.voucherError?.code).toBe(error);
      expect(cart.voucherError?.message).toMatch(text);
      expect(cart.totalVoucherDiscount).toBe(0);
      expect(cart.finalPrice).toBe(a!.price + b!.price);
    }
    const removed = await cartOf(
      await callRoute(voucherRoute, '/api/v1/cart/voucher', { body: { code: null }, headers }),
    );
    expect(removed.voucher).toBeNull();
    expect(removed.voucherError).toBeNull();
  });

  it('answers a voucher error in Greek in the gr world', async () => {
    const [material] = await paidMaterials('gr', 1);
    const first = await cartOf(
      await callRoute(addRoute, '/api/v1/cart/add?world=gr', { body: { material_id: material!.id } }),
    );
    const cart = await cartOf(
      await callRoute(voucherRoute, '/api/v1/cart/voucher?world=gr', {
        body: { code: 'CART10' },
        headers: { 'x-cart-token': first.token! },
      }),
    );
    expect(cart.voucherError).toEqual({ code: 'other-world', message: 'Αυτό το κουπόνι ισχύει σε άλλη χώρα.' });
    expect(cart.vat).toMatchObject({ country: 'GR', rateBasisPoints: 2400 });
  });
});

describe('a signed-in cart', () => {
  it('takes over the anonymous cart at sign-in, and the old token opens nothing any more', async () => {
    const buyer = await freshBuyer();
    const [a, b] = await paidMaterials('de', 2);
    const anonymous = await cartOf(await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: a!.id } }));
    const token = { 'x-cart-token': anonymous.token! };
    const session = { cookie: await signIn(buyer.email, { password: buyer.password, headers: token }) };
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: b!.id }, headers: session });
    const mine = await cartOf(await callRoute(viewRoute, '/api/v1/cart/view', { headers: session }));
    expect(mine.cartItems.map((item) => item.material.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(mine.token).toBeNull();
    expect((await cartOf(await callRoute(viewRoute, '/api/v1/cart/view', { headers: token }))).cartItems).toEqual([]);
  });

  it('is nobody else’s: another account sees its own, empty cart', async () => {
    const first = await freshBuyer();
    const second = await freshBuyer();
    const [material] = await paidMaterials('de', 1);
    const firstSession = { cookie: await signIn(first.email, { password: first.password }) };
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: material!.id }, headers: firstSession });
    const secondSession = { cookie: await signIn(second.email, { password: second.password }) };
    expect(
      (await cartOf(await callRoute(viewRoute, '/api/v1/cart/view', { headers: secondSession }))).cartItems,
    ).toEqual([]);
  });

  it('refuses the buyer’s own material', async () => {
    const [material] = await paidMaterials('de', 1);
    const [author] = await getDb()
      .select({ email: t.users.email })
      .from(t.users)
      .where(eq(t.users.id, material!.authorId));
    await getDb()
      .update(t.users)
      .set({ passwordHash: await hashPassword('author password 1') })
      .where(eq(t.users.id, material!.authorId));
    const session = { cookie: await signIn(author!.email, { password: 'author password 1' }) };
    const answer = await callRoute(addRoute, '/api/v1/cart/add', {
      body: { material_id: material!.id },
      headers: session,
    });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.details).toEqual({ reason: 'own_material' });
  });

  it('spends credit up to the balance and the total, never below zero, and only for a signed-in buyer', async () => {
    const buyer = await freshBuyer();
    await getDb()
      .insert(t.creditBalances)
      .values({ userId: buyer.id, world: 'de', currency: 'EUR', balanceMinor: 300, hadCredits: true });
    const [material] = await paidMaterials('de', 1);
    const session = { cookie: await signIn(buyer.email, { password: buyer.password }) };
    // The user's credit is that of the world asked about: it is spent only where it was earned.
    expect(await (await callRoute(userRoute, '/api/v1/user?world=de', { headers: session })).json()).toMatchObject({
      availableCredits: 300,
      hadCredits: true,
      profileDetails: { details: { credits: { amount: 300, had_credits: true } } },
    });
    expect(await (await callRoute(userRoute, '/api/v1/user?world=it', { headers: session })).json()).toMatchObject({
      availableCredits: 0,
      hadCredits: false,
    });
    await callRoute(addRoute, '/api/v1/cart/add', { body: { material_id: material!.id }, headers: session });
    const all = await cartOf(
      await callRoute(creditsRoute, '/api/v1/cart/credits', { body: { credits: 'all' }, headers: session }),
    );
    expect(all.availableCredits).toBe(300);
    expect(all.usedCredits).toBe(Math.min(300, material!.price));
    expect(all.finalPrice).toBe(material!.price - all.usedCredits);
    const some = await cartOf(
      await callRoute(creditsRoute, '/api/v1/cart/credits', { body: { credits: 100 }, headers: session }),
    );
    expect(some.usedCredits).toBe(Math.min(100, material!.price));
    const none = await cartOf(
      await callRoute(creditsRoute, '/api/v1/cart/credits', { body: { credits: null }, headers: session }),
    );
    expect(none.usedCredits).toBe(0);
    for (const bad of [-1, 1.5, 'lots', 10 ** 12])
      expect(
        (await callRoute(creditsRoute, '/api/v1/cart/credits', { body: { credits: bad }, headers: session })).status,
      ).toBe(400);
    expect((await callRoute(creditsRoute, '/api/v1/cart/credits', { body: { credits: 'all' } })).status).toBe(401);
  });
});
