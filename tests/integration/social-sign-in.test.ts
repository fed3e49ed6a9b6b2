import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { GET as callbackGet, POST as callbackPost } from '@/app/api/v3/oauth2/social/[provider]/callback/route';
import { POST as complete } from '@/app/api/v3/oauth2/social/[provider]/complete/route';
import { GET as start } from '@/app/api/v3/oauth2/social/[provider]/start/route';
import { GET as currentUser } from '@/app/api/v1/user/route';
import { createAccount, findUserByEmail, hashPassword } from '@/lib/accounts/accounts';
import { resetProviderCaches, verifyIdToken } from '@/lib/accounts/social/id-token';
import { getProviderConfig } from '@/lib/accounts/social/providers';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { resetEnvCache } from '@/lib/env';
import {
  OIDC_TEST_OTHER_CLIENT,
  oidcTestClientId,
  oidcTestClientSecret,
  type OidcTestProvider,
} from '../e2e/support/oidc-test-provider-env';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

const APP_ORIGIN = 'http://localhost:3000';

interface RunningProvider {
  origin: string;
  issuers: Record<OidcTestProvider, string>;
  appEnv: Record<string, string>;
}

let database: TestDatabase;
let provider: RunningProvider;
let child: ChildProcessWithoutNullStreams;
const savedEnv = { ...process.env };

/** The test OpenID provider in its own process (oidc-provider is ESM, Jest's VM is not). */
function startProvider(): Promise<RunningProvider> {
  const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
  child = spawn(tsx, [path.join('tests', 'e2e', 'support', 'oidc-test-provider.ts')], {
    env: { ...process.env, OIDC_TEST_PORT: '0', OIDC_TEST_APP_ORIGIN: APP_ORIGIN },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`test provider did not start: ${err}`)), 45_000);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as RunningProvider);
      }
    });
    child.on('exit', (code) => reject(new Error(`test provider exited with ${code}: ${err}`)));
  });
}

function configure(overrides: Record<string, string | undefined> = {}) {
  for (const key of Object.keys(process.env)) if (key.startsWith('OIDC_')) delete process.env[key];
  Object.assign(process.env, provider.appEnv, { PUBLIC_ORIGIN: APP_ORIGIN });
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

beforeAll(async () => {
  [database, provider] = await Promise.all([startTestDatabase({ seedMaterials: 60 }), startProvider()]);
  // Apple's grant also accepts Google's client id, so a Google token fails there on its issuer alone.
  configure({ OIDC_APPLE_CLIENT_ID: 'kreide-apple_id,kreide-google' });
  resetProviderCaches();
});

afterAll(async () => {
  child?.kill('SIGTERM');
  process.env = savedEnv;
  resetEnvCache();
  await database?.stop();
});

/** A browser's cookie jar for the provider's pages: fetch without following redirects. */
class ProviderBrowser {
  private jar = new Map<string, string>();

  async go(url: URL | string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }
}

/** Everything fake timers can replace but Date: a test that only moves the clock keeps these. */
const REAL_TIMERS: FakeableAPI[] = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];

interface TestUser {
  email: string;
  name?: string;
  emailVerified?: boolean;
  idTokenTtl?: number;
  /** Press Cancel at the provider instead of signing in. */
  cancel?: boolean;
}

/**
 * Signs in at the provider from its authorization URL on: the login page, the posted form, the
 * resumed authorization. Answers the provider's last response (a redirect to the app, or Apple's
 * form post page).
 */
async function signInAtProvider(authorizationUrl: string, user: TestUser): Promise<Response> {
  const browser = new ProviderBrowser();
  const first = await browser.go(authorizationUrl);
  expect(first.status).toBe(303);
  const interaction = new URL(first.headers.get('location')!, authorizationUrl);
  const page = await browser.go(interaction);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="email"');
  const form: Record<string, string> = { email: user.email, name: user.name ?? '' };
  if (user.emailVerified !== false) form.email_verified = 'true';
  if (user.idTokenTtl) form.id_token_ttl = String(user.idTokenTtl);
  const posted = await browser.go(new URL(`${interaction.pathname}/${user.cancel ? 'abort' : 'login'}`, interaction), {
    form,
  });
  expect(posted.status).toBe(303);
  const resumed = await browser.go(new URL(posted.headers.get('location')!, interaction));
  return resumed;
}

/** A genuine ID token from the provider's mount, for `clientId` (default: Kreide's client there). */
async function obtainIdToken(
  mount: OidcTestProvider,
  user: TestUser,
  client = { id: oidcTestClientId(mount), secret: oidcTestClientSecret(mount) },
  nonce: string = crypto.randomUUID(),
): Promise<string> {
  const issuer = provider.issuers[mount];
  const redirectUri =
    client.id === OIDC_TEST_OTHER_CLIENT.id
      ? `${APP_ORIGIN}/other-app/callback`
      : `${APP_ORIGIN}/api/v3/oauth2/social/${mount}/callback`;
  const verifier = crypto.randomBytes(32).toString('base64url');
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: client.id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: crypto.randomUUID(),
    nonce,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const back = await signInAtProvider(url.toString(), user);
  const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { id_token: string }).id_token;
}

const grant = (body: Record<string, unknown>, world = 'de') =>
  authenticate(apiRequest(`/api/v3/oauth2/authenticate?world=${world}`, { method: 'POST', body }));

const params = (name: string) => ({ params: Promise.resolve({ provider: name }) });

function cookieFrom(response: Response, name: string): string | undefined {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie?.split(';')[0];
}

async function identityOf(userId: number) {
  return getDb().select().from(t.userIdentities).where(eq(t.userIdentities.userId, userId));
}

describe(`sign-in with a provider's ID token on ${BACKEND}`, () => {
  it('creates and links a new account for a good token, and signs the same user in the second time', async () => {
    const token = await obtainIdToken('google', { email: 'New.Teacher@Example.test', name: 'Neue Lehrerin' });
    const response = await grant({ client_id: 'app', grant_type: 'google', token }, 'fr');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      oauth_user_id: expect.any(Number),
    });

    const user = await findUserByEmail('new.teacher@example.test');
    expect(user).toMatchObject({
      id: body.oauth_user_id,
      publicName: 'Neue Lehrerin',
      passwordHash: null,
      world: 'fr',
    });
    const [row] = await getDb()
      .select({ creationSource: t.users.creationSource })
      .from(t.users)
      .where(eq(t.users.id, body.oauth_user_id));
    expect(row!.creationSource).toBe('google');
    const [state] = await getDb()
      .select({ status: t.accountStates.status })
      .from(t.accountStates)
      .where(eq(t.accountStates.userId, body.oauth_user_id));
    expect(state!.status).toBe('active');
    const identities = await identityOf(body.oauth_user_id);
    expect(identities).toEqual([
      expect.objectContaining({
        provider: 'google',
        subject: expect.stringMatching(/^user-/),
        email: 'new.teacher@example.test',
      }),
    ]);

    const me = await currentUser(
      apiRequest('/api/v1/user', { headers: { authorization: `Bearer ${body.access_token}` } }),
    );
    expect(await me.json()).toMatchObject({ id: body.oauth_user_id, email: 'new.teacher@example.test' });

    const again = await grant({
      client_id: 'app',
      grant_type: 'google',
      token: await obtainIdToken('google', { email: 'new.teacher@example.test' }),
    });
    expect((await again.json()).oauth_user_id).toBe(body.oauth_user_id);
    expect(await identityOf(body.oauth_user_id)).toHaveLength(1);
  });

  it("accepts Microsoft's multi-tenant tokens, whose issuer is the user's tenant", async () => {
    const token = await obtainIdToken('microsoft', { email: 'ms.user@school.example' });
    const response = await grant({ client_id: 'app', grant_type: 'microsoft', token });
    expect(response.status).toBe(200);
    const { oauth_user_id } = await response.json();
    expect(await identityOf(oauth_user_id)).toEqual([expect.objectContaining({ provider: 'microsoft' })]);
  });

  it('refuses a token issued for another client (wrong audience)', async () => {
    const token = await obtainIdToken('google', { email: 'aud@example.test' }, OIDC_TEST_OTHER_CLIENT);
    const response = await grant({ client_id: 'app', grant_type: 'google', token });
    expect(response.status).toBe(401);
    expect((await response.json()).error.details).toEqual({ reason: 'invalid_provider_token', check: 'aud' });
    expect(await findUserByEmail('aud@example.test')).toBeNull();
  });

  it('refuses a token of another issuer, even one the same keys sign', async () => {
    const token = await obtainIdToken('google', { email: 'iss@example.test' });
    const asApple = await grant({ client_id: 'app', grant_type: 'apple_id', token });
    expect(asApple.status).toBe(401);
    expect((await asApple.json()).error.details).toEqual({ reason: 'invalid_provider_token', check: 'iss' });
    // Microsoft's tenant template: a token without a tenant has no issuer to match.
    const asMicrosoft = await grant({ client_id: 'app', grant_type: 'microsoft', token });
    expect(asMicrosoft.status).toBe(401);
    expect((await asMicrosoft.json()).error.details.reason).toBe('invalid_provider_token');
    expect(await findUserByEmail('iss@example.test')).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await obtainIdToken('google', { email: 'expired@example.test', idTokenTtl: 1 });
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    // Past the expiry and the verifier's 5 s of clock tolerance: the clock the verifier reads
    // (Date) is moved there instead of waiting 7 s for it; timers and I/O stay real.
    jest.useFakeTimers({ now: (exp + 6) * 1000, doNotFake: REAL_TIMERS });
    let response: Response;
    try {
      response = await grant({ client_id: 'app', grant_type: 'google', token });
    } finally {
      jest.useRealTimers();
    }
    expect(response.status).toBe(401);
    expect((await response.json()).error.details).toEqual({ reason: 'invalid_provider_token', check: 'exp' });
    expect(await findUserByEmail('expired@example.test')).toBeNull();
  });

  it('refuses a token signed by another key, even under the real key id', async () => {
    const genuine = await obtainIdToken('google', { email: 'forged@example.test' });
    const [header, payload] = genuine.split('.') as [string, string];
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signature = crypto.sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
    const response = await grant({
      client_id: 'app',
      grant_type: 'google',
      token: `${header}.${payload}.${signature}`,
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.details).toEqual({ reason: 'invalid_provider_token', check: 'signature' });

    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const none = await grant({ client_id: 'app', grant_type: 'google', token: unsigned });
    expect(none.status).toBe(401);
    expect(await findUserByEmail('forged@example.test')).toBeNull();
  });

  it('checks the nonce when the flow set one', async () => {
    const token = await obtainIdToken('google', { email: 'nonce@example.test' }, undefined, 'nonce-of-the-provider');
    const config = getProviderConfig('google')!;
    await expect(
      verifyIdToken(config, token, { audiences: [config.clientId], nonce: 'nonce-of-the-provider' }),
    ).resolves.toMatchObject({ email: 'nonce@example.test', emailVerified: true });
    await expect(
      verifyIdToken(config, token, { audiences: [config.clientId], nonce: 'another-nonce' }),
    ).rejects.toMatchObject({ details: { reason: 'invalid_provider_token', check: 'nonce' } });
  });

  it('refuses an unconfigured provider with a clear 400, and a missing token', async () => {
    configure({ OIDC_APPLE_CLIENT_ID: 'kreide-apple_id,kreide-google', OIDC_FACEBOOK_CLIENT_ID: undefined });
    try {
      const token = await obtainIdToken('facebook', { email: 'fb@example.test' });
      const response = await grant({ client_id: 'app', grant_type: 'facebook', token });
      expect(response.status).toBe(400);
      expect((await response.json()).error.details).toEqual([
        { path: 'grant_type', message: 'Sign-in with Facebook is not configured on this server' },
      ]);
      const started = await start(apiRequest('/api/v3/oauth2/social/facebook/start?world=de'), params('facebook'));
      expect(started.status).toBe(400);
    } finally {
      configure({ OIDC_APPLE_CLIENT_ID: 'kreide-apple_id,kreide-google' });
    }
    const missing = await grant({ client_id: 'app', grant_type: 'facebook' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.details).toEqual([expect.objectContaining({ path: 'token' })]);
    const unknown = await start(apiRequest('/api/v3/oauth2/social/myspace/start'), params('myspace'));
    expect(unknown.status).toBe(404);
  });

  it('links a provider-verified address to the existing demo account, and refuses an unverified one', async () => {
    const buyer = (await findUserByEmail(DEMO_ACCOUNTS.buyer))!;
    const token = await obtainIdToken('google', { email: DEMO_ACCOUNTS.buyer.toUpperCase() });
    const response = await grant({ client_id: 'app', grant_type: 'google', token });
    expect(response.status).toBe(200);
    expect((await response.json()).oauth_user_id).toBe(buyer.id);
    expect(await identityOf(buyer.id)).toEqual([expect.objectContaining({ provider: 'google' })]);
    expect((await findUserByEmail(DEMO_ACCOUNTS.buyer))!.passwordHash).toBe(buyer.passwordHash);

    const seller = (await findUserByEmail(DEMO_ACCOUNTS.seller))!;
    const unverified = await grant({
      client_id: 'app',
      grant_type: 'microsoft',
      token: await obtainIdToken('microsoft', { email: DEMO_ACCOUNTS.seller, emailVerified: false }),
    });
    expect(unverified.status).toBe(409);
    expect((await unverified.json()).error.details.reason).toBe('email_taken');
    expect(await identityOf(seller.id)).toEqual([]);
  });

  it('confirms a pending registration through a verified address and drops its unproven password', async () => {
    const pending = await createAccount({
      email: 'pending@example.test',
      publicName: 'Pending',
      world: 'de',
      passwordHash: await hashPassword('someone-elses'),
      status: 'pending',
      creationSource: 'web',
    });
    const response = await grant({
      client_id: 'app',
      grant_type: 'google',
      token: await obtainIdToken('google', { email: 'pending@example.test' }),
    });
    expect((await response.json()).oauth_user_id).toBe(pending.id);
    const [state] = await getDb()
      .select({ status: t.accountStates.status })
      .from(t.accountStates)
      .where(eq(t.accountStates.userId, pending.id));
    expect(state!.status).toBe('active');
    expect((await findUserByEmail('pending@example.test'))!.passwordHash).toBeNull();
  });

  it('refuses a deleted account', async () => {
    const gone = await createAccount({
      email: 'gone@example.test',
      publicName: 'Gone',
      world: 'de',
      passwordHash: null,
      status: 'active',
      creationSource: 'google',
    });
    await getDb().update(t.accountStates).set({ status: 'deleted' }).where(eq(t.accountStates.userId, gone.id));
    const response = await grant({
      client_id: 'app',
      grant_type: 'google',
      token: await obtainIdToken('google', { email: 'gone@example.test' }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.details).toEqual({ reason: 'account_deleted' });
    expect(await identityOf(gone.id)).toEqual([]);
  });
});

describe(`the website's sign-in flow on ${BACKEND}`, () => {
  it('starts at the provider with code, PKCE, state and nonce, and the callback signs in and returns', async () => {
    const started = await start(
      apiRequest('/api/v3/oauth2/social/google/start?world=fr&return_to=%2Ffr'),
      params('google'),
    );
    expect(started.status).toBe(303);
    const location = new URL(started.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuers.google}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'kreide-google',
      response_type: 'code',
      redirect_uri: `${APP_ORIGIN}/api/v3/oauth2/social/google/callback`,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const setCookie = started.headers.getSetCookie().find((c) => c.startsWith('kreide_social='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/v3\/oauth2\/social/);
    expect(setCookie).not.toContain(location.searchParams.get('state')!);
    const flowCookie = cookieFrom(started, 'kreide_social')!;

    const back = await signInAtProvider(location.toString(), { email: 'flow.user@example.test', name: 'Flow User' });
    expect(back.status).toBe(303);
    const callbackUrl = new URL(back.headers.get('location')!);
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${APP_ORIGIN}/api/v3/oauth2/social/google/callback`);

    // Without the flow cookie (another browser) or with a forged state, nothing signs in.
    const foreign = await callbackGet(apiRequest(callbackUrl.pathname + callbackUrl.search), params('google'));
    expect(foreign.headers.get('location')).toBe(`${APP_ORIGIN}/de/anmelden?social_error=expired`);
    expect(cookieFrom(foreign, 'kreide_session')).toBeUndefined();
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'forged');
    const forgedAnswer = await callbackGet(
      apiRequest(forged.pathname + forged.search, { headers: { cookie: flowCookie } }),
      params('google'),
    );
    expect(forgedAnswer.headers.get('location')).toMatch(/\/fr\/[^?]+\?social_error=expired$/);
    expect(cookieFrom(forgedAnswer, 'kreide_session')).toBeUndefined();

    const done = await callbackGet(
      apiRequest(callbackUrl.pathname + callbackUrl.search, { headers: { cookie: flowCookie } }),
      params('google'),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${APP_ORIGIN}/fr`);
    expect(done.headers.getSetCookie().find((c) => c.startsWith('kreide_social='))).toMatch(/Max-Age=0/i);
    const session = cookieFrom(done, 'kreide_session')!;
    expect(session).toBeDefined();
    const me = await currentUser(apiRequest('/api/v1/user', { headers: { cookie: session } }));
    expect(await me.json()).toMatchObject({ email: 'flow.user@example.test', details: { publicName: 'Flow User' } });
    expect((await findUserByEmail('flow.user@example.test'))!.world).toBe('fr');

    // The code is used up: replaying the answer signs nobody in.
    const replay = await callbackGet(
      apiRequest(callbackUrl.pathname + callbackUrl.search, { headers: { cookie: flowCookie } }),
      params('google'),
    );
    expect(replay.headers.get('location')).toMatch(/\?social_error=failed$/);
    expect(cookieFrom(replay, 'kreide_session')).toBeUndefined();
  });

  it('tells the login page when the user cancels at the provider', async () => {
    const started = await start(apiRequest('/api/v3/oauth2/social/google/start?world=it'), params('google'));
    const back = await signInAtProvider(started.headers.get('location')!, {
      email: 'cancel@example.test',
      cancel: true,
    });
    const callbackUrl = new URL(back.headers.get('location')!);
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    const answer = await callbackGet(
      apiRequest(callbackUrl.pathname + callbackUrl.search, {
        headers: { cookie: cookieFrom(started, 'kreide_social')! },
      }),
      params('google'),
    );
    expect(answer.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/it\/[^?]+\?social_error=cancelled$/);
    expect(cookieFrom(answer, 'kreide_session')).toBeUndefined();
    expect(await findUserByEmail('cancel@example.test')).toBeNull();
  });

  it("completes Apple's form-post answer", async () => {
    const started = await start(
      apiRequest('/api/v3/oauth2/social/apple_id/start?world=de&return_to=%2Fde%2Fsuche'),
      params('apple_id'),
    );
    const location = new URL(started.headers.get('location')!);
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    const page = await signInAtProvider(location.toString(), { email: 'apple.user@privaterelay.example' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`action="${APP_ORIGIN}/api/v3/oauth2/social/apple_id/callback"`);
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    const form = new URLSearchParams({
      ...fields,
      user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Apfel' } }),
    });
    const request = apiRequest('/api/v3/oauth2/social/apple_id/callback', {
      method: 'POST',
      body: form.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookieFrom(started, 'kreide_social')!,
        origin: 'https://appleid.apple.com',
      },
    });
    const done = await callbackPost(request, params('apple_id'));
    expect(done.headers.get('location')).toBe(`${APP_ORIGIN}/de/suche`);
    expect(cookieFrom(done, 'kreide_session')).toBeDefined();
    const user = (await findUserByEmail('apple.user@privaterelay.example'))!;
    // Apple's ID token has no name: it comes from the `user` field of the first answer.
    expect(user.publicName).toBe('Ada Apfel');
    expect(user.world).toBe('de');
  });

  it('completes a Microsoft sign-in on the Microsoft redirect page of the world it started in', async () => {
    const started = await start(
      apiRequest('/api/v3/oauth2/social/microsoft/start?world=fr&return_to=%2Ffr'),
      params('microsoft'),
    );
    const location = new URL(started.headers.get('location')!);
    expect(location.searchParams.get('redirect_uri')).toBe(`${APP_ORIGIN}/fr/microsoft-redirect`);
    const back = await signInAtProvider(location.toString(), {
      email: 'ms.flow@school.example',
      name: 'Marie Microsoft',
    });
    const redirect = new URL(back.headers.get('location')!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${APP_ORIGIN}/fr/microsoft-redirect`);
    const body = { code: redirect.searchParams.get('code'), state: redirect.searchParams.get('state') };
    const cookie = cookieFrom(started, 'kreide_social')!;

    const foreign = await complete(
      apiRequest('/api/v3/oauth2/social/microsoft/complete?world=fr', {
        method: 'POST',
        body,
        headers: { cookie, origin: 'https://evil.example' },
      }),
      params('microsoft'),
    );
    expect(foreign.status).toBe(403);

    const done = await complete(
      apiRequest('/api/v3/oauth2/social/microsoft/complete?world=fr', {
        method: 'POST',
        body,
        headers: { cookie, origin: APP_ORIGIN },
      }),
      params('microsoft'),
    );
    expect(done.status).toBe(200);
    const answer = await done.json();
    expect(answer).toEqual({ access_token: null, oauth_user_id: expect.any(Number), return_to: '/fr' });
    const me = await currentUser(
      apiRequest('/api/v1/user', { headers: { cookie: cookieFrom(done, 'kreide_session')! } }),
    );
    expect(await me.json()).toMatchObject({ id: answer.oauth_user_id, email: 'ms.flow@school.example' });

    const again = await complete(
      apiRequest('/api/v3/oauth2/social/microsoft/complete?world=fr', {
        method: 'POST',
        body: { code: 'x', state: 'y' },
      }),
      params('microsoft'),
    );
    expect(again.status).toBe(400);
    expect((await again.json()).error.details.reason).toBe('invalid_state');
  });
});
