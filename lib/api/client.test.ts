import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient, SLOW_CALL_MS } from './client';

const seen: Request[] = [];
const server = setupServer(
  http.all('http://kreide.test/api/*', async ({ request }) => {
    seen.push(request.clone());
    const url = new URL(request.url);
    if (url.pathname.endsWith('/slow')) await delay(20);
    const body = request.method === 'POST' ? await request.text() : null;
    return HttpResponse.json({ path: url.pathname, world: url.searchParams.get('world'), body });
  }),
  http.get('https://partner.example/*', ({ request }) => {
    seen.push(request.clone());
    return HttpResponse.json({ ok: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
  server.resetHandlers();
});
afterAll(() => server.close());

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({ baseUrl: 'http://kreide.test/api', getWorld: () => 'de', partnerHosts: ['partner.example'], ...overrides });
}

describe('the API client (SPEC §7)', () => {
  it('returns the body directly', async () => {
    await expect(client().get('v1/filters')).resolves.toMatchObject({ path: '/api/v1/filters' });
  });

  it('adds the world parameter, default de, overridable per call', async () => {
    await expect(client().get('v1/filters')).resolves.toMatchObject({ world: 'de' });
    await expect(client({ getWorld: () => 'it' }).get('v1/filters')).resolves.toMatchObject({ world: 'it' });
    await expect(client().get('v1/filters', { world: 'gr' })).resolves.toMatchObject({ world: 'gr' });
  });

  it('sends no world parameter to a partner host', async () => {
    await client().get('https://partner.example/widget');
    expect(new URL(seen[0]!.url).searchParams.has('world')).toBe(false);
  });

  it('sends credentials with every call', async () => {
    await client().get('v1/user');
    expect(seen[0]!.credentials).toBe('include');
  });

  it('adds X-Cart-Token to cart and payment-options calls only', async () => {
    const c = client({ getCartToken: () => 'cart-123' });
    await c.get('v1/cart/view');
    await c.post('v3/payment-options/list', {});
    await c.get('v1/filters');
    expect(seen[0]!.headers.get('x-cart-token')).toBe('cart-123');
    expect(seen[1]!.headers.get('x-cart-token')).toBe('cart-123');
    expect(seen[2]!.headers.get('x-cart-token')).toBeNull();
  });

  it('posts JSON in UTF-8 when there is no file', async () => {
    const answer = await client().post<{ body: string }>('v3/location/set-country', { code: 'AT', name: 'Österreich' });
    expect(seen[0]!.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ code: 'AT', name: 'Österreich' });
  });

  it('posts multipart when a file is sent', async () => {
    const form = new FormData();
    form.set('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client().post('v3/user-details/avatar', form);
    expect(seen[0]!.headers.get('content-type')).toMatch(/multipart\/form-data/);
  });

  it('adds a bearer token only when one is held', async () => {
    await client({ getAccessToken: () => 'tok' }).get('v1/user');
    await client().get('v1/user');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(seen[1]!.headers.get('authorization')).toBeNull();
  });

  it('reports calls slower than 3 s, and only those', async () => {
    const reports: unknown[] = [];
    let clock = 0;
    // The handlers move the clock while the call is in flight.
    server.use(
      http.get('http://kreide.test/api/v1/fast', () => {
        clock += SLOW_CALL_MS;
        return HttpResponse.json({});
      }),
      http.get('http://kreide.test/api/v1/slow', () => {
        clock += SLOW_CALL_MS + 1;
        return HttpResponse.json({});
      }),
    );
    const c = client({ now: () => clock, onSlowCall: (r) => reports.push(r) });
    await c.get('v1/fast');
    expect(reports).toHaveLength(0);
    await c.get('v1/slow');
    expect(reports).toEqual([expect.objectContaining({ method: 'GET', durationMs: SLOW_CALL_MS + 1, url: expect.stringContaining('/api/v1/slow') })]);
  });

  it('rejects with the HTTP error for 4xx answers', async () => {
    server.use(http.get('http://kreide.test/api/v1/missing', () => HttpResponse.json({ error: { code: 'not_found' } }, { status: 404 })));
    await expect(client().get('v1/missing')).rejects.toMatchObject({ response: { status: 404 } });
  });
});
