import { and, eq } from 'drizzle-orm';
import { POST as cartForm } from '@/app/api/v1/cart/form/route';
import { GET as viewRoute } from '@/app/api/v1/cart/view/route';
import { POST as checkoutForm } from '@/app/api/v3/orders/checkout/form/route';
import { POST as freeForm } from '@/app/api/v3/orders/free/form/route';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { paidMaterials } from './support/catalogue';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { FORM, postForm } from './support/routes';
import { cookiesSetBy, signIn } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

/** The cookies a response sets (the cart token and the count hint), as a browser sends them back. */
function cartCookieOf(response: Response): string {
  expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('c_t='))).toBe(true);
  return cookiesSetBy(response);
}

async function cartCount(cookie: string, world = 'de'): Promise<number> {
  const response = await viewRoute(apiRequest(`/api/v1/cart/view?world=${world}`, { headers: { cookie } }));
  return ((await response.json()) as { items: { cart: { cartItems: unknown[] } } }).items.cart.cartItems.length;
}

describe(`cart forms without scripts on ${BACKEND}`, () => {
  it('adds with a plain form post, keeps the cart in the c_t cookie and answers 303 to the world’s cart page', async () => {
    const material = (await paidMaterials('gr', 1))[0]!;
    const response = await postForm(cartForm, '/api/v1/cart/form?world=gr', {
      action: 'add',
      material_id: String(material.id),
      // A price in the form is ignored: the server prices the cart.
      price: '1',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/gr/kalathi?notice=added');
    const cookie = cartCookieOf(response);
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(response.headers.get('set-cookie')).toMatch(/SameSite=lax/i);
    expect(await cartCount(cookie, 'gr')).toBe(1);
    // The header's count hint, readable by scripts (the token itself is not).
    expect(response.headers.get('set-cookie')).toMatch(/(^|,\s*)c_n_gr=1;/);
    expect(response.headers.get('set-cookie')).not.toMatch(/c_n_gr=1;[^,]*HttpOnly/i);

    const removed = await postForm(
      cartForm,
      '/api/v1/cart/form?world=gr',
      { action: 'remove', material_id: String(material.id) },
      { cookie },
    );
    expect(removed.headers.get('location')).toBe('/gr/kalathi?notice=removed');
    expect(removed.headers.get('set-cookie')).toMatch(/(^|,\s*)c_n_gr=0;/);
    expect(await cartCount(cookie, 'gr')).toBe(0);
  });

  it('answers a refusal with an error word for the page, and changes nothing', async () => {
    const unknown = await postForm(cartForm, '/api/v1/cart/form?world=de', {
      action: 'add',
      material_id: '2147483647',
    });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe('/de/warenkorb?error=material_not_found');
    const credits = await postForm(cartForm, '/api/v1/cart/form?world=de', { action: 'use-credits' });
    expect(credits.headers.get('location')).toBe('/de/warenkorb?error=sign_in_required');
    const missing = await postForm(cartForm, '/api/v1/cart/form?world=de', { action: 'add' });
    expect(missing.headers.get('location')).toBe('/de/warenkorb?error=invalid');
  });

  it('answers the cart page’s own script with the page to show, not a redirect, and the same cookies', async () => {
    const material = (await paidMaterials('it', 1))[0]!;
    const scripted = { 'x-kreide-form': 'fetch' };
    const added = await postForm(
      cartForm,
      '/api/v1/cart/form?world=it',
      { action: 'add', material_id: String(material.id) },
      scripted,
    );
    expect(added.status).toBe(200);
    expect(added.headers.get('location')).toBeNull();
    expect(await added.json()).toEqual({ location: '/it/carrello?notice=added' });
    const cookie = cartCookieOf(added);
    expect(await cartCount(cookie, 'it')).toBe(1);
    const refused = await postForm(
      cartForm,
      '/api/v1/cart/form?world=it',
      { action: 'use-credits' },
      { ...scripted, cookie },
    );
    expect(await refused.json()).toEqual({ location: '/it/carrello?error=sign_in_required' });
    // Any other value of the header is a plain form post.
    const plain = await postForm(
      cartForm,
      '/api/v1/cart/form?world=it',
      { action: 'remove', material_id: String(material.id) },
      { 'x-kreide-form': 'yes', cookie },
    );
    expect(plain.status).toBe(303);
    expect(await cartCount(cookie, 'it')).toBe(0);
  });

  it('refuses bad input in the error shape: unknown action, an id out of range, another site’s form', async () => {
    for (const fields of [
      { action: 'explode' },
      { action: 'add', material_id: '2147483648' },
      { action: 'add', material_id: '1e3' },
    ] as Record<string, string>[]) {
      const response = await postForm(cartForm, '/api/v1/cart/form?world=de', fields);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const foreign = await cartForm(
      apiRequest('/api/v1/cart/form?world=de', {
        method: 'POST',
        body: 'action=remove-voucher',
        headers: FORM,
        origin: 'http://evil.example',
      }),
    );
    expect(foreign.status).toBe(403);
  });
});

describe(`checkout form without scripts on ${BACKEND}`, () => {
  it('sends the buyer back without consent, then orders once per key and lands on the confirmation', async () => {
    const cookie = await signIn(DEMO_ACCOUNTS.buyer);
    const material = (await paidMaterials('de', 1))[0]!;
    const added = await postForm(
      cartForm,
      '/api/v1/cart/form?world=de',
      { action: 'add', material_id: String(material.id) },
      { cookie },
    );
    expect(added.headers.get('location')).toBe('/de/warenkorb?notice=added');
    const view = await viewRoute(apiRequest('/api/v1/cart/view?world=de', { headers: { cookie } }));
    const total = ((await view.json()) as { items: { cart: { finalPrice: number } } }).items.cart.finalPrice;
    const fields = { provider: 'test', idempotency_key: 'form-checkout-key-0001', expected_total: String(total) };

    const noConsent = await postForm(checkoutForm, '/api/v3/orders/checkout/form?world=de', fields, { cookie });
    expect(noConsent.status).toBe(303);
    expect(noConsent.headers.get('location')).toBe('/de/bezahlung?error=consent_required');
    expect(await cartCount(cookie)).toBe(1);

    const stale = await postForm(
      checkoutForm,
      '/api/v3/orders/checkout/form?world=de',
      { ...fields, expected_total: String(total + 1), delivery_consent: 'on' },
      { cookie },
    );
    expect(stale.headers.get('location')).toBe('/de/bezahlung?error=price_changed');
    expect(await cartCount(cookie)).toBe(1);

    const ordered = await postForm(
      checkoutForm,
      '/api/v3/orders/checkout/form?world=de',
      { ...fields, delivery_consent: 'on' },
      { cookie },
    );
    expect(ordered.status).toBe(303);
    const location = ordered.headers.get('location')!;
    expect(location).toMatch(/^\/de\/bestellbestaetigung\/\d+$/);
    const again = await postForm(
      checkoutForm,
      '/api/v3/orders/checkout/form?world=de',
      { ...fields, delivery_consent: 'on' },
      { cookie },
    );
    expect(again.headers.get('location')).toBe(location);
    const orderId = Number(location.split('/').pop());
    const orders = await getDb().select().from(t.orders).where(eq(t.orders.idempotencyKey, fields.idempotency_key));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: orderId, status: 'paid', provider: 'test' });
    expect(await cartCount(cookie)).toBe(0);
  });

  it('sends an invoice purchase to the invoice-purchase page with its order', async () => {
    const cookie = await signIn(DEMO_ACCOUNTS.buyer);
    const material = (await paidMaterials('gr', 1))[0]!;
    await postForm(
      cartForm,
      '/api/v1/cart/form?world=gr',
      { action: 'add', material_id: String(material.id) },
      { cookie },
    );
    const ordered = await postForm(
      checkoutForm,
      '/api/v3/orders/checkout/form?world=gr',
      {
        provider: 'invoice',
        idempotency_key: 'form-checkout-invoice-01',
        expected_total: String(material.price),
        delivery_consent: 'on',
      },
      { cookie },
    );
    expect(ordered.status).toBe(303);
    expect(ordered.headers.get('location')).toMatch(/^\/gr\/[^/?]+\?order=\d+$/);
    const orderId = Number(ordered.headers.get('location')!.split('order=')[1]);
    const [order] = await getDb().select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(order).toMatchObject({ status: 'pending', provider: 'invoice' });
  });

  it('needs a signed-in buyer', async () => {
    const response = await postForm(checkoutForm, '/api/v3/orders/checkout/form?world=de', {
      provider: 'test',
      idempotency_key: 'form-checkout-key-0002',
      expected_total: '0',
      delivery_consent: 'on',
    });
    expect(response.status).toBe(401);
  });
});

describe(`free download form on ${BACKEND}`, () => {
  async function freeMaterial() {
    const [row] = await getDb()
      .select({ id: t.materials.id, slug: t.materials.slug })
      .from(t.materials)
      .where(and(eq(t.materials.world, 'de'), eq(t.materials.priceCents, 0), eq(t.materials.isActive, true)))
      .orderBy(t.materials.id)
      .limit(1);
    return row!;
  }

  it('sends a visitor to sign in and back to the material, and gives a teacher the licence once', async () => {
    const material = await freeMaterial();
    const anonymous = await postForm(freeForm, '/api/v3/orders/free/form?world=de', {
      material_id: String(material.id),
    });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(
      `/de/anmelden?next=${encodeURIComponent(`/de/material/${material.id}/${material.slug}`)}`,
    );

    const cookie = await signIn(DEMO_ACCOUNTS.buyer);
    for (let click = 0; click < 2; click++) {
      const taken = await postForm(
        freeForm,
        '/api/v3/orders/free/form?world=de',
        { material_id: String(material.id) },
        { cookie },
      );
      expect(taken.status).toBe(303);
      expect(taken.headers.get('location')).toBe('/de/konto/gekaufte-materialien');
    }
    const licences = await getDb().select().from(t.licences).where(eq(t.licences.materialId, material.id));
    expect(licences).toHaveLength(1);
  });

  it('refuses a paid material and an unknown one, and changes nothing', async () => {
    const paid = (await paidMaterials('de', 1))[0]!;
    const cookie = await signIn(DEMO_ACCOUNTS.seller);
    const before = (await getDb().select().from(t.licences)).length;
    const refused = await postForm(
      freeForm,
      '/api/v3/orders/free/form?world=de',
      { material_id: String(paid.id) },
      { cookie },
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { details: { reason: 'not_free' } } });
    const unknown = await postForm(
      freeForm,
      '/api/v3/orders/free/form?world=de',
      { material_id: '2147483647' },
      { cookie },
    );
    expect(unknown.status).toBe(404);
    expect(await getDb().select().from(t.licences)).toHaveLength(before);
  });
});
