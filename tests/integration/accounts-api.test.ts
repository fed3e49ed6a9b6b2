import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { GET as validate } from '@/app/api/v3/oauth2/validate/route';
import { POST as logout } from '@/app/api/v3/oauth2/logout/route';
import { POST as loginAs } from '@/app/api/v3/oauth2/login-as/route';
import { POST as endLoginAs } from '@/app/api/v3/oauth2/login-as/end/route';
import { GET as currentUser } from '@/app/api/v1/user/route';
import { POST as register } from '@/app/api/v3/registration/register/route';
import { POST as confirm } from '@/app/api/v3/registration/confirm/route';
import { POST as complete } from '@/app/api/v3/registration/complete/route';
import { POST as forgot } from '@/app/api/v3/password/forgot/route';
import { POST as recover } from '@/app/api/v3/password/recover/route';
import { POST as changePassword } from '@/app/api/v3/password/change/route';
import { POST as requestEmailChange } from '@/app/api/v3/email-change/request/route';
import { POST as confirmEmailChange } from '@/app/api/v3/email-change/confirm/route';
import { POST as createAccount } from '@/app/api/v3/admin/accounts/route';
import { POST as authorizeApp } from '@/app/api/v3/oauth2/authorize/route';
import { GET as invitation } from '@/app/api/v3/referrals/invitation/route';
import { GET as actualTerms } from '@/app/api/v3/terms/get-actual-agb/route';
import { POST as acceptTerms } from '@/app/api/v3/terms/accept-agb/route';
import { GET as termsAccepted } from '@/app/api/v3/terms/is-actual-agb-accepted/route';
import { POST as publishTerms } from '@/app/api/v3/terms/publish/route';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/seed/seed';
import { deliveredMail } from './support/mail';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { apiRequest } from './support/request';
import { callRoute, type RouteCall } from './support/routes';
import { termsSections } from './support/terms';
import { requestSignIn, sessionCookieOf } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

type Handler = (request: ReturnType<typeof apiRequest>) => Promise<Response>;
let ipCounter = 0;
/** Each call comes from its own client address unless a test pins one, so limits stay per test. */
const ownClientIp = () => ({ 'x-kreide-client-ip': `198.51.100.${(ipCounter++ % 250) + 1}` });
const call = (handler: Handler, path: string, init: RouteCall = {}) =>
  callRoute(handler, path, { ...init, headers: { ...ownClientIp(), ...init.headers } });

const signIn = (email: string, password: string, world = 'de') =>
  requestSignIn(email, { password, world, headers: ownClientIp() });

async function lastMailTo(address: string) {
  const mails = (await deliveredMail()).filter((mail) => mail.to.includes(address));
  return mails.at(-1);
}

function linkToken(text: string, segment: RegExp): string {
  const match = text.match(new RegExp(`${segment.source}/([A-Za-z0-9_-]{43})`));
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return match[1]!;
}

describe(`sign-up and confirmation on ${BACKEND}`, () => {
  it('registers, mails a confirmation link in the world language, refuses sign-in until confirmed, then signs in', async () => {
    const email = 'neue.lehrerin@example.org';
    const answer = await call(register, '/api/v3/registration/register?world=it', {
      body: {
        email: 'Neue.Lehrerin@Example.org',
        password: 'gute-passphrase',
        public_name: 'Neue Lehrerin',
        accept_terms: true,
      },
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ status: 'confirmation_sent' });

    const mail = (await lastMailTo(email))!;
    expect(mail.subject).toBeTruthy();
    expect(mail.text).toContain('Neue Lehrerin');
    const token = linkToken(mail.text, /http:\/\/localhost:3000\/it\/[^/\s]+\/[^/\s]+/);

    const early = await signIn(email, 'gute-passphrase', 'it');
    expect(early.status).toBe(403);
    expect((await early.json()).error.details).toEqual({ reason: 'email_not_confirmed' });

    const confirmed = await call(confirm, '/api/v3/registration/confirm?world=it', { body: { token } });
    expect(confirmed.status).toBe(200);
    const again = await call(confirm, '/api/v3/registration/confirm?world=it', { body: { token } });
    expect(again.status).toBe(404);

    const session = await signIn(email, 'gute-passphrase', 'it');
    expect(session.status).toBe(200);
    // Terms of the world were accepted at sign-up, so validation passes.
    const valid = await call(validate, '/api/v3/oauth2/validate?world=it', {
      headers: { cookie: sessionCookieOf(session) },
    });
    expect(valid.status).toBe(200);
    const user = await (
      await call(currentUser, '/api/v1/user?world=it', { headers: { cookie: sessionCookieOf(session) } })
    ).json();
    expect(user).toMatchObject({
      email,
      doubleOptIn: true,
      isAgbAccepted: true,
      profileDetails: { currencyCode: 'EUR' },
    });
  });

  it('answers sign-up for a registered address exactly like a new one and mails the owner instead', async () => {
    const before = (await deliveredMail()).length;
    const response = await call(register, '/api/v3/registration/register?world=de', {
      body: { email: DEMO_ACCOUNTS.buyer, password: 'irgendwas-langes', public_name: 'Jemand', accept_terms: true },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: 'confirmation_sent' });
    const mails = (await deliveredMail()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain(DEMO_ACCOUNTS.buyer);
    expect(mails[0]!.subject).toBe('Du hast schon ein Kreide-Konto');
    // The existing password still works: nothing changed.
    expect((await signIn(DEMO_ACCOUNTS.buyer, DEMO_PASSWORD)).status).toBe(200);
  });

  it.each([
    [{ email: 'kein-at', password: 'gute-passphrase', public_name: 'Name', accept_terms: true }, 'email'],
    [{ email: 'a@example.org', password: 'kurz', public_name: 'Name', accept_terms: true }, 'password'],
    [{ email: 'a@example.org', password: 'gute-passphrase', public_name: 'N', accept_terms: true }, 'public_name'],
    [{ email: 'a@example.org', password: 'gute-passphrase', public_name: 'Name', accept_terms: false }, 'accept_terms'],
    [
      {
        email: 'a@example.org',
        password: 'gute-passphrase',
        public_name: 'Name',
        accept_terms: true,
        invite_code: 'nope',
      },
      'invite_code',
    ],
    [
      { email: 'a@example.org', password: 'gute-passphrase', public_name: 'Name', accept_terms: true, role: 'admin' },
      '',
    ],
  ])('rejects sign-up %j and creates nothing', async (body, field) => {
    const response = await call(register, '/api/v3/registration/register?world=de', { body });
    expect(response.status).toBe(400);
    const details = (await response.json()).error.details as { path: string }[];
    expect(details.map((d) => d.path)).toContain(field);
    const rows = await getDb().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE email = 'a@example.org'`,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('keeps a referral code: the account created with it is attached to the inviter', async () => {
    const found = await call(invitation, '/api/v3/referrals/invitation?code=DEMOSELLER');
    expect(await found.json()).toEqual({ code: 'demoseller', inviter: 'Frau Demo' });
    expect((await call(invitation, '/api/v3/referrals/invitation?code=unknown')).status).toBe(404);
    await call(register, '/api/v3/registration/register?world=de', {
      body: {
        email: 'eingeladen@example.org',
        password: 'gute-passphrase',
        public_name: 'Eingeladen',
        accept_terms: true,
        invite_code: 'demoseller',
      },
    });
    const rows = await getDb().execute<{ inviter: string }>(sql`
      SELECT inviter.email AS inviter FROM users u JOIN account_states s ON s.user_id = u.id JOIN users inviter ON inviter.id = s.invited_by_user_id WHERE u.email = 'eingeladen@example.org'`);
    expect(rows.rows[0]!.inviter).toBe(DEMO_ACCOUNTS.seller);
  });

  it('limits sign-ups per address with 429 and Retry-After', async () => {
    const ip = { 'x-kreide-client-ip': '203.0.113.77' };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await call(register, '/api/v3/registration/register?world=de', {
        headers: ip,
        body: { email: `flut${i}@example.org`, password: 'gute-passphrase', public_name: 'Flut', accept_terms: true },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await last!.json();
    expect(body.error).toMatchObject({ code: 'rate_limited', message: 'Zu viele Versuche. Bitte warte kurz.' });
  });

  it('completes an account an admin created: the mailed link sets the password', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const buyer = await signIn(DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
    const body = { email: 'kollegin@example.org', public_name: 'Kollegin' };
    expect(
      (
        await call(createAccount, '/api/v3/admin/accounts?world=fr', {
          body,
          headers: { cookie: sessionCookieOf(buyer) },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(createAccount, '/api/v3/admin/accounts?world=fr', {
          body,
          headers: { cookie: sessionCookieOf(admin) },
        })
      ).status,
    ).toBe(201);
    const token = linkToken((await lastMailTo('kollegin@example.org'))!.text, /\/fr\/[^/\s]+/);
    expect(
      (await call(complete, '/api/v3/registration/complete?world=fr', { body: { token, password: 'kurz' } })).status,
    ).toBe(400);
    expect(
      (
        await call(complete, '/api/v3/registration/complete?world=fr', {
          body: { token, password: 'mon-mot-de-passe' },
        })
      ).status,
    ).toBe(200);
    expect((await signIn('kollegin@example.org', 'mon-mot-de-passe', 'fr')).status).toBe(200);
  });
});

describe(`sign-in limits and cookies on ${BACKEND}`, () => {
  it('locks an address for the IP that failed 10 times, even for the right password, with Retry-After', async () => {
    const ip = { 'x-kreide-client-ip': '203.0.113.41' };
    const attempt = (username: string, password: string) =>
      call(authenticate, '/api/v3/oauth2/authenticate', {
        headers: ip,
        body: { client_id: 'web', grant_type: 'password', username, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(DEMO_ACCOUNTS.schoolMaster, 'falsch')).status).toBe(401);
    const locked = await attempt(DEMO_ACCOUNTS.schoolMaster, DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // The owner elsewhere is not locked out (tests/integration/account-security.test.ts has the rest).
    expect((await signIn(DEMO_ACCOUNTS.schoolMaster, DEMO_PASSWORD)).status).toBe(200);
    // An unknown address is limited the same way, so the limit reveals nothing.
    for (let i = 0; i < 10; i++) await attempt('niemand@example.org', 'falsch');
    expect((await attempt('niemand@example.org', 'falsch')).status).toBe(429);
    await getDb().execute(sql`DELETE FROM rate_limits WHERE key LIKE 'sign-in-failures:%'`);
  });

  it('limits sign-in attempts per client address', async () => {
    const ip = { 'x-kreide-client-ip': '203.0.113.200' };
    const attempt = (i: number) =>
      call(authenticate, '/api/v3/oauth2/authenticate', {
        headers: ip,
        body: { client_id: 'web', grant_type: 'password', username: `x${i}@example.org`, password: 'falsch' },
      });
    expect((await attempt(0)).status).toBe(401);
    // 98 more attempts counted as if they had happened (each costs an argon2 check otherwise).
    await getDb().execute(sql`UPDATE rate_limits SET hits = hits + 98 WHERE key = 'sign-in:ip:203.0.113.200'`);
    expect((await attempt(99)).status).toBe(401);
    const limited = await attempt(100);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    // Other addresses are not affected.
    expect(
      (
        await call(authenticate, '/api/v3/oauth2/authenticate', {
          body: { client_id: 'web', grant_type: 'password', username: 'x@example.org', password: 'falsch' },
        })
      ).status,
    ).toBe(401);
  });

  it('marks the session cookie Secure behind HTTPS', async () => {
    const response = await call(authenticate, '/api/v3/oauth2/authenticate', {
      headers: { 'x-forwarded-proto': 'https' },
      body: { client_id: 'web', grant_type: 'password', username: DEMO_ACCOUNTS.buyer, password: DEMO_PASSWORD },
    });
    expect(response.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });
});

describe(`password recovery and changes on ${BACKEND}`, () => {
  it('answers forgot-password the same for unknown addresses and mails only real ones', async () => {
    const before = (await deliveredMail()).length;
    const unknown = await call(forgot, '/api/v3/password/forgot?world=de', {
      body: { email: 'unbekannt@example.org' },
    });
    const known = await call(forgot, '/api/v3/password/forgot?world=de', { body: { email: DEMO_ACCOUNTS.seller } });
    // The lookup and the mail are a job, run after the answer.
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    const mails = (await deliveredMail()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([expect.stringContaining(DEMO_ACCOUNTS.seller)]);
  });

  it('recovers: new password works, the old one and every old session stop, the link works once', async () => {
    const oldSession = await signIn(DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
    await call(forgot, '/api/v3/password/forgot?world=gr', { body: { email: DEMO_ACCOUNTS.seller } });
    // Asked on a Greek page about an account of the German world: the mail is the account's.
    const token = linkToken((await lastMailTo(DEMO_ACCOUNTS.seller))!.text, /\/de\/[^/\s]+/);
    const done = await call(recover, '/api/v3/password/recover?world=gr', {
      body: { token, password: 'neues-passwort-1' },
    });
    expect(done.status).toBe(200);
    expect(
      (await call(recover, '/api/v3/password/recover?world=gr', { body: { token, password: 'noch-ein-anderes' } }))
        .status,
    ).toBe(404);
    expect(
      (await call(validate, '/api/v3/oauth2/validate', { headers: { cookie: sessionCookieOf(oldSession) } })).status,
    ).toBe(401);
    expect((await signIn(DEMO_ACCOUNTS.seller, DEMO_PASSWORD)).status).toBe(401);
    expect((await signIn(DEMO_ACCOUNTS.seller, 'neues-passwort-1')).status).toBe(200);
    expect((await lastMailTo(DEMO_ACCOUNTS.seller))!.subject).toBeTruthy();
  });

  it('refuses an expired recovery link and a link of another purpose', async () => {
    await call(forgot, '/api/v3/password/forgot?world=de', { body: { email: DEMO_ACCOUNTS.buyer } });
    const token = linkToken((await lastMailTo(DEMO_ACCOUNTS.buyer))!.text, /\/de\/[^/\s]+/);
    expect((await call(confirm, '/api/v3/registration/confirm', { body: { token } })).status).toBe(404);
    await getDb().execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'recovery' AND used_at IS NULL`,
    );
    expect(
      (await call(recover, '/api/v3/password/recover', { body: { token, password: 'neues-passwort-2' } })).status,
    ).toBe(404);
    expect(
      (await call(recover, '/api/v3/password/recover', { body: { token: 'x', password: 'neues-passwort-2' } })).status,
    ).toBe(400);
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const first = await signIn(DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
    const second = await signIn(DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
    const wrong = await call(changePassword, '/api/v3/password/change', {
      headers: { cookie: sessionCookieOf(second) },
      body: { current_password: 'falsch', new_password: 'ganz-neu-123' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.details[0].path).toBe('current_password');
    expect(
      (
        await call(changePassword, '/api/v3/password/change', {
          body: { current_password: DEMO_PASSWORD, new_password: 'ganz-neu-123' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(changePassword, '/api/v3/password/change', {
          headers: { cookie: sessionCookieOf(second), origin: 'https://evil.example' },
          body: { current_password: DEMO_PASSWORD, new_password: 'ganz-neu-123' },
        })
      ).status,
    ).toBe(403);
    const ok = await call(changePassword, '/api/v3/password/change', {
      headers: { cookie: sessionCookieOf(second), origin: 'http://localhost:3000' },
      body: { current_password: DEMO_PASSWORD, new_password: 'ganz-neu-123' },
    });
    expect(ok.status).toBe(200);
    expect(
      (await call(validate, '/api/v3/oauth2/validate', { headers: { cookie: sessionCookieOf(first) } })).status,
    ).toBe(401);
    expect(
      (await call(validate, '/api/v3/oauth2/validate', { headers: { cookie: sessionCookieOf(second) } })).status,
    ).toBe(200);
    expect((await signIn(DEMO_ACCOUNTS.buyer, 'ganz-neu-123')).status).toBe(200);
  });

  it('changes the e-mail only after the new address confirms; taken addresses are refused', async () => {
    const session = await signIn(DEMO_ACCOUNTS.buyer, 'ganz-neu-123');
    const headers = { cookie: sessionCookieOf(session) };
    const taken = await call(requestEmailChange, '/api/v3/email-change/request', {
      headers,
      body: { new_email: DEMO_ACCOUNTS.admin, password: 'ganz-neu-123' },
    });
    expect(taken.status).toBe(409);
    const badPassword = await call(requestEmailChange, '/api/v3/email-change/request', {
      headers,
      body: { new_email: 'kaeuferin@example.org', password: 'falsch' },
    });
    expect(badPassword.status).toBe(400);
    const asked = await call(requestEmailChange, '/api/v3/email-change/request?world=es', {
      headers,
      body: { new_email: 'Kaeuferin@Example.org', password: 'ganz-neu-123' },
    });
    expect(asked.status).toBe(202);
    expect((await lastMailTo(DEMO_ACCOUNTS.buyer))!.text).toContain('kaeuferin@example.org');
    // Not changed yet.
    expect((await signIn(DEMO_ACCOUNTS.buyer, 'ganz-neu-123')).status).toBe(200);
    // Asked on a Spanish page about an account of the German world: the mail is the account's.
    const token = linkToken((await lastMailTo('kaeuferin@example.org'))!.text, /\/de\/[^/\s]+/);
    const confirmed = await call(confirmEmailChange, '/api/v3/email-change/confirm', { body: { token } });
    expect(await confirmed.json()).toEqual({ confirmed: true, email: 'kaeuferin@example.org' });
    expect((await signIn('kaeuferin@example.org', 'ganz-neu-123')).status).toBe(200);
    expect((await signIn(DEMO_ACCOUNTS.buyer, 'ganz-neu-123')).status).toBe(401);
    // Put the demo account back for the tests below.
    await getDb().execute(sql`UPDATE users SET email = ${DEMO_ACCOUNTS.buyer} WHERE email = 'kaeuferin@example.org'`);
  });
});

describe(`terms on ${BACKEND}`, () => {
  it('publishing new terms makes validation answer terms_not_accepted until the user accepts them', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD, 'fr');
    const user = await signIn(DEMO_ACCOUNTS.buyer, 'ganz-neu-123', 'fr');
    const userHeaders = { cookie: sessionCookieOf(user) };
    expect(
      (
        await call(publishTerms, '/api/v3/terms/publish?world=fr', {
          headers: userHeaders,
          body: { title: 'CGV', language: 'fr', sections: termsSections('v2') },
        })
      ).status,
    ).toBe(403);
    const published = await call(publishTerms, '/api/v3/terms/publish?world=fr', {
      headers: { cookie: sessionCookieOf(admin) },
      body: { title: 'Conditions générales v2', language: 'fr', sections: termsSections('v2') },
    });
    expect(published.status).toBe(201);
    const terms = await published.json();
    expect(terms).toMatchObject({ world: 'fr', version: 2, title: 'Conditions générales v2' });

    const denied = await call(validate, '/api/v3/oauth2/validate?world=fr', { headers: userHeaders });
    expect(denied.status).toBe(401);
    expect((await denied.json()).error.details).toMatchObject({ reason: 'terms_not_accepted' });
    // Other worlds are not affected.
    expect((await call(validate, '/api/v3/oauth2/validate?world=de', { headers: userHeaders })).status).toBe(200);
    expect(
      await (
        await call(termsAccepted, '/api/v3/terms/is-actual-agb-accepted?world=fr', { headers: userHeaders })
      ).json(),
    ).toEqual({ accepted: false });
    expect(await (await call(actualTerms, '/api/v3/terms/get-actual-agb?world=fr')).json()).toMatchObject({
      id: terms.id,
      version: 2,
    });

    const outdated = await call(acceptTerms, '/api/v3/terms/accept-agb?world=fr', {
      headers: userHeaders,
      body: { terms_version_id: terms.id - 1 },
    });
    expect(outdated.status).toBe(409);
    const accepted = await call(acceptTerms, '/api/v3/terms/accept-agb?world=fr', {
      headers: userHeaders,
      body: { terms_version_id: terms.id },
    });
    expect(accepted.status).toBe(200);
    expect((await call(validate, '/api/v3/oauth2/validate?world=fr', { headers: userHeaders })).status).toBe(200);
    expect(
      (await (await call(currentUser, '/api/v1/user?world=fr', { headers: userHeaders })).json()).isAgbAccepted,
    ).toBe(true);
  });

  it('rejects accepting terms anonymously or with a bad body', async () => {
    expect((await call(acceptTerms, '/api/v3/terms/accept-agb?world=fr', { body: {} })).status).toBe(401);
    const user = await signIn(DEMO_ACCOUNTS.buyer, 'ganz-neu-123');
    expect(
      (
        await call(acceptTerms, '/api/v3/terms/accept-agb', {
          headers: { cookie: sessionCookieOf(user) },
          body: { terms_version_id: 'eins' },
        })
      ).status,
    ).toBe(400);
  });
});

describe(`login-as on ${BACKEND}`, () => {
  it('lets an admin act as the buyer, audited, and return to their own session', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const adminCookie = sessionCookieOf(admin);
    const started = await call(loginAs, '/api/v3/oauth2/login-as', {
      headers: { cookie: adminCookie },
      body: { email: DEMO_ACCOUNTS.buyer },
    });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ public_name: 'Demo Käuferin', access_token: null });
    const impersonated = sessionCookieOf(started);
    const user = await (await call(currentUser, '/api/v1/user', { headers: { cookie: impersonated } })).json();
    expect(user).toMatchObject({ email: DEMO_ACCOUNTS.buyer, loggedInAsAnotherUser: true });
    const log = await getDb().execute<{ action: string; ip: string }>(
      sql`SELECT action, ip FROM audit_log WHERE action LIKE 'login_as.%' ORDER BY id`,
    );
    expect(log.rows.map((r) => r.action)).toEqual(['login_as.start']);

    // An impersonated session has no admin powers.
    expect(
      (
        await call(loginAs, '/api/v3/oauth2/login-as', {
          headers: { cookie: impersonated },
          body: { email: DEMO_ACCOUNTS.seller },
        })
      ).status,
    ).toBe(403);

    const ended = await call(endLoginAs, '/api/v3/oauth2/login-as/end?world=it', { headers: { cookie: impersonated } });
    expect(await ended.json()).toEqual({ redirect: '/it/login-as' });
    const back = sessionCookieOf(ended);
    expect((await (await call(currentUser, '/api/v1/user', { headers: { cookie: back } })).json()).email).toBe(
      DEMO_ACCOUNTS.admin,
    );
    expect((await call(currentUser, '/api/v1/user', { headers: { cookie: impersonated } })).status).toBe(401);
    const after = await getDb().execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action LIKE 'login_as.%' ORDER BY id`,
    );
    expect(after.rows.map((r) => r.action)).toEqual(['login_as.start', 'login_as.end']);
    expect((await call(logout, '/api/v3/oauth2/logout', { method: 'POST', headers: { cookie: back } })).status).toBe(
      200,
    );
  });

  it('refuses login-as to non-admins, for admin targets, for unknown users and from other sites', async () => {
    const buyer = await signIn(DEMO_ACCOUNTS.buyer, 'ganz-neu-123');
    const admin = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    expect(
      (
        await call(loginAs, '/api/v3/oauth2/login-as', {
          headers: { cookie: sessionCookieOf(buyer) },
          body: { email: DEMO_ACCOUNTS.seller },
        })
      ).status,
    ).toBe(403);
    expect((await call(loginAs, '/api/v3/oauth2/login-as', { body: { email: DEMO_ACCOUNTS.seller } })).status).toBe(
      401,
    );
    expect(
      (
        await call(loginAs, '/api/v3/oauth2/login-as', {
          headers: { cookie: sessionCookieOf(admin) },
          body: { email: DEMO_ACCOUNTS.admin },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(loginAs, '/api/v3/oauth2/login-as', {
          headers: { cookie: sessionCookieOf(admin) },
          body: { email: 'niemand@example.org' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(loginAs, '/api/v3/oauth2/login-as', { headers: { cookie: sessionCookieOf(admin) }, body: {} }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(loginAs, '/api/v3/oauth2/login-as', {
          headers: { cookie: sessionCookieOf(admin), origin: 'https://evil.example' },
          body: { email: DEMO_ACCOUNTS.seller },
        })
      ).status,
    ).toBe(403);
  });
});

describe(`app authorization (consent page) on ${BACKEND}`, () => {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const consent = {
    client_id: 'app',
    redirect_uri: 'kreide://oauth/callback',
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };

  it('allowing gives the app a single-use code bound to its PKCE verifier', async () => {
    const session = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const headers = { cookie: sessionCookieOf(session) };
    const answer = await call(authorizeApp, '/api/v3/oauth2/authorize', {
      headers,
      body: { ...consent, decision: 'allow' },
    });
    expect(answer.status).toBe(200);
    const redirect = new URL((await answer.json()).redirect);
    expect(redirect.protocol).toBe('kreide:');
    expect(redirect.searchParams.get('state')).toBe('xyz');
    const code = redirect.searchParams.get('code')!;
    const exchange = (body: Record<string, unknown>) =>
      call(authenticate, '/api/v3/oauth2/authenticate', {
        body: { client_id: 'app', grant_type: 'authorization_code', redirect_uri: 'kreide://oauth/callback', ...body },
      });

    expect((await exchange({ code, code_verifier: 'wrong-verifier-wrong-verifier-wrong-verifier' })).status).toBe(401);
    // A failed attempt used the code up: codes are single-use whatever happens.
    expect((await exchange({ code, code_verifier: verifier })).status).toBe(401);

    const again = new URL(
      (
        await (
          await call(authorizeApp, '/api/v3/oauth2/authorize', { headers, body: { ...consent, decision: 'allow' } })
        ).json()
      ).redirect,
    );
    const good = await exchange({ code: again.searchParams.get('code'), code_verifier: verifier });
    expect(good.status).toBe(200);
    const token = await good.json();
    expect(token).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
      oauth_user_id: expect.any(Number),
    });
    const user = await (
      await call(currentUser, '/api/v1/user', { headers: { authorization: `Bearer ${token.access_token}` } })
    ).json();
    expect(user.email).toBe(DEMO_ACCOUNTS.admin);
  });

  it('denying answers access_denied; unknown redirect URIs, the web client and anonymous users are refused', async () => {
    const session = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const headers = { cookie: sessionCookieOf(session) };
    const denied = await call(authorizeApp, '/api/v3/oauth2/authorize', {
      headers,
      body: { ...consent, decision: 'deny' },
    });
    expect(new URL((await denied.json()).redirect).searchParams.get('error')).toBe('access_denied');
    expect(
      (
        await call(authorizeApp, '/api/v3/oauth2/authorize', {
          headers,
          body: { ...consent, redirect_uri: 'https://evil.example/cb', decision: 'allow' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(authorizeApp, '/api/v3/oauth2/authorize', {
          headers,
          body: { ...consent, client_id: 'web', decision: 'allow' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(authorizeApp, '/api/v3/oauth2/authorize', { body: { ...consent, decision: 'allow' } })).status,
    ).toBe(401);
    expect(
      (
        await call(authenticate, '/api/v3/oauth2/authenticate', {
          body: {
            client_id: 'web',
            grant_type: 'authorization_code',
            code: 'x',
            code_verifier: 'y',
            redirect_uri: 'kreide://oauth/callback',
          },
        })
      ).status,
    ).toBe(400);
  });
});
