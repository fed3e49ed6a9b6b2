import { http, HttpResponse, delay } from 'msw';
import { MAX_CONSECUTIVE_401, WRONG_ACCOUNT_LOGOUT_MS, isChangeEmailConfirm, isNeverRetried, isVersionedPath, skipsTermsCheck } from './session';
import { CART_TOKEN_KEY, LOGGED_IN_KEY, USER_ID_KEY } from './storage';
import { API, PATHS, TERMS, USER, createHarness, serveApiForTests, unauthorized } from './testing/harness';
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
    expect(session.getState()).toMatchObject({ validated: true, loggedIn: true, userId: 7, user: USER, tokenValid: true, termsAccepted: true, impersonated: false });
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
    server.use(http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.json({ oauth_user_id: null, oauth_access_token: null })));
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
      http.post(`${API}/v3/oauth2/authenticate`, () => HttpResponse.json({ error: { code: 'internal' } }, { status: 500 })),
    );
    const { session } = createHarness();
    await expect(session.validate()).resolves.toBe('error');
    expect(session.getState().authError).toMatchObject({ response: { status: 500 } });
    expect(session.getState().loggedIn).toBe(false);
  });

  it('a server failure while logged in keeps the login and stores authError instead of replacing the cookie', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => HttpResponse.json({ error: { code: 'internal' } }, { status: 503 })));
    const { session, local, navigations } = createHarness({ loggedInFlag: true });
    await expect(session.validate()).resolves.toBe('error');
    expect(session.getState()).toMatchObject({ loggedIn: true, authError: expect.objectContaining({ response: expect.objectContaining({ status: 503 }) }) });
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(count('POST v3/oauth2/authenticate')).toBe(0);
    expect(navigations).toEqual([]);
  });
});

describe('terms not accepted', () => {
  beforeEach(() => {
    let accepted = false;
    server.use(
      http.get(`${API}/v3/oauth2/validate`, () => (accepted ? HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null }) : unauthorized('terms_not_accepted', { oauth_user_id: 7 }))),
      http.post(`${API}/v3/terms/accept-agb`, async ({ request }) => {
        const body = (await request.json()) as { terms_version_id: number };
        if (body.terms_version_id !== TERMS.id) return HttpResponse.json({ error: { code: 'conflict', details: { reason: 'terms_outdated' } } }, { status: 409 });
        accepted = true;
        return HttpResponse.json({ accepted: true, terms: TERMS });
      }),
      http.get(`${API}/v1/cart/view`, () => HttpResponse.json({ items: { cart: [] } })),
    );
  });

  it('marks terms not accepted and opens the prompt; the session is kept', async () => {
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7 });
    await expect(session.validate()).resolves.toBe('termsNotAccepted');
    expect(session.getState()).toMatchObject({ termsAccepted: false, termsPrompt: true, loggedIn: true, userId: 7, tokenValid: true });
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(count('GET v3/oauth2/logout')).toBe(0);
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
      http.get(`${API}/v3/oauth2/validate`, () => (accepted || orders === 0 ? HttpResponse.json({ oauth_user_id: 7, oauth_access_token: null }) : unauthorized('terms_not_accepted', { oauth_user_id: 7 }))),
      http.post(`${API}/v3/terms/accept-agb`, () => {
        accepted = true;
        return HttpResponse.json({ accepted: true, terms: TERMS });
      }),
      http.get(`${API}/v3/orders/list`, () => (++orders === 1 ? unauthorized('terms_not_accepted') : HttpResponse.json({ orders: [] }))),
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
    expect(count('GET v3/oauth2/logout')).toBe(0);
    expect(navigations).toEqual([]);

    scheduled[0]!.callback();
    await delay(20);
    expect(count('GET v3/oauth2/logout')).toBe(1);
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

  it('a user-load failure clears the session as logout does', async () => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.json({ error: { code: 'internal' } }, { status: 500 })));
    const tabStorage = new MemoryStorage();
    tabStorage.setItem('draft', 'x');
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7, tabStorage });
    await expect(session.validate()).resolves.toBe('loggedOut');
    expect(count('GET v3/oauth2/logout')).toBe(1);
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(local.getItem(USER_ID_KEY)).toBeNull();
    expect(tabStorage.length).toBe(0);
    expect(session.getState()).toMatchObject({ loggedIn: false, user: null });
    expect(navigations).toEqual(['reload']);
  });
});

describe('a user load that gets no answer', () => {
  it('does not log out when the call is cut off (the page navigates away)', async () => {
    server.use(http.get(`${API}/v1/user`, () => HttpResponse.error()));
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7 });
    await expect(session.validate()).resolves.toBe('error');
    expect(count('GET v3/oauth2/logout')).toBe(0);
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
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
    expect(count('GET v3/oauth2/logout')).toBe(1);
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
    server.use(http.get(`${API}/v3/oauth2/logout`, () => HttpResponse.error()));
    const { session, local, navigations } = createHarness({ loggedInFlag: true });
    await session.logout();
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(navigations).toEqual(['reload']);
  });
});

describe('401 answers', () => {
  it('logged in: revalidates and retries the original call once', async () => {
    let calls = 0;
    server.use(http.get(`${API}/v1/orders`, () => (++calls === 1 ? unauthorized('invalid_token') : HttpResponse.json({ orders: [1] }))));
    const { client } = createHarness({ loggedInFlag: true });
    await expect(client.get('v1/orders')).resolves.toEqual({ orders: [1] });
    expect(requests).toEqual(['GET v3/oauth2/validate', 'GET v1/user', 'GET v1/orders', 'GET v3/oauth2/validate', 'GET v1/user', 'GET v1/orders']);
  });

  it('rejects the retry when it gets a 401 too (one retry only)', async () => {
    server.use(http.get(`${API}/v1/orders`, () => unauthorized('invalid_token')));
    const { client } = createHarness({ loggedInFlag: true });
    await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(2);
  });

  it(`rejects without retry after more than ${MAX_CONSECUTIVE_401} consecutive 401s for the same URL`, async () => {
    server.use(http.get(`${API}/v1/orders`, () => unauthorized('invalid_token')));
    const { client } = createHarness({ loggedInFlag: true });
    // Three calls, each retried once: six 401s in a row.
    for (let i = 0; i < 3; i++) await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(6);
    const validations = count('GET v3/oauth2/validate');
    await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(7);
    expect(count('GET v3/oauth2/validate')).toBe(validations);
  });

  it('counts only consecutive 401s: another answer for the URL starts the count anew', async () => {
    let fail = true;
    server.use(http.get(`${API}/v1/orders`, () => (fail ? unauthorized('invalid_token') : HttpResponse.json({ orders: [] }))));
    const { client } = createHarness({ loggedInFlag: true });
    for (let i = 0; i < 2; i++) await expect(client.get('v1/orders')).rejects.toBeTruthy();
    fail = false;
    await client.get('v1/orders');
    fail = true;
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
    const call = method === 'POST' ? client.post(path, { client_id: 'web', grant_type: 'password', username: 'a@b.c', password: 'x' }) : client.get(path);
    await expect(call).rejects.toMatchObject({ response: { status: 401 } });
    expect(requests.slice(before)).toEqual([`${method} ${path}`]);
  });

  it('exempts the change-email-confirm URL from the refresh handling, logged in or not', async () => {
    server.use(http.post(`${API}/v3/email-change/confirm`, () => unauthorized('invalid_token')));
    const loggedIn = createHarness({ loggedInFlag: true });
    await loggedIn.session.validate();
    const before = requests.length;
    await expect(loggedIn.client.post('v3/email-change/confirm', { token: 't' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(requests.slice(before)).toEqual(['POST v3/email-change/confirm']);

    const anonymous = createHarness();
    const start = requests.length;
    await expect(anonymous.client.post('v3/email-change/confirm', { token: 't' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(requests.slice(start)).toEqual(['POST v3/email-change/confirm']);
  });

  it('a 401 on validate while logged in marks logged out and goes to the login page', async () => {
    server.use(http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')));
    const { session, local, navigations } = createHarness({ loggedInFlag: true, storedUserId: 7 });
    await expect(session.validate()).resolves.toBe('loggedOut');
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: false });
    expect(local.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(local.getItem(USER_ID_KEY)).toBeNull();
    expect(navigations).toEqual([PATHS.login]);
    expect(count('POST v3/oauth2/authenticate')).toBe(0);
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

  it('a normal call whose revalidation fails marks logged out, goes to login and is rejected', async () => {
    const { session, client, navigations } = createHarness({ loggedInFlag: true });
    await session.validate();
    server.use(
      http.get(`${API}/v1/orders`, () => unauthorized('invalid_token')),
      http.get(`${API}/v3/oauth2/validate`, () => unauthorized('invalid_token')),
    );
    await expect(client.get('v1/orders')).rejects.toMatchObject({ response: { status: 401 } });
    expect(count('GET v1/orders')).toBe(1);
    expect(session.getState().loggedIn).toBe(false);
    expect(navigations).toEqual([PATHS.login]);
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
    await expect(Promise.all([client.get('v1/a'), client.get('v1/b'), client.get('v1/c')])).resolves.toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(count('GET v3/oauth2/validate') - before).toBe(1);
  });

  it('anonymous with terms accepted: logs in with client credentials and retries', async () => {
    let calls = 0;
    server.use(http.post(`${API}/v3/subscriptions/anonymous/subscribe`, () => (++calls === 1 ? unauthorized('invalid_token') : HttpResponse.json({ ok: true }))));
    const { session, client } = createHarness();
    await expect(client.post('v3/subscriptions/anonymous/subscribe', { subjectId: 1 })).resolves.toEqual({ ok: true });
    expect(requests).toEqual(['POST v3/subscriptions/anonymous/subscribe', 'POST v3/oauth2/authenticate', 'POST v3/subscriptions/anonymous/subscribe']);
    expect(session.getState()).toMatchObject({ loggedIn: false, tokenValid: true });
  });

  it('anonymous: a failed client-credentials login stores authError and rejects the call', async () => {
    server.use(
      http.post(`${API}/v3/subscriptions/anonymous/subscribe`, () => unauthorized('invalid_token')),
      http.post(`${API}/v3/oauth2/authenticate`, () => HttpResponse.json({ error: { code: 'internal' } }, { status: 500 })),
    );
    const { session, client } = createHarness();
    await expect(client.post('v3/subscriptions/anonymous/subscribe', {})).rejects.toMatchObject({ response: { status: 401 } });
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
    await expect(client.post('v3/oauth2/authenticate', { client_id: 'web', grant_type: 'client_credentials' })).resolves.toBeTruthy();
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
