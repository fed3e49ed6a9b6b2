import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { POST as addRoute } from '@/app/api/v1/cart/add/route';
import { GET as viewRoute } from '@/app/api/v1/cart/view/route';
import { GET as fileRoute } from '@/app/api/v3/downloads/file/route';
import { GET as statesRoute } from '@/app/api/v3/materials/my-licences/route';
import { POST as checkoutRoute } from '@/app/api/v3/orders/checkout/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getMessages } from '@/lib/i18n/messages';
import { paidMaterials } from './support/catalogue';
import { shownCartTotal } from './support/cart-total';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute } from './support/routes';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 80 });
});
afterAll(() => database.stop());

type Headers = Record<string, string>;

let counter = 0;
/** A buyer with a billing address and a bearer token. */
async function buyer() {
  counter += 1;
  const { id } = await createAccount({
    email: `my-licences-${counter}-${Date.now()}@example.test`,
    publicName: `My Licences ${counter}`,
    world: 'de',
    passwordHash: await hashPassword('correct horse battery'),
    status: 'active',
    creationSource: 'web',
  });
  await getDb()
    .insert(t.billingAddresses)
    .values({
      userId: id,
      fullName: `Erika Eigen ${counter}`,
      street: 'Schulstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
  const token = await issueAccessToken({ userId: id, clientId: 'app', grantType: 'password' });
  return { id, headers: { authorization: `Bearer ${token}` } as Headers };
}

const add = (headers: Headers, materialId: number, licence: 'single' | 'school' = 'single', world = 'de') =>
  callRoute(addRoute, `/api/v1/cart/add?world=${world}`, { body: { material_id: materialId, licence }, headers });

async function order(headers: Headers, provider: 'test' | 'invoice') {
  const answer = await callRoute(checkoutRoute, '/api/v3/orders/checkout', {
    body: {
      provider,
      idempotency_key: crypto.randomBytes(16).toString('hex'),
      expected_total: await shownCartTotal(headers),
      delivery_consent: true,
    },
    headers,
  });
  expect(answer.status).toBe(201);
  return (await answer.json()).order as { id: number; reference: string };
}

const states = (ids: string, headers: Headers = {}) =>
  callRoute(statesRoute, `/api/v3/materials/my-licences?ids=${ids}`, { headers });

describe(`GET v3/materials/my-licences on ${BACKEND}`, () => {
  it('tells an anonymous visitor nothing, and is never kept by a shared cache', async () => {
    const [a] = await paidMaterials('de', 1);
    const answer = await states(String(a!.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(await answer.json()).toEqual({ items: [] });
  });

  it('refuses ids that are not material ids, too many, or none with 400', async () => {
    const me = await buyer();
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    for (const bad of ['abc', '0', '-1', '1.5', '1,,2', '012', '2147483648', '1e3', '', tooMany]) {
      const answer = await states(encodeURIComponent(bad), me.headers);
      expect({ bad, status: answer.status }).toEqual({ bad, status: 400 });
      expect((await answer.json()).error.code).toBe('validation_failed');
    }
    expect((await callRoute(statesRoute, '/api/v3/materials/my-licences', { headers: me.headers })).status).toBe(400);
    // Fifty, repeated or comma-separated, are fine; an unknown id says nothing.
    const fifty = Array.from({ length: 50 }, (_, i) => i + 2_000_000).join(',');
    expect(await (await states(fifty, me.headers)).json()).toEqual({ items: [] });
  });

  it('says what the buyer owns (with a download link that works) and leaves the school upgrade open', async () => {
    const me = await buyer();
    const [a] = await paidMaterials('de', 1, { withFile: true });
    await add(me.headers, a!.id);
    await order(me.headers, 'test');
    const answer = await states(`${a!.id},2000000`, me.headers);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const { items } = await answer.json();
    expect(items).toEqual([
      {
        material_id: a!.id,
        licence: 'single',
        download_url: expect.stringMatching(/^\/api\/v3\/downloads\/file\?t=/),
        pending_order: null,
        own_material: false,
        refused: { single: 'already_owned', school: null },
      },
    ]);
    expect((await fileRoute(apiRequest(items[0].download_url, { headers: me.headers }))).status).toBe(200);
    // With the school licence too, nothing is left to buy.
    await add(me.headers, a!.id, 'school');
    await order(me.headers, 'test');
    const after = (await (await states(String(a!.id), me.headers)).json()).items;
    expect(after[0]).toMatchObject({
      licence: 'school',
      refused: { single: 'already_owned', school: 'already_owned' },
    });
  });

  it('names the buyer’s own unpaid order, and never another account’s', async () => {
    const me = await buyer();
    const other = await buyer();
    const [, b] = await paidMaterials('de', 2);
    await add(me.headers, b!.id);
    const pending = await order(me.headers, 'invoice');
    expect((await (await states(String(b!.id), me.headers)).json()).items).toEqual([
      {
        material_id: b!.id,
        licence: null,
        download_url: null,
        pending_order: { id: pending.id, reference: pending.reference, provider: 'invoice' },
        own_material: false,
        refused: { single: 'order_pending', school: 'order_pending' },
      },
    ]);
    // Another buyer asking for the same material learns nothing of that order.
    expect(await (await states(String(b!.id), other.headers)).json()).toEqual({ items: [] });
  });

  it('tells a seller the material is their own', async () => {
    const [c] = await paidMaterials('de', 1);
    const token = await issueAccessToken({ userId: c!.authorId, clientId: 'app', grantType: 'password' });
    const { items } = await (await states(String(c!.id), { authorization: `Bearer ${token}` })).json();
    expect(items).toEqual([
      expect.objectContaining({
        material_id: c!.id,
        own_material: true,
        refused: { single: 'own_material', school: 'own_material' },
      }),
    ]);
  });
});

describe(`the add call's refusals name their reason in the world's language on ${BACKEND}`, () => {
  it.each(['de', 'gr'] as const)(
    'in %s: owned, pending, a bundle with owned contents, own, free, unknown',
    async (world) => {
      const language = world === 'gr' ? 'el' : 'de';
      const reasons = getMessages(language).common as { apiReasons: Record<string, string> };
      const me = await buyer();
      const [owned, pending] = await paidMaterials(world, 2);
      // Orders in the world asked for: the cart of that world.
      const shown = async () => {
        const view = await callRoute(viewRoute, `/api/v1/cart/view?world=${world}`, { headers: me.headers });
        return (await view.json()).items.cart.finalPrice as number;
      };
      const orderIn = async (provider: 'test' | 'invoice') => {
        const answer = await callRoute(checkoutRoute, `/api/v3/orders/checkout?world=${world}`, {
          body: {
            provider,
            idempotency_key: crypto.randomBytes(16).toString('hex'),
            expected_total: await shown(),
            delivery_consent: true,
          },
          headers: me.headers,
        });
        expect(answer.status).toBe(201);
        return (await answer.json()).order as { id: number };
      };
      await add(me.headers, owned!.id, 'school', world);
      await orderIn('test');
      await add(me.headers, pending!.id, 'single', world);
      const unpaid = await orderIn('invoice');
      const [pair] = await getDb()
        .select({ bundleId: t.bundleItems.bundleId, materialId: t.bundleItems.materialId })
        .from(t.bundleItems)
        .innerJoin(t.materials, eq(t.materials.id, t.bundleItems.bundleId))
        .where(and(eq(t.materials.world, world), gt(t.materials.priceCents, 0)))
        .limit(1);
      const [free] = await getDb()
        .select({ id: t.materials.id })
        .from(t.materials)
        .where(and(eq(t.materials.world, world), eq(t.materials.priceCents, 0)))
        .limit(1);
      const cases: [string, Headers, number, Record<string, unknown>][] = [
        ['already_owned', me.headers, owned!.id, {}],
        ['order_pending', me.headers, pending!.id, { order_id: unpaid.id }],
        ['own_material', (await sellerOf(owned!.authorId)).headers, owned!.id, {}],
        ['material_not_found', me.headers, 2_000_000, {}],
      ];
      if (free) cases.push(['free_material', me.headers, free.id, {}]);
      if (pair) {
        await getDb()
          .insert(t.licences)
          .values({ userId: me.id, materialId: pair.materialId, kind: 'school' })
          .onConflictDoNothing();
        cases.push(['bundle_contains_owned', me.headers, pair.bundleId, {}]);
      }
      for (const [reason, headers, materialId, details] of cases) {
        const answer = await add(headers, materialId, 'single', world);
        const { error } = await answer.json();
        expect({ reason, details: error.details }).toEqual({ reason, details: { reason, ...details } });
        expect({ reason, message: error.message }).toEqual({ reason, message: reasons.apiReasons[reason] });
      }
    },
  );
});

/** A bearer token for the seller of a material. */
async function sellerOf(userId: number) {
  const token = await issueAccessToken({ userId, clientId: 'app', grantType: 'password' });
  return { headers: { authorization: `Bearer ${token}` } as Headers };
}
