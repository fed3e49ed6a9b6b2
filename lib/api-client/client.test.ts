import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient, SLOW_CALL_MS, type CallGuard } from './client';

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
  return createApiClient({
    baseUrl: 'http://kreide.test/api',
    getWorld: () => 'de',
    partnerHosts: ['partner.example'],
    ...overrides,
  });
}

describe('the API client', () => {
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
    expect(reports).toEqual([
      expect.objectContaining({
        method: 'GET',
        durationMs: SLOW_CALL_MS + 1,
        url: expect.stringContaining('/api/v1/slow'),
      }),
    ]);
  });

  it('never sends the calls the payment page aborts, and sends them elsewhere', async () => {
    let onPayment = true;
    const c = client({ onPaymentPage: () => onPayment });
    const aborted = [
      ['get', 'v1/filters'],
      ['get', 'v3/mega-menu/get-subjects'],
      ['post', 'v3/subscriptions/anonymous/persist'],
      ['post', 'v3/elastic-indexer/wishlist/query'],
      ['post', '/v3/elastic-indexer/anonymous-wishlist/query'],
    ] as const;
    for (const [method, path] of aborted)
      await expect(method === 'get' ? c.get(path) : c.post(path, {})).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
    // Every other call of the payment page goes out as usual.
    await expect(c.get('v1/cart/view')).resolves.toMatchObject({ path: '/api/v1/cart/view' });
    await expect(c.post('v3/subscriptions/subscribe', {})).resolves.toMatchObject({
      path: '/api/v3/subscriptions/subscribe',
    });
    expect(seen).toHaveLength(2);
    onPayment = false;
    await expect(c.get('v1/filters')).resolves.toMatchObject({ path: '/api/v1/filters' });
    expect(seen).toHaveLength(3);
  });

  it('rejects with the HTTP error for 4xx answers', async () => {
    server.use(
      http.get('http://kreide.test/api/v1/missing', () =>
        HttpResponse.json({ error: { code: 'not_found' } }, { status: 404 }),
      ),
    );
    await expect(client().get('v1/missing')).rejects.toMatchObject({ response: { status: 404 } });
  });
});

describe('the session guard around calls', () => {
  function recordingGuard(retry: boolean) {
    const events: string[] = [];
    const guard: CallGuard = {
      before: async (path, call) => {
        events.push(`before ${path}${call.noValidate ? ' noValidate' : ''}`);
      },
      unauthorized: async (path, response, retried) => {
        events.push(`401 ${path}${retried ? ' retried' : ''} ${(await response.clone().json()).error.details.reason}`);
        return retry;
      },
      answered: (path) => events.push(`answered ${path}`),
      retrySettled: (path) => events.push(`retry settled ${path}`),
    };
    return { guard, events };
  }

  it('runs the guard before the call and reports the answer, with the path relative to the base', async () => {
    const { guard, events } = recordingGuard(false);
    await client({ guard }).get('/v1/filters', { noValidate: true });
    expect(events).toEqual(['before v1/filters noValidate', 'answered v1/filters']);
  });

  it("retries once after a 401 when the guard says so, and hands it the retry's own 401", async () => {
    const bodies: string[] = [];
    server.use(
      http.post('http://kreide.test/api/v1/orders', async ({ request }) => {
        bodies.push(await request.text());
        return HttpResponse.json({ error: { details: { reason: 'invalid_token' } } }, { status: 401 });
      }),
    );
    const { guard, events } = recordingGuard(true);
    await expect(client({ guard }).post('v1/orders', { a: 1 })).rejects.toMatchObject({ response: { status: 401 } });
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
    expect(events).toEqual([
      'before v1/orders',
      '401 v1/orders invalid_token',
      '401 v1/orders retried invalid_token',
      'retry settled v1/orders',
    ]);
  });

  it('tells the guard when the granted retry has settled, answered or cut off, and only then', async () => {
    let calls = 0;
    server.use(
      http.get('http://kreide.test/api/v1/answered', () =>
        ++calls % 2 === 1
          ? HttpResponse.json({ error: { details: { reason: 'a' } } }, { status: 401 })
          : HttpResponse.json({ ok: true }),
      ),
      http.get('http://kreide.test/api/v1/dropped', () =>
        ++calls % 2 === 1
          ? HttpResponse.json({ error: { details: { reason: 'b' } } }, { status: 401 })
          : HttpResponse.error(),
      ),
    );
    const { guard, events } = recordingGuard(true);
    await expect(client({ guard }).get('v1/answered')).resolves.toEqual({ ok: true });
    expect(events).toEqual([
      'before v1/answered',
      '401 v1/answered a',
      'answered v1/answered',
      'retry settled v1/answered',
    ]);
    events.length = 0;
    await expect(client({ guard }).get('v1/dropped')).rejects.toBeInstanceOf(TypeError);
    expect(events).toEqual(['before v1/dropped', '401 v1/dropped b', 'retry settled v1/dropped']);

    const refused = recordingGuard(false);
    server.use(
      http.get('http://kreide.test/api/v1/refused', () =>
        HttpResponse.json({ error: { details: { reason: 'c' } } }, { status: 401 }),
      ),
    );
    await expect(client({ guard: refused.guard }).get('v1/refused')).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(refused.events).toEqual(['before v1/refused', '401 v1/refused c']);
  });

  it('leaves the body readable for the caller after the guard read it', async () => {
    server.use(
      http.get('http://kreide.test/api/v1/orders', () =>
        HttpResponse.json({ error: { details: { reason: 'x' } } }, { status: 401 }),
      ),
    );
    const { guard } = recordingGuard(false);
    const error = await client({ guard })
      .get('v1/orders')
      .catch((caught: { response: Response }) => caught);
    await expect((error as { response: Response }).response.json()).resolves.toEqual({
      error: { details: { reason: 'x' } },
    });
  });

  it('reports other failures as answers, and passes partner calls by', async () => {
    server.use(http.get('http://kreide.test/api/v1/missing', () => HttpResponse.json({}, { status: 404 })));
    const { guard, events } = recordingGuard(true);
    await expect(client({ guard }).get('v1/missing')).rejects.toMatchObject({ response: { status: 404 } });
    await client({ guard }).get('https://partner.example/widget');
    expect(events).toEqual(['before v1/missing', 'answered v1/missing']);
  });
});
