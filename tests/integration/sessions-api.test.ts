import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { POST as logout } from '@/app/api/v3/oauth2/logout/route';
import { GET as validate } from '@/app/api/v3/oauth2/validate/route';
import { GET as currentUser } from '@/app/api/v1/user/route';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/seed/seed';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { apiRequest } from './support/request';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  authenticate(apiRequest('/api/v3/oauth2/authenticate', { method: 'POST', body, headers }));

function sessionCookie(response: Response): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0]!;
}

describe(`sessions on ${BACKEND}`, () => {
  it('signs in with e-mail and password: token, user id and an httpOnly session cookie for the website', async () => {
    const response = await signIn({
      client_id: 'web',
      grant_type: 'password',
      username: DEMO_ACCOUNTS.buyer.toUpperCase(),
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    // The website's token lives only in the httpOnly cookie, never in a body JavaScript can read.
    expect(body).toEqual({ access_token: null, oauth_user_id: expect.any(Number) });
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^kreide_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const valid = await validate(
      apiRequest('/api/v3/oauth2/validate', { headers: { cookie: sessionCookie(response) } }),
    );
    expect(await valid.json()).toEqual({ oauth_user_id: body.oauth_user_id, oauth_access_token: null });

    const user = await currentUser(apiRequest('/api/v1/user', { headers: { cookie: sessionCookie(response) } }));
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({
      id: body.oauth_user_id,
      email: DEMO_ACCOUNTS.buyer,
      details: { publicName: 'Demo Käuferin' },
      loggedInAsAnotherUser: false,
    });
  });

  it('gives the app a bearer token and no cookie', async () => {
    const response = await signIn({
      client_id: 'app',
      grant_type: 'password',
      username: DEMO_ACCOUNTS.seller,
      password: DEMO_PASSWORD,
    });
    expect(response.headers.get('set-cookie')).toBeNull();
    const { access_token, oauth_user_id } = await response.json();
    const valid = await validate(
      apiRequest('/api/v3/oauth2/validate', { headers: { authorization: `Bearer ${access_token}` } }),
    );
    expect(await valid.json()).toEqual({ oauth_user_id, oauth_access_token: access_token });
    const user = await (
      await currentUser(apiRequest('/api/v1/user', { headers: { authorization: `Bearer ${access_token}` } }))
    ).json();
    expect(user).toMatchObject({ isSeller: true, slug: 'frau-demo' });
  });

  it('answers a wrong password and an unknown account the same way (no enumeration)', async () => {
    const wrong = await signIn({
      client_id: 'web',
      grant_type: 'password',
      username: DEMO_ACCOUNTS.buyer,
      password: 'nope',
    });
    const unknown = await signIn({
      client_id: 'web',
      grant_type: 'password',
      username: 'nobody@demo.test',
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('issues anonymous tokens for client credentials', async () => {
    const response = await signIn({ client_id: 'web', grant_type: 'client_credentials' });
    const body = await response.json();
    expect(body).toEqual({ access_token: null, oauth_user_id: null });
    const valid = await validate(
      apiRequest('/api/v3/oauth2/validate', { headers: { cookie: sessionCookie(response) } }),
    );
    expect((await valid.json()).oauth_user_id).toBeNull();
    const user = await currentUser(apiRequest('/api/v1/user', { headers: { cookie: sessionCookie(response) } }));
    expect(user.status).toBe(401);
    expect((await user.json()).error.details).toEqual({ reason: 'anonymous' });
  });

  it('logs out: the token stops working and the cookie is cleared', async () => {
    const response = await signIn({
      client_id: 'web',
      grant_type: 'password',
      username: DEMO_ACCOUNTS.admin,
      password: DEMO_PASSWORD,
    });
    const cookie = sessionCookie(response);
    const out = await logout(apiRequest('/api/v3/oauth2/logout', { method: 'POST', headers: { cookie } }));
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/kreide_session=;.*Max-Age=0/i);
    const after = await validate(apiRequest('/api/v3/oauth2/validate', { headers: { cookie } }));
    expect(after.status).toBe(401);
    expect((await after.json()).error).toMatchObject({ code: 'unauthorized', details: { reason: 'invalid_token' } });
  });

  it.each([
    [{ client_id: 'desktop', grant_type: 'password', username: 'a@b.c', password: 'x' }, 400, 'client_id'],
    [{ client_id: 'web', grant_type: 'magic' }, 400, 'grant_type'],
    [{ client_id: 'web', grant_type: 'password', username: 'a@b.c' }, 400, 'password'],
    [{ client_id: 'web', grant_type: 'google', token: 'x' }, 400, 'grant_type'],
  ])('rejects %j', async (payload, status, field) => {
    const response = await signIn(payload);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await signIn(
      { client_id: 'web', grant_type: 'client_credentials' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });

  it('rejects forged and missing tokens', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer forged-token-forged-token-forged' },
      { cookie: 'kreide_session=garbage' },
    ];
    for (const headers of cases) {
      expect((await validate(apiRequest('/api/v3/oauth2/validate', { headers }))).status).toBe(401);
      expect((await currentUser(apiRequest('/api/v1/user', { headers }))).status).toBe(401);
    }
  });
});
