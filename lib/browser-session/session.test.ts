import { http, HttpResponse, delay } from 'msw';
import {
  MAX_CONSECUTIVE_401,
  WRONG_ACCOUNT_LOGOUT_MS,
  isChangeEmailConfirm,
  isNeverRetried,
  isVersionedPath,
  skipsTermsCheck,
} from './session';
import { CART_TOKEN_KEY, LOGGED_IN_KEY, USER_ID_KEY } from './storage';
import {
  API,
  PATHS,
  TERMS,
  USER,
  abortingFetch,
  createHarness,
  serveApiForTests,
  unauthorized,
} from './testing/harness';
import { MemoryStorage } from './testing/memory-storage';

const { server, requests } = serveApiForTests();

const count = (entry: string) => requests.filter((r) => r === entry).length;

describe('validation runs once and is cached', () => {
  it('shares a pending validation between callers and caches its result', async () => {
    server.use(
      http.get(`${API}/v3/oauth2/validate`, async () => {
        await delay(30);
        return HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null });
      }),
    );
    const { session } = createHarness({ loggedInFlag: true });
    const pending = [session.validate(), session.validate(), session.ready()];
    session.start();
    expect(await Promise.all(pending)).toEqual(['loggedIn', 'loggedIn', undefined]);
    await expect(session.validate()).resolves.toBe('loggedIn');
    expect(count('GET v3/oauth2/validate')).toBe(1);
  });

  it('shares one validation between versioned calls made while it is pending', async () => {
    server.use(http.get(`${API}/v1/filters`, () => HttpResponse.json({ filters: [] })));
    const { client } = createHarness({ loggedInFlag: true });
    await Promise.all([client.get('v1/filters'), client.get('v1/filters'), client.get('v1/filters')]);
    expect(count('GET v3/oauth2/validate')).toBe(1);
    expect(count('GET v1/filters')).toBe(3);
  });
});

describe('the outcome of validation', () => {
  it('success with a user id marks logged in, loads the user and remembers the id', async () => {
    const { session, local } = createHarness({ loggedInFlag: true });
    await expect(session.validate()).resolves.toBe('loggedIn');
    expect(session.getState()).toMatchObject({
      validated: true,
      loggedIn: true,
      userId: 7,
      user: USER,
      tokenValid: true,
      termsAccepted: true,
      impersonated: false,
    });
    expect(requests).toEqual(['GET v3/oauth2/validate', 'GET v1/user']);
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(local.getItem(USER_ID_KEY)).toBe('7');
  });

  it('on the register-confirm page a user id does not log in, and the cookie is left alone', async () => {
    const { session } = createHarness({ loggedInFlag: true, pathname: `${PATHS.registerConfirm}abc123` });
    await expect(session.validate()).resolves.toBe('anonymous');
    expect(session.getState()).toMatchObject({ loggedIn: false, user: null });
    expect(requests).toEqual(['GET v3/oauth2/validate']);
  });

  it('success without a user id is anonymous on the client-credentials token already held', async () => {
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.json({ oauth_user_id: null, oauth_access_token: null })),
    );
    const { session, local } = createHarness({ loggedInFlag: true, storedUserId: 7 });
    await expect(session.validate()).resolves.toBe('anonymous');
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: true, authError: null });
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(local.getItem(USER_ID_KEY)).toBeNull();
    expect(requests).toEqual(['GET v3/oauth2/validate']);
  });

  it('a failed validation while anonymous becomes anonymous through client credentials', async () => {
    let body: unknown;
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
      http.post(`${API}/v3/oauth2/authenticate`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ access_token: null, oauth_user_id: null });
      }),
    );
    const { session } = createHarness();
    await expect(session.validate()).resolves.toBe('anonymous');
    expect(body).toEqual({ client_id: 'web', grant_type: 'client_credentials' });
    expect(session.getState()).toMatchObject({ validated: true, loggedIn: false, tokenValid: true, authError: null });
  });

  it('stores authError when the anonymous login fails too', async () => {
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
      http.post(`${API}/v3/oauth2/authenticate`, () =>
        HttpResponse.json({ error: { code: 'internal' } }, { status: 500 }),
      ),
    );
    const { session } = createHarness();
    await expect(session.validate()).resolves.toBe('error');
    expect(session.getState().authError).toMatchObject({ response: { status: 500 } });
    expect(session.getState().loggedIn).toBe(false);
  });

  it('a server failure of a visitor without a login falls back to anonymous too', async () => {
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.json({ error: { code: 'internal' } }, { status: 503 })),
    );
    const { session } = createHarness();
    await expect(session.validate()).resolves.toBe('anonymous');
    expect(requests).toEqual(['GET v3/oauth2/validate', 'POST v3/oauth2/authenticate']);
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: true, authError: null });
  });

  it('a 401 while logged in (not for the terms) falls back to anonymous, then goes to the login page', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')));
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7 });
    let navigationsWhenAuthenticating: string[] | null = null;
    server.use(
      http.post(`${API}/v3/oauth2/authenticate`, async ({ request }) => {
        navigationsWhenAuthenticating = [...navigations];
        expect(await request.json()).toEqual({ client_id: 'web', grant_type: 'client_credentials' });
        return HttpResponse.json({ access_token: null, oauth_user_id: null });
      }),
    );
    await expect(session.validate()).resolves.toBe('anonymous');
    expect(requests).toEqual(['GET v3/oauth2/validate', 'POST v3/oauth2/authenticate']);
    expect(navigationsWhenAuthenticating).toEqual([]);
    expect(navigations).toEqual([PATHS.login]);
    expect(session.getState()).toMatchObject({
      loggedIn: false,
      userId: null,
      tokenValid: true,
      authError: null,
      validated: true,
    });
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(local.getItem(USER_ID_KEY)).toBeNull();
  });

  it('a 401 while logged in whose anonymous fallback fails too stores authError and still goes to the login page', async () => {
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
      http.post(`${API}/v3/oauth2/authenticate`, () =>
        HttpResponse.json({ error: { code: 'rate_limited' } }, { status: 429 }),
      ),
    );
    const { session, navigations } = createHarness({ loggedInFlag: true });
    await expect(session.validate()).resolves.toBe('error');
    expect(session.getState()).toMatchObject({
      loggedIn: false,
      tokenValid: false,
      authError: expect.objectContaining({ response: expect.objectContaining({ status: 429 }) }),
    });
    expect(navigations).toEqual([PATHS.login]);
  });

  it.each([
    ['a dropped connection', {}],
    ['a validation cut off by navigation', { fetch: abortingFetch('v3/oauth2/validate') }],
  ])('%s while logged in keeps the login and asks for no anonymous token', async (_name, options) => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.error()));
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7, ...options });
    await expect(session.validate()).resolves.toBe('error');
    expect(session.getState()).toMatchObject({ loggedIn: true, validated: true, authError: expect.anything() });
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(local.getItem(USER_ID_KEY)).toBe('7');
    expect(count('POST v3/oauth2/authenticate')).toBe(0);
    expect(navigations).toEqual([]);
  });

  it('a server failure while logged in keeps the login and stores authError instead of replacing the cookie', async () => {
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.json({ error: { code: 'internal' } }, { status: 503 })),
    );
    const { session, local, navigations } = createHarness({ loggedInFlag: true });
    await expect(session.validate()).resolves.toBe('error');
    expect(session.getState()).toMatchObject({
      loggedIn: true,
      authError: expect.objectContaining({ response: expect.objectContaining({ status: 503 }) }),
    });
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(count('POST v3/oauth2/authenticate')).toBe(0);
    expect(navigations).toEqual([]);
  });
});

describe('terms not accepted', () => {
  beforeEach(() => {
    let accepted = false;
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () =>
        accepted
          ? HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null })
          : unauthorized('terms_not_accepted', { oauth_user_id: 7 }),
      ),
      http.post(`${API}/v3/terms/accept-agb`, async ({ request }) => {
        const body = (await request.json()) as { terms_version_id: number };
        if (body.terms_version_id !== TERMS.id)
          return HttpResponse.json(
            { error: { code: 'conflict', details: { reason: 'terms_outdated' } } },
            { status: 409 },
          );
        accepted = true;
        return HttpResponse.json({ accepted: true, terms: TERMS });
      }),
      http.get(`${API}/v1/cart/view`, () => HttpResponse.json({ items: { cart: [] } })),
    );
  });

  it('marks terms not accepted and opens the prompt; the session is kept', async () => {
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7 });
    await expect(session.validate()).resolves.toBe('termsNotAccepted');
    expect(session.getState()).toMatchObject({
      termsAccepted: false,
      termsPrompt: true,
      loggedIn: true,
      userId: 7,
      tokenValid: true,
    });
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(count('POST v3/oauth2/logout')).toBe(0);
    expect(count('POST v3/oauth2/authenticate')).toBe(0);
    expect(navigations).toEqual([]);
  });

  it('a versioned call waits for the acceptance and then proceeds, without navigation', async () => {
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    session.start();
    let answered = false;
    const cart = client.get('v1/cart/view').then((answer) => {
      answered = true;
      return answer;
    });
    await session.validate();
    await delay(20);
    expect(answered).toBe(false);
    expect(count('GET v1/cart/view')).toBe(0);

    await expect(session.getActualTerms()).resolves.toEqual(TERMS);
    await session.acceptTerms(TERMS.id);
    await expect(cart).resolves.toEqual({ items: { cart: [] } });
    expect(session.getState()).toMatchObject({ termsAccepted: true, termsPrompt: false, loggedIn: true, user: USER });
    expect(requests.indexOf('POST v3/terms/accept-agb')).toBeLessThan(requests.indexOf('GET v1/cart/view'));
    expect(navigations).toEqual([]);
  });

  it('accepting outdated terms is refused and the prompt stays', async () => {
    const { session } = createHarness({ loggedInFlag: true });
    await session.validate();
    await expect(session.acceptTerms(TERMS.id - 1)).rejects.toMatchObject({ response: { status: 409 } });
    expect(session.getState()).toMatchObject({ termsAccepted: false, termsPrompt: true });
  });

  it('a 401 terms_not_accepted on a normal call retries it once the terms are accepted', async () => {
    let orders = 0;
    let accepted = false;
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () =>
        accepted || orders === 0
          ? HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null })
          : unauthorized('terms_not_accepted', { oauth_user_id: 7 }),
      ),
      http.post(`${API}/v3/terms/accept-agb`, () => {
        accepted = true;
        return HttpResponse.json({ accepted: true, terms: TERMS });
      }),
      http.get(`${API}/v3/orders/list`, () =>
        ++orders === 1 ? unauthorized('terms_not_accepted') : HttpResponse.json({ orders: [] }),
      ),
    );
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    const call = client.get('v3/orders/list');
    await new Promise<void>((resolve) => {
      const stop = session.subscribe(() => {
        if (!session.getState().termsPrompt) return;
        stop();
        resolve();
      });
    });
    await session.acceptTerms(TERMS.id);
    await expect(call).resolves.toEqual({ orders: [] });
    expect(orders).toBe(2);
    expect(navigations).toEqual([]);
  });
});

describe('wrong account and user-load failure', () => {
  it('a stored user id that differs tracks wrongAccountLogin and logs out after 1 s', async () => {
    const { session, tracked, scheduled, navigations, local } = createHarness({ loggedInFlag: true, storedUserId: 99 });
    await expect(session.validate()).resolves.toBe('wrongAccount');
    expect(tracked).toEqual([{ name: 'wrongAccountLogin', data: { storedUserId: 99, userId: 7 } }]);
    expect(scheduled.map((s) => s.ms)).toEqual([WRONG_ACCOUNT_LOGOUT_MS]);
    expect(count('POST v3/oauth2/logout')).toBe(0);
    expect(navigations).toEqual([]);

    scheduled[0]!.callback();
    await delay(20);
    expect(count('POST v3/oauth2/logout')).toBe(1);
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(navigations).toEqual(['reload']);
  });

  it('an admin starting to act as a user (stored id is the admin) is not a wrong account', async () => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.json({ ...USER, loggedInAsAnotherUser: true })));
    const { session, tracked, scheduled, local } = createHarness({ loggedInFlag: true, storedUserId: 1 });
    await expect(session.validate()).resolves.toBe('loggedIn');
    expect(tracked).toEqual([]);
    expect(scheduled).toEqual([]);
    expect(session.getState().impersonated).toBe(true);
    expect(local.getItem(USER_ID_KEY)).toBe('7');
  });

  it.each([401, 403, 404])('a user load answered %i clears the session as logout does', async (status) => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.json({ error: { code: 'unauthorized' } }, { status })));
    const tabStorage = new MemoryStorage();
    tabStorage.setItem('draft', 'x');
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7, tabStorage });
    await expect(session.validate()).resolves.toBe('loggedOut');
    expect(count('POST v3/oauth2/logout')).toBe(1);
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(local.getItem(USER_ID_KEY)).toBeNull();
    expect(tabStorage.length).toBe(0);
    expect(session.getState()).toMatchObject({ loggedIn: false, user: null });
    expect(navigations).toEqual(['reload']);
  });
});

describe('a user load that says nothing about the login keeps the session', () => {
  it.each([
    ['a request cut off by navigation (AbortError)', { fetch: abortingFetch('v1/user') }, () => {}],
    ['a network error', {}, () => server.use(http.get(`${API}/v1/user`, () => HttpResponse.error()))],
    [
      'a server failure (500)',
      {},
      () =>
        server.use(
          http.get(`${API}/v1/user`, () => HttpResponse.json({ error: { code: 'internal' } }, { status: 500 })),
        ),
    ],
  ])('%s: no logout, the login and the tab stay, authError is stored', async (_name, options, serve) => {
    serve();
    const tabStorage = new MemoryStorage();
    tabStorage.setItem('draft', 'x');
    const { session, local, navigations } = createHarness({
      loggedInFlag: true,
      storedUserId: 7,
      tabStorage,
      ...options,
    });
    await expect(session.validate()).resolves.toBe('error');
    expect(count('POST v3/oauth2/logout')).toBe(0);
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(local.getItem(USER_ID_KEY)).toBe('7');
    expect(tabStorage.getItem('draft')).toBe('x');
    expect(session.getState()).toMatchObject({
      loggedIn: true,
      userId: 7,
      user: null,
      validated: true,
      authError: expect.anything(),
    });
    expect(navigations).toEqual([]);
  });
});

describe('logout', () => {
  it('clears token, flags and session storage and reloads; the cart token stays', async () => {
    const tabStorage = new MemoryStorage();
    tabStorage.setItem('draft', 'x');
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7, tabStorage });
    local.setItem(CART_TOKEN_KEY, 'cart-1');
    await session.validate();
    await session.logout();
    expect(count('POST v3/oauth2/logout')).toBe(1);
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(local.getItem(USER_ID_KEY)).toBeNull();
    expect(local.getItem(CART_TOKEN_KEY)).toBe('cart-1');
    expect(tabStorage.length).toBe(0);
    expect(session.getState()).toMatchObject({ loggedIn: false, userId: null, user: null, tokenValid: false });
    expect(navigations).toEqual(['reload']);
  });

  it('goes to the login page when asked', async () => {
    const { session, navigations } = createHarness({ loggedInFlag: true });
    await session.logout({ toLogin: true });
    expect(navigations).toEqual([PATHS.login]);
  });

  it('forgets the login even when the server cannot be reached', async () => {
    server.use(http.post(`${API}/v3/oauth2/logout`, () => HttpResponse.error()));
    const { session, local, navigations } = createHarness({ loggedInFlag: true });
    await session.logout();
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(navigations).toEqual(['reload']);
  });
});

describe('401 answers', () => {
  it('logged in: revalidates and retries the original call once', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/v1/orders`, () =>
        ++calls === 1 ? unauthorized('invalid_token') : HttpResponse.json({ orders: [1] }),
      ),
    );
    const { client } = createHarness({ loggedInFlag: true });
    await expect(client.get('v1/orders')).resolves.toEqual({ orders: [1] });
    expect(requests).toEqual([
      'GET v3/oauth2/validate',
      'GET v1/user',
      'GET v1/orders',
      'GET v3/oauth2/validate',
      'GET v1/user',
      'GET v1/orders',
    ]);
  });

  it('rejects the retry when it gets a 401 too (one retry only)', async () => {
    server.use(http.get(`${API}/v1/orders`, () => unauthorized('invalid_token')));
    const { client } = createHarness({ loggedInFlag: true });
    await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(2);
  });

  it.each([
    ['logged in', { loggedInFlag: true }, 'GET v3/oauth2/validate'],
    ['anonymous', {}, 'POST v3/oauth2/authenticate'],
  ])(
    `%s: the ${MAX_CONSECUTIVE_401}th consecutive 401 for a URL is still retried, the ${MAX_CONSECUTIVE_401 + 1}th is rejected`,
    async (_state, options, refresh) => {
      const { session } = createHarness(options);
      const decide = async (path: string) => {
        const retry = await session.guard.unauthorized(
          path,
          new Response(JSON.stringify({ error: { details: { reason: 'invalid_token' } } }), { status: 401 }),
          false,
        );
        if (retry) session.guard.retrySettled(path);
        return retry;
      };
      const decisions: boolean[] = [];
      for (let i = 1; i <= MAX_CONSECUTIVE_401; i++) decisions.push(await decide('v1/orders'));
      expect(decisions).toEqual([true, true, true, true, true]);
      const refreshes = count(refresh);
      expect(refreshes).toBe(MAX_CONSECUTIVE_401);
      // The sixth is rejected at once: no revalidation, no anonymous login.
      await expect(decide('v1/orders')).resolves.toBe(false);
      expect(count(refresh)).toBe(refreshes);
      // Another URL has its own streak; the same path with a query string is the same URL.
      await expect(decide('v1/cart/view')).resolves.toBe(true);
      await expect(decide('/v1/orders?page=2')).resolves.toBe(false);
      // Any other answer for the URL ends its streak.
      session.guard.answered('v1/orders');
      await expect(decide('v1/orders')).resolves.toBe(true);
    },
  );

  it(`through the client: every 401 counts, the retry's too, so the 5th (a first try) is retried and the 6th rejected`, async () => {
    server.use(http.get(`${API}/v1/orders`, () => unauthorized('invalid_token')));
    const { client } = createHarness({ loggedInFlag: true });
    // Three calls: 401s 1+2, 3+4, 5 (retried) + 6 (the retry's own, rejected).
    for (let i = 0; i < 3; i++)
      await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(6);
    const validations = count('GET v3/oauth2/validate');
    // The 7th is rejected without retry and without revalidation.
    await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(7);
    expect(count('GET v3/oauth2/validate')).toBe(validations);
  });

  it('through the client: a 401 streak for URL A does not count against URL B, and a success resets A', async () => {
    let ordersFail = true;
    let cartCalls = 0;
    server.use(
      http.get(`${API}/v1/orders`, () =>
        ordersFail ? unauthorized('invalid_token') : HttpResponse.json({ orders: [] }),
      ),
      http.get(`${API}/v1/cart/view`, () =>
        ++cartCalls % 2 === 1 ? unauthorized('invalid_token') : HttpResponse.json({ items: { cart: [] } }),
      ),
    );
    const { client } = createHarness({ loggedInFlag: true });
    for (let i = 0; i < 4; i++) await expect(client.get('v1/orders')).rejects.toBeTruthy();
    expect(count('GET v1/orders')).toBe(7);
    // B is retried after its first 401, A's run notwithstanding.
    await expect(client.get('v1/cart/view')).resolves.toEqual({ items: { cart: [] } });
    expect(count('GET v1/cart/view')).toBe(2);
    // A is still over the limit…
    await expect(client.get('v1/orders')).rejects.toBeTruthy();
    expect(count('GET v1/orders')).toBe(8);
    // …until an answer that is not a 401 resets it: the next 401 is retried again.
    ordersFail = false;
    await expect(client.get('v1/orders')).resolves.toEqual({ orders: [] });
    ordersFail = true;
    const before = count('GET v1/orders');
    await expect(client.get('v1/orders')).rejects.toBeTruthy();
    expect(count('GET v1/orders') - before).toBe(2);
  });

  it.each([
    ['authenticate', 'POST', 'v3/oauth2/authenticate'],
    ['item-tags', 'GET', 'v3/item-tags/list'],
  ])('rejects any 401 for %s URLs without retry', async (_name, method, path) => {
    server.use(http.all(`${API}/${path}`, () => unauthorized('invalid_credentials')));
    const { session, client } = createHarness({ loggedInFlag: true });
    await session.validate();
    const before = requests.length;
    const call =
      method === 'POST'
        ? client.post(path, { client_id: 'web', grant_type: 'password', username: 'a@b.c', password: 'x' })
        : client.get(path);
    await expect(call).rejects.toMatchObject({ response: { status: 401 } });
    expect(requests.slice(before)).toEqual([`${method} ${path}`]);
  });

  it('exempts the change-email-confirm URL from the refresh handling, logged in or not', async () => {
    server.use(http.post(`${API}/v3/email-change/confirm`, () => unauthorized('invalid_token')));
    const loggedIn = createHarness({ loggedInFlag: true });
    await loggedIn.session.validate();
    const before = requests.length;
    await expect(loggedIn.client.post('v3/email-change/confirm', { token: 't' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(requests.slice(before)).toEqual(['POST v3/email-change/confirm']);

    const anonymous = createHarness();
    const start = requests.length;
    await expect(anonymous.client.post('v3/email-change/confirm', { token: 't' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(requests.slice(start)).toEqual(['POST v3/email-change/confirm']);
  });

  it('a 401 on validate while logged in marks logged out and goes to the login page (anonymous first)', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')));
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7 });
    await expect(session.validate()).resolves.toBe('anonymous');
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: true });
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(local.getItem(USER_ID_KEY)).toBeNull();
    expect(navigations).toEqual([PATHS.login]);
    expect(count('POST v3/oauth2/authenticate')).toBe(1);
  });

  it('a 401 on validate through the client while logged in goes to login, unless the reason is terms_not_accepted', async () => {
    const loggedIn = createHarness({ loggedInFlag: true });
    await loggedIn.session.validate();
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('terms_not_accepted')));
    await expect(loggedIn.client.get('v3/oauth2/validate')).rejects.toBeTruthy();
    expect(loggedIn.navigations).toEqual([]);
    expect(loggedIn.session.getState().loggedIn).toBe(true);

    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')));
    await expect(loggedIn.client.get('v3/oauth2/validate')).rejects.toBeTruthy();
    expect(loggedIn.navigations).toEqual([PATHS.login]);
    expect(loggedIn.session.getState().loggedIn).toBe(false);
  });

  it('does not navigate when already on the login page', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')));
    const { session, navigations } = createHarness({ loggedInFlag: true, pathname: PATHS.login });
    await session.validate();
    expect(navigations).toEqual([]);
  });

  it('a normal call whose revalidation is refused is retried as anonymous, then the user goes to login', async () => {
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    await session.validate();
    let navigationsAtRetry: string[] | null = null;
    let follows = 0;
    server.use(
      http.post(`${API}/v3/subscriptions/subscribe`, () => {
        if (++follows === 1) return unauthorized('invalid_token');
        navigationsAtRetry = [...navigations];
        return HttpResponse.json({ ok: true });
      }),
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
    );
    requests.length = 0;
    await expect(client.post('v3/subscriptions/subscribe', { subjectId: 5, subjectType: 'author' })).resolves.toEqual({
      ok: true,
    });
    expect(requests).toEqual([
      'POST v3/subscriptions/subscribe',
      'GET v3/oauth2/validate',
      'POST v3/oauth2/authenticate',
      'POST v3/subscriptions/subscribe',
    ]);
    // The retry left before the page did.
    expect(navigationsAtRetry).toEqual([]);
    expect(navigations).toEqual([PATHS.login]);
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: true });
  });

  it('after a refused revalidation, a retry that is refused too is rejected and the user still goes to login', async () => {
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    await session.validate();
    server.use(
      http.get(`${API}/v1/orders`, () => unauthorized('invalid_token')),
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
    );
    await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(2);
    expect(session.getState().loggedIn).toBe(false);
    expect(navigations).toEqual([PATHS.login]);
  });

  it('when the anonymous fallback fails as well, the call is rejected without retry and authError is stored', async () => {
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    await session.validate();
    server.use(
      http.get(`${API}/v1/orders`, () => unauthorized('invalid_token')),
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
      http.post(`${API}/v3/oauth2/authenticate`, () =>
        HttpResponse.json({ error: { code: 'internal' } }, { status: 500 }),
      ),
    );
    await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(1);
    expect(session.getState().authError).toMatchObject({ response: { status: 500 } });
    expect(navigations).toEqual([PATHS.login]);
  });

  it('a revalidation that finds the token anonymous retries the call on it, without navigation', async () => {
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    await session.validate();
    let calls = 0;
    server.use(
      http.get(`${API}/v1/cart/view`, () =>
        ++calls === 1 ? unauthorized('invalid_token') : HttpResponse.json({ items: { cart: [] } }),
      ),
      http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.json({ oauth_user_id: null, oauth_access_token: null })),
    );
    await expect(client.get('v1/cart/view')).resolves.toEqual({ items: { cart: [] } });
    expect(calls).toBe(2);
    expect(count('POST v3/oauth2/authenticate')).toBe(0);
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: true });
    expect(navigations).toEqual([]);
  });

  it('concurrent calls hit by a refused login are all retried before the page goes to login', async () => {
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    await session.validate();
    const seen = new Map<string, number>();
    const navigationsAtRetries: string[][] = [];
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
      http.get(`${API}/v3/items/:name`, async ({ params }) => {
        const name = String(params.name);
        seen.set(name, (seen.get(name) ?? 0) + 1);
        if (seen.get(name) === 1) return unauthorized('invalid_token');
        // The slower retry must hold the navigation back too.
        if (name === 'b') await delay(40);
        navigationsAtRetries.push([...navigations]);
        return HttpResponse.json({ name });
      }),
    );
    await expect(Promise.all([client.get('v3/items/a'), client.get('v3/items/b')])).resolves.toEqual([
      { name: 'a' },
      { name: 'b' },
    ]);
    expect(navigationsAtRetries).toEqual([[], []]);
    expect(navigations).toEqual([PATHS.login]);
    expect(count('GET v3/oauth2/validate')).toBe(2);
    expect(count('POST v3/oauth2/authenticate')).toBe(1);
  });

  it('concurrent 401s while logged in share one revalidation', async () => {
    const seen = new Map<string, number>();
    server.use(
      http.get(`${API}/v1/:name`, ({ params }) => {
        const name = String(params.name);
        if (name === 'user') return HttpResponse.json(USER);
        seen.set(name, (seen.get(name) ?? 0) + 1);
        return seen.get(name) === 1 ? unauthorized('invalid_token') : HttpResponse.json({ name });
      }),
    );
    const { session, client } = createHarness({ loggedInFlag: true });
    await session.validate();
    const before = count('GET v3/oauth2/validate');
    await expect(Promise.all([client.get('v1/a'), client.get('v1/b'), client.get('v1/c')])).resolves.toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
    ]);
    expect(count('GET v3/oauth2/validate') - before).toBe(1);
  });

  it('anonymous with terms accepted: logs in with client credentials and retries', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/v3/subscriptions/anonymous/subscribe`, () =>
        ++calls === 1 ? unauthorized('invalid_token') : HttpResponse.json({ ok: true }),
      ),
    );
    const { session, client } = createHarness();
    await expect(client.post('v3/subscriptions/anonymous/subscribe', { subjectId: 1 })).resolves.toEqual({ ok: true });
    expect(requests).toEqual([
      'POST v3/subscriptions/anonymous/subscribe',
      'POST v3/oauth2/authenticate',
      'POST v3/subscriptions/anonymous/subscribe',
    ]);
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: true });
  });

  it('anonymous: a failed client-credentials login stores authError and rejects the call', async () => {
    server.use(
      http.post(`${API}/v3/subscriptions/anonymous/subscribe`, () => unauthorized('invalid_token')),
      http.post(`${API}/v3/oauth2/authenticate`, () =>
        HttpResponse.json({ error: { code: 'internal' } }, { status: 500 }),
      ),
    );
    const { session, client } = createHarness();
    await expect(client.post('v3/subscriptions/anonymous/subscribe', {})).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(session.getState().authError).toMatchObject({ response: { status: 500 } });
  });
});

describe('the terms check before versioned calls', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/v1/cart/view`, () => HttpResponse.json({ items: { cart: [] } })),
      http.get(`${API}/health`, () => HttpResponse.json({ ok: true })),
    );
  });

  it('runs first for a browser that may be logged in', async () => {
    const { client } = createHarness({ loggedInFlag: true });
    await client.get('v1/cart/view');
    expect(requests).toEqual(['GET v3/oauth2/validate', 'GET v1/user', 'GET v1/cart/view']);
  });

  it('does not hold back authenticate and validate, even while the terms are not accepted', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('terms_not_accepted')));
    const { session, client } = createHarness({ loggedInFlag: true });
    await session.validate();
    await expect(
      client.post('v3/oauth2/authenticate', { client_id: 'web', grant_type: 'client_credentials' }),
    ).resolves.toBeTruthy();
    await expect(client.get('v3/oauth2/validate')).rejects.toBeTruthy();
    expect(count('POST v3/oauth2/authenticate')).toBe(1);
  });

  it('noValidate opts a call out', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('terms_not_accepted')));
    const { session, client } = createHarness({ loggedInFlag: true });
    await session.validate();
    await expect(client.get('v1/cart/view', { noValidate: true })).resolves.toEqual({ items: { cart: [] } });
  });

  it('calls outside the versioned API are not checked', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('terms_not_accepted')));
    const { session, client } = createHarness({ loggedInFlag: true });
    await session.validate();
    await expect(client.get('health')).resolves.toEqual({ ok: true });
  });

  it('an anonymous visitor who never logged in fetches nothing extra: no validation on start or before calls', async () => {
    const { session, client } = createHarness();
    session.start();
    await session.ready();
    await client.get('v1/cart/view');
    expect(requests).toEqual(['GET v1/cart/view']);
  });

  it('the path rules', () => {
    expect(isVersionedPath('v1/user')).toBe(true);
    expect(isVersionedPath('/v3/search?q=1')).toBe(true);
    expect(isVersionedPath('health')).toBe(false);
    expect(skipsTermsCheck('v3/oauth2/authenticate')).toBe(true);
    expect(skipsTermsCheck('v3/oauth2/validate?world=de')).toBe(true);
    expect(skipsTermsCheck('v3/oauth2/logout')).toBe(false);
    expect(isNeverRetried('v3/item-tags/42')).toBe(true);
    expect(isNeverRetried('v3/items/42')).toBe(false);
    expect(isChangeEmailConfirm('v3/email-change/confirm')).toBe(true);
    expect(isChangeEmailConfirm('v3/user/change-email/confirm')).toBe(true);
    expect(isChangeEmailConfirm('v3/email-change/request')).toBe(false);
  });
});

describe('storage that cannot be used', () => {
  it('validates on start, since it cannot tell whether the browser is logged in, and keeps the flag in memory', async () => {
    const { session } = createHarness({ local: new MemoryStorage('access') });
    session.start();
    await expect(session.ready()).resolves.toBeUndefined();
    expect(requests).toEqual(['GET v3/oauth2/validate', 'GET v1/user']);
    expect(session.getState().loggedIn).toBe(true);
  });
});

describe('impersonation', () => {
  it('ends through login-as/end, forgets the stored id and goes where the server says', async () => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.json({ ...USER, loggedInAsAnotherUser: true })));
    const { session, local, navigations } = createHarness({ loggedInFlag: true });
    await session.validate();
    await session.endImpersonation();
    expect(count('POST v3/oauth2/login-as/end')).toBe(1);
    expect(local.getItem(USER_ID_KEY)).toBeNull();
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(navigations).toEqual(['/de/login-as']);
  });
});
