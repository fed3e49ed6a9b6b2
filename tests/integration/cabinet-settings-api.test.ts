import type { WorldCode } from '@/lib/worlds/worlds';
import { and, eq, sql } from 'drizzle-orm';
import { GET as getBilling, POST as postBilling } from '@/app/api/v3/addresses/billing/route';
import { GET as getBank, POST as postBank } from '@/app/api/v3/bank-details/route';
import { GET as getPreferences, POST as postPreferences } from '@/app/api/v3/notification-preferences/route';
import { GET as getSubjects, POST as postSubjects } from '@/app/api/v3/user-subjects/route';
import { GET as getCountry, POST as postCountry } from '@/app/api/v3/account/country/route';
import { GET as getExport } from '@/app/api/v3/account/export/route';
import { GET as getDelete, POST as postDelete } from '@/app/api/v3/account/delete/route';
import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { GET as validate } from '@/app/api/v3/oauth2/validate/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { issueAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/seed/seed';
import { renderAccountMail } from '@/lib/mail/account-mails';
import type { NextRequest } from 'next/server';
import { deliveredMail } from './support/mail';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { apiRequest } from './support/request';
import { signIn, requestSignIn, sessionCookieOf } from './support/session';
import { callRoute, type RouteHandler } from './support/routes';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

type Handler = (request: NextRequest) => Promise<Response>;
type Headers = Record<string, string>;

const FOREIGN = { origin: 'https://evil.example' };

let counter = 0;
/** A fresh, confirmed account with a password, signed in on the website. */
async function freshAccount(password = 'correct horse battery') {
  counter += 1;
  const email = `cabinet-${counter}-${Date.now()}@example.test`;
  const { id } = await createAccount({
    email,
    publicName: `Cabinet Tester ${counter}`,
    world: 'de',
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'web',
  });
  return { id, email, password, headers: { cookie: await signIn(email, { password }) } };
}

const get = (handler: RouteHandler, path: string, headers: Headers) => callRoute(handler, path, { headers });
const post = (handler: RouteHandler, path: string, body: unknown, headers: Headers) =>
  callRoute(handler, path, { method: 'POST', body, headers });

async function errorPaths(response: Response): Promise<string[]> {
  const body = await response.json();
  return (body.error.details as { path: string }[]).map((d) => d.path);
}

const ADDRESS = {
  full_name: 'Erika Mustermann',
  company: null,
  street: 'Heidestraße 17',
  postal_code: '51147',
  city: 'Köln',
  country_code: 'de',
  vat_id: 'de 123 456 789',
};
const BANK = { account_holder: 'Erika Mustermann', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' };

const ENDPOINTS: { name: string; path: string; get?: Handler; post?: Handler; body: unknown }[] = [
  { name: 'billing address', path: '/api/v3/addresses/billing', get: getBilling, post: postBilling, body: ADDRESS },
  { name: 'bank details', path: '/api/v3/bank-details', get: getBank, post: postBank, body: BANK },
  {
    name: 'notification preferences',
    path: '/api/v3/notification-preferences',
    get: getPreferences,
    post: postPreferences,
    body: { newsletter: true },
  },
  {
    name: 'user subjects',
    path: '/api/v3/user-subjects',
    get: getSubjects,
    post: postSubjects,
    body: { subject_ids: [] },
  },
  {
    name: 'account country',
    path: '/api/v3/account/country',
    get: getCountry,
    post: postCountry,
    body: { code: 'AT' },
  },
  { name: 'data export', path: '/api/v3/account/export', get: getExport, body: null },
  {
    name: 'account deletion',
    path: '/api/v3/account/delete',
    get: getDelete,
    post: postDelete,
    body: { password: DEMO_PASSWORD },
  },
];

describe(`cabinet settings API on ${BACKEND}`, () => {
  describe('who may call', () => {
    it.each(ENDPOINTS)(
      '$name: 401 without a session and for an anonymous (client credentials) session',
      async ({ path, get: g, post: p, body }) => {
        const anonymous = await authenticate(
          apiRequest('/api/v3/oauth2/authenticate', {
            method: 'POST',
            body: { client_id: 'web', grant_type: 'client_credentials' },
          }),
        );
        const cases: Headers[] = [
          {},
          { cookie: sessionCookieOf(anonymous) },
          { authorization: 'Bearer forged-token-forged-token-forged' },
        ];
        for (const headers of cases) {
          if (g) {
            const response = await get(g, `${path}?world=de`, headers);
            expect(response.status).toBe(401);
            expect(response.headers.get('cache-control')).toBe('no-store');
          }
          if (p) expect((await post(p, `${path}?world=de`, body, headers)).status).toBe(401);
        }
      },
    );

    it.each(ENDPOINTS.filter((e) => e.post))(
      '$name: 403 for a cookie-authenticated POST from another site, and nothing changes',
      async ({ path, post: p, body }) => {
        const user = await freshAccount();
        const response = await callRoute(p!, `${path}?world=de`, {
          method: 'POST',
          body,
          headers: { ...user.headers, ...FOREIGN },
        });
        expect(response.status).toBe(403);
        expect((await response.json()).error.details).toEqual({ reason: 'foreign_origin' });
        const [state] = await getDb().select().from(t.accountStates).where(eq(t.accountStates.userId, user.id));
        expect(state!.status).toBe('active');
        expect(await getDb().select().from(t.billingAddresses).where(eq(t.billingAddresses.userId, user.id))).toEqual(
          [],
        );
        expect(await getDb().select().from(t.bankDetails).where(eq(t.bankDetails.userId, user.id))).toEqual([]);
      },
    );

    it('lets the app call with its bearer token and no Origin', async () => {
      const user = await freshAccount();
      const token = await issueAccessToken({ userId: user.id, clientId: 'app', grantType: 'password' });
      const response = await callRoute(postPreferences, '/api/v3/notification-preferences?world=de', {
        method: 'POST',
        body: { sales: false },
        headers: { authorization: `Bearer ${token}` },
        origin: false,
      });
      expect(response.status).toBe(200);
      expect((await response.json()).notification_preferences.sales).toBe(false);
    });
  });

  describe('billing address', () => {
    it('is empty at first, then saved normalised and read back', async () => {
      const user = await freshAccount();
      const empty = await get(getBilling, '/api/v3/addresses/billing?world=de', user.headers);
      expect(empty.status).toBe(200);
      expect(empty.headers.get('cache-control')).toBe('no-store');
      expect(await empty.json()).toEqual({ billing_address: null });

      const saved = await post(postBilling, '/api/v3/addresses/billing?world=de', ADDRESS, user.headers);
      expect(saved.status).toBe(200);
      const expected = {
        full_name: 'Erika Mustermann',
        company: null,
        street: 'Heidestraße 17',
        postal_code: '51147',
        city: 'Köln',
        country_code: 'DE',
        vat_id: 'DE123456789',
      };
      expect(await saved.json()).toEqual({ billing_address: { ...expected, updated_at: expect.any(String) } });
      expect(await (await get(getBilling, '/api/v3/addresses/billing?world=de', user.headers)).json()).toEqual({
        billing_address: { ...expected, updated_at: expect.any(String) },
      });

      const changed = await post(
        postBilling,
        '/api/v3/addresses/billing?world=de',
        { ...ADDRESS, company: 'Schule am Park', postal_code: '1010', country_code: 'AT', vat_id: '' },
        user.headers,
      );
      expect(await changed.json()).toMatchObject({
        billing_address: { company: 'Schule am Park', postal_code: '1010', country_code: 'AT', vat_id: null },
      });
    });

    it.each([
      [{ ...ADDRESS, city: '   ' }, ['city']],
      [{ ...ADDRESS, postal_code: '5114' }, ['postal_code']],
      [{ ...ADDRESS, country_code: 'XX' }, ['country_code']],
      [{ ...ADDRESS, vat_id: 'no vat id' }, ['vat_id']],
      [{ ...ADDRESS, street: 'x'.repeat(201) }, ['street']],
      [{ ...ADDRESS, full_name: 'Erika\u0000' }, ['full_name']],
      [{ ...ADDRESS, user_id: 1 }, ['']],
      [{ street: 'Heidestraße 17' }, ['full_name', 'postal_code', 'city', 'country_code']],
    ])('refuses %j with the field paths and changes nothing', async (body, paths) => {
      const user = await freshAccount();
      await post(postBilling, '/api/v3/addresses/billing?world=de', ADDRESS, user.headers);
      const response = await post(postBilling, '/api/v3/addresses/billing?world=de', body, user.headers);
      expect(response.status).toBe(400);
      const found = await errorPaths(response);
      for (const path of paths) expect(found).toContain(path);
      expect(await (await get(getBilling, '/api/v3/addresses/billing?world=de', user.headers)).json()).toMatchObject({
        billing_address: { city: 'Köln', postal_code: '51147' },
      });
    });

    it('refuses a body that is not JSON', async () => {
      const user = await freshAccount();
      const response = await post(postBilling, '/api/v3/addresses/billing?world=de', '{not json', user.headers);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('bad_request');
    });

    it('names the kind of each error for the browser', async () => {
      const user = await freshAccount();
      const response = await post(
        postBilling,
        '/api/v3/addresses/billing?world=de',
        { ...ADDRESS, city: '', postal_code: '123' },
        user.headers,
      );
      const details = (await response.json()).error.details as { path: string; code: string }[];
      expect(details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'city', code: 'required' }),
          expect.objectContaining({ path: 'postal_code', code: 'invalid' }),
        ]),
      );
    });
  });

  describe('bank details', () => {
    it('stores a valid IBAN in electronic form with its BIC', async () => {
      const user = await freshAccount();
      expect(await (await get(getBank, '/api/v3/bank-details?world=de', user.headers)).json()).toEqual({
        bank_details: null,
      });
      const saved = await post(postBank, '/api/v3/bank-details?world=de', BANK, user.headers);
      expect(saved.status).toBe(200);
      const expected = {
        account_holder: 'Erika Mustermann',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        updated_at: expect.any(String),
      };
      expect(await saved.json()).toEqual({ bank_details: expected });
      expect(await (await get(getBank, '/api/v3/bank-details?world=de', user.headers)).json()).toEqual({
        bank_details: expected,
      });
    });

    it.each([
      [{ ...BANK, iban: 'DE89 3704 0044 0532 0130 01' }, 'iban'],
      [{ ...BANK, iban: 'XX89370400440532013000' }, 'iban'],
      [{ ...BANK, iban: '' }, 'iban'],
      [{ ...BANK, iban: 'CH44 3199 9123 0008 8901 2' }, 'iban'],
      [{ ...BANK, bic: 'COBA1EFF' }, 'bic'],
      [{ ...BANK, bic: 'COBAXXFF' }, 'bic'],
      [{ ...BANK, account_holder: 'E' }, 'account_holder'],
    ])('refuses %j (field %s) and keeps what was stored', async (body, path) => {
      const user = await freshAccount();
      await post(postBank, '/api/v3/bank-details?world=de', BANK, user.headers);
      const response = await post(postBank, '/api/v3/bank-details?world=de', body, user.headers);
      expect(response.status).toBe(400);
      expect(await errorPaths(response)).toContain(path);
      expect(await (await get(getBank, '/api/v3/bank-details?world=de', user.headers)).json()).toMatchObject({
        bank_details: { iban: 'DE89370400440532013000' },
      });
    });
  });

  describe('notification preferences', () => {
    it('starts from the defaults (no newsletter without consent) and merges changes', async () => {
      const user = await freshAccount();
      expect(
        await (await get(getPreferences, '/api/v3/notification-preferences?world=de', user.headers)).json(),
      ).toEqual({
        notification_preferences: {
          newsletter: false,
          followed_authors: true,
          sales: true,
          material_updates: true,
          comments: true,
        },
      });
      await post(postPreferences, '/api/v3/notification-preferences?world=de', { newsletter: true }, user.headers);
      const second = await post(
        postPreferences,
        '/api/v3/notification-preferences?world=de',
        { comments: false },
        user.headers,
      );
      expect(await second.json()).toEqual({
        notification_preferences: {
          newsletter: true,
          followed_authors: true,
          sales: true,
          material_updates: true,
          comments: false,
        },
      });
      const [state] = await getDb()
        .select({ prefs: t.accountStates.notificationPreferences })
        .from(t.accountStates)
        .where(eq(t.accountStates.userId, user.id));
      expect(state!.prefs).toEqual({ newsletter: true, comments: false });
    });

    it.each([
      [{}, ''],
      [{ newsletter: 'yes' }, 'newsletter'],
      [{ marketing_calls: true }, ''],
    ])('refuses %j', async (body, path) => {
      const user = await freshAccount();
      const response = await post(postPreferences, '/api/v3/notification-preferences?world=de', body, user.headers);
      expect(response.status).toBe(400);
      expect(await errorPaths(response)).toContain(path);
      expect(
        await (await get(getPreferences, '/api/v3/notification-preferences?world=de', user.headers)).json(),
      ).toMatchObject({ notification_preferences: { newsletter: false } });
    });
  });

  describe('my subjects', () => {
    async function worldSubjects(world: WorldCode) {
      return getDb()
        .select({ id: t.subjects.id })
        .from(t.subjects)
        .where(eq(t.subjects.world, world))
        .orderBy(t.subjects.position);
    }

    it('lists the world’s subjects and replaces the choice in this world only', async () => {
      const user = await freshAccount();
      const de = await worldSubjects('de');
      const es = await worldSubjects('es');
      expect(de.length).toBeGreaterThan(3);
      const first = await (await get(getSubjects, '/api/v3/user-subjects?world=de', user.headers)).json();
      expect(first.selected_ids).toEqual([]);
      expect(first.subjects.map((s: { id: number }) => s.id)).toEqual(de.map((s) => s.id));
      expect(first.subjects[0]).toEqual({
        id: de[0]!.id,
        key: expect.any(String),
        title: expect.any(String),
        selected: false,
      });

      await post(postSubjects, '/api/v3/user-subjects?world=es', { subject_ids: [es[0]!.id] }, user.headers);
      const saved = await post(
        postSubjects,
        '/api/v3/user-subjects?world=de',
        { subject_ids: [de[2]!.id, de[0]!.id, de[2]!.id] },
        user.headers,
      );
      expect(saved.status).toBe(200);
      expect((await saved.json()).selected_ids).toEqual([de[0]!.id, de[2]!.id]);
      const replaced = await (
        await post(postSubjects, '/api/v3/user-subjects?world=de', { subject_ids: [de[1]!.id] }, user.headers)
      ).json();
      expect(replaced.selected_ids).toEqual([de[1]!.id]);
      expect(replaced.subjects.filter((s: { selected: boolean }) => s.selected)).toHaveLength(1);
      // The Spanish choice stayed.
      expect(
        (await (await get(getSubjects, '/api/v3/user-subjects?world=es', user.headers)).json()).selected_ids,
      ).toEqual([es[0]!.id]);
    });

    it('refuses subjects of another world and unknown ids, and changes nothing', async () => {
      const user = await freshAccount();
      const de = await worldSubjects('de');
      const es = await worldSubjects('es');
      await post(postSubjects, '/api/v3/user-subjects?world=de', { subject_ids: [de[0]!.id] }, user.headers);
      const foreign = await post(
        postSubjects,
        '/api/v3/user-subjects?world=de',
        { subject_ids: [de[1]!.id, es[0]!.id, 99_999_999] },
        user.headers,
      );
      expect(foreign.status).toBe(400);
      expect((await foreign.json()).error.details).toEqual([
        expect.objectContaining({ path: 'subject_ids.1', code: 'unknown_subject' }),
        expect.objectContaining({ path: 'subject_ids.2', code: 'unknown_subject' }),
      ]);
      for (const body of [{ subject_ids: ['a'] }, { subject_ids: [-1] }, { subject_ids: 3 }, {}]) {
        expect((await post(postSubjects, '/api/v3/user-subjects?world=de', body, user.headers)).status).toBe(400);
      }
      expect(
        (await (await get(getSubjects, '/api/v3/user-subjects?world=de', user.headers)).json()).selected_ids,
      ).toEqual([de[0]!.id]);
    });

    it('gives a world without subjects an empty list', async () => {
      const user = await freshAccount();
      expect(await (await get(getSubjects, '/api/v3/user-subjects?world=fi', user.headers)).json()).toEqual({
        subjects: [],
        selected_ids: [],
      });
    });
  });

  describe('account country', () => {
    it('stores the chosen country on the account, with its currency', async () => {
      const user = await freshAccount();
      expect(await (await get(getCountry, '/api/v3/account/country?world=de', user.headers)).json()).toEqual({
        country_code: 'DE',
        currency_code: 'EUR',
      });
      const saved = await post(postCountry, '/api/v3/account/country?world=de', { code: 'ch' }, user.headers);
      expect(await saved.json()).toEqual({ country_code: 'CH', currency_code: 'CHF' });
      const [state] = await getDb()
        .select({ code: t.accountStates.countryCode })
        .from(t.accountStates)
        .where(eq(t.accountStates.userId, user.id));
      expect(state!.code).toBe('CH');
    });

    it('creates the account state of a user who has none', async () => {
      const [user] = await getDb()
        .insert(t.users)
        .values({
          email: `stateless-${Date.now()}@example.test`,
          slug: 'stateless',
          publicName: 'Stateless',
          passwordHash: await hashPassword('stateless-pass'),
        })
        .returning({ id: t.users.id, email: t.users.email });
      const headers = { cookie: await signIn(user!.email, { password: 'stateless-pass' }) };
      expect(
        await (await post(postCountry, '/api/v3/account/country?world=it', { code: 'IT' }, headers)).json(),
      ).toEqual({ country_code: 'IT', currency_code: 'EUR' });
      expect(
        (await post(postPreferences, '/api/v3/notification-preferences?world=it', { sales: false }, headers)).status,
      ).toBe(200);
    });

    it.each([{ code: 'XX' }, { code: 'DEU' }, { code: '' }, {}])('refuses %j', async (body) => {
      const user = await freshAccount();
      const response = await post(postCountry, '/api/v3/account/country?world=de', body, user.headers);
      expect(response.status).toBe(400);
      expect(await errorPaths(response)).toContain('code');
    });
  });

  describe('wrong owner', () => {
    it('never shows or changes another user’s data: every call acts on the caller alone', async () => {
      const a = await freshAccount();
      const b = await freshAccount();
      const de = await getDb().select({ id: t.subjects.id }).from(t.subjects).where(eq(t.subjects.world, 'de'));
      await post(postBilling, '/api/v3/addresses/billing?world=de', ADDRESS, a.headers);
      await post(postBank, '/api/v3/bank-details?world=de', BANK, a.headers);
      await post(postPreferences, '/api/v3/notification-preferences?world=de', { newsletter: true }, a.headers);
      await post(postSubjects, '/api/v3/user-subjects?world=de', { subject_ids: [de[0]!.id] }, a.headers);

      expect(await (await get(getBilling, '/api/v3/addresses/billing?world=de', b.headers)).json()).toEqual({
        billing_address: null,
      });
      expect(await (await get(getBank, '/api/v3/bank-details?world=de', b.headers)).json()).toEqual({
        bank_details: null,
      });
      expect(
        (await (await get(getPreferences, '/api/v3/notification-preferences?world=de', b.headers)).json())
          .notification_preferences.newsletter,
      ).toBe(false);
      expect((await (await get(getSubjects, '/api/v3/user-subjects?world=de', b.headers)).json()).selected_ids).toEqual(
        [],
      );
      const exported = await (await get(getExport, '/api/v3/account/export?world=de', b.headers)).json();
      expect(exported.account.email).toBe(b.email);
      expect(exported.billing_address).toBeNull();
      expect(JSON.stringify(exported)).not.toContain(a.email);

      // Ids in the body cannot point elsewhere: unknown fields are refused outright.
      expect(
        (
          await post(
            postBilling,
            `/api/v3/addresses/billing?world=de&user_id=${a.id}`,
            { ...ADDRESS, user_id: a.id },
            b.headers,
          )
        ).status,
      ).toBe(400);
      await post(
        postBilling,
        `/api/v3/addresses/billing?world=de&user_id=${a.id}`,
        { ...ADDRESS, city: 'Bonn', postal_code: '53111' },
        b.headers,
      );
      await post(postBank, '/api/v3/bank-details?world=de', { ...BANK, account_holder: 'Bert B' }, b.headers);
      expect(await (await get(getBilling, '/api/v3/addresses/billing?world=de', a.headers)).json()).toMatchObject({
        billing_address: { city: 'Köln' },
      });
      expect(await (await get(getBank, '/api/v3/bank-details?world=de', a.headers)).json()).toMatchObject({
        bank_details: { account_holder: 'Erika Mustermann' },
      });
      expect(await (await get(getBilling, '/api/v3/addresses/billing?world=de', b.headers)).json()).toMatchObject({
        billing_address: { city: 'Bonn' },
      });

      // B deleting their account leaves A untouched.
      expect(
        (await post(postDelete, '/api/v3/account/delete?world=de', { password: b.password }, b.headers)).status,
      ).toBe(200);
      expect((await get(getBilling, '/api/v3/addresses/billing?world=de', a.headers)).status).toBe(200);
      const [aUser] = await getDb().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, a.id));
      expect(aUser!.email).toBe(a.email);
    });
  });

  describe('data export', () => {
    it('downloads everything held about the user as a JSON file, without secrets', async () => {
      const user = await freshAccount();
      const db = getDb();
      const [seller] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.seller));
      const de = await db.select({ id: t.subjects.id }).from(t.subjects).where(eq(t.subjects.world, 'de'));
      await db
        .insert(t.userIdentities)
        .values({ provider: 'google', subject: `g-${user.id}`, userId: user.id, email: user.email });
      await db.insert(t.authorFollows).values({ followerId: user.id, authorId: seller!.id });
      await post(postBilling, '/api/v3/addresses/billing?world=de', ADDRESS, user.headers);
      await post(postBank, '/api/v3/bank-details?world=de', BANK, user.headers);
      await post(postPreferences, '/api/v3/notification-preferences?world=de', { newsletter: true }, user.headers);
      await post(postSubjects, '/api/v3/user-subjects?world=de', { subject_ids: [de[0]!.id] }, user.headers);
      await post(postCountry, '/api/v3/account/country?world=de', { code: 'AT' }, user.headers);

      const response = await get(getExport, '/api/v3/account/export?world=de', user.headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="kreide-data-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      const data = JSON.parse(text);
      expect(data).toMatchObject({
        format: 'kreide-data-export',
        version: 1,
        account: {
          id: user.id,
          email: user.email,
          public_name: expect.stringContaining('Cabinet Tester'),
          has_password: true,
        },
        account_state: { status: 'active', country_code: 'AT', invite_code: expect.any(String) },
        billing_address: { full_name: 'Erika Mustermann', city: 'Köln', vat_id: 'DE123456789' },
        bank_details: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        notification_preferences: { newsletter: true, sales: true },
        subjects: [{ id: de[0]!.id, world: 'de' }],
        identities: [{ provider: 'google', subject: `g-${user.id}`, email: user.email }],
        follows: { following: [{ author_id: seller!.id, slug: 'frau-demo' }], followers_count: 0 },
        sessions: [expect.objectContaining({ client_id: 'web', grant_type: 'password', revoked_at: null })],
      });
      expect(Array.isArray(data.terms_acceptances)).toBe(true);
      expect(data.profile).toBeNull();
      expect(text).not.toMatch(/argon2|password_hash|token_hash/);
    });

    it('includes the terms the user accepted', async () => {
      const user = await freshAccount();
      const [terms] = await getDb()
        .insert(t.termsVersions)
        .values({ world: 'gr', version: 900 + counter, title: 'Όροι', body: 'Κείμενο' })
        .returning({ id: t.termsVersions.id });
      await getDb().insert(t.termsAcceptances).values({ userId: user.id, termsVersionId: terms!.id });
      const data = await (await get(getExport, '/api/v3/account/export?world=gr', user.headers)).json();
      expect(data.terms_acceptances).toEqual(
        expect.arrayContaining([
          { world: 'gr', version: 900 + counter, title: 'Όροι', accepted_at: expect.any(String) },
        ]),
      );
    });
  });

  describe('account deletion', () => {
    it('asks for the password: missing is a 400, wrong is a 403 on the password field, and nothing changes', async () => {
      const user = await freshAccount();
      const missing = await post(postDelete, '/api/v3/account/delete?world=de', {}, user.headers);
      expect(missing.status).toBe(400);
      expect(await errorPaths(missing)).toEqual(['password']);
      const wrong = await post(
        postDelete,
        '/api/v3/account/delete?world=de',
        { password: 'not my password' },
        user.headers,
      );
      expect(wrong.status).toBe(403);
      expect((await wrong.json()).error.details).toEqual([
        expect.objectContaining({ path: 'password', code: 'wrong_password' }),
      ]);
      expect(
        (
          await post(
            postDelete,
            '/api/v3/account/delete?world=de',
            { password: user.password, confirm: 'yes' },
            user.headers,
          )
        ).status,
      ).toBe(400);
      expect((await get(getBilling, '/api/v3/addresses/billing?world=de', user.headers)).status).toBe(200);
      const [state] = await getDb()
        .select({ status: t.accountStates.status })
        .from(t.accountStates)
        .where(eq(t.accountStates.userId, user.id));
      expect(state!.status).toBe('active');
    });

    it('locks the confirmation after five wrong passwords, with Retry-After', async () => {
      const user = await freshAccount();
      for (let i = 0; i < 5; i += 1)
        expect(
          (await post(postDelete, '/api/v3/account/delete?world=de', { password: `wrong ${i}` }, user.headers)).status,
        ).toBe(403);
      const locked = await post(
        postDelete,
        '/api/v3/account/delete?world=de',
        { password: user.password },
        user.headers,
      );
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      const [state] = await getDb()
        .select({ status: t.accountStates.status })
        .from(t.accountStates)
        .where(eq(t.accountStates.userId, user.id));
      expect(state!.status).toBe('active');
    });

    it('tells the form how to confirm: password, or e-mail for a provider-only account', async () => {
      const user = await freshAccount();
      expect(await (await get(getDelete, '/api/v3/account/delete?world=de', user.headers)).json()).toEqual({
        confirm_with: 'password',
        allowed: true,
      });
      const { id } = await createAccount({
        email: `provider-${Date.now()}@example.test`,
        publicName: 'Provider',
        world: 'de',
        passwordHash: null,
        status: 'active',
        creationSource: 'google',
      });
      const token = await issueAccessToken({ userId: id, clientId: 'app', grantType: 'google' });
      expect(
        await (await get(getDelete, '/api/v3/account/delete?world=de', { authorization: `Bearer ${token}` })).json(),
      ).toEqual({ confirm_with: 'email', allowed: true });
    });

    it('is refused to an admin acting as the user (login-as)', async () => {
      const user = await freshAccount();
      const [admin] = await getDb()
        .select({ id: t.users.id })
        .from(t.users)
        .where(eq(t.users.email, DEMO_ACCOUNTS.admin));
      const token = await issueAccessToken({
        userId: user.id,
        clientId: 'web',
        grantType: 'login_as',
        impersonatorUserId: admin!.id,
      });
      const response = await post(
        postDelete,
        '/api/v3/account/delete?world=de',
        { password: user.password },
        { authorization: `Bearer ${token}` },
      );
      expect(response.status).toBe(403);
      expect((await response.json()).error.details).toEqual({ reason: 'impersonation' });
      expect(
        await (await get(getDelete, '/api/v3/account/delete?world=de', { authorization: `Bearer ${token}` })).json(),
      ).toEqual({ confirm_with: 'password', allowed: false });
    });

    it('deletes: personal data gone or anonymised, every session ended, cookie cleared, audit row and mail in the world’s language', async () => {
      const user = await freshAccount();
      const db = getDb();
      const [seller] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.seller));
      await db.insert(t.authorFollows).values({ followerId: user.id, authorId: seller!.id });
      const followers = async () =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(t.authorFollows)
            .where(eq(t.authorFollows.authorId, seller!.id))
        )[0]!.n;
      const followersBefore = await followers();
      await db
        .update(t.authorProfiles)
        .set({ followersNumber: followersBefore })
        .where(eq(t.authorProfiles.userId, seller!.id));
      await db
        .insert(t.userIdentities)
        .values({ provider: 'microsoft', subject: `ms-${user.id}`, userId: user.id, email: user.email });
      await db.insert(t.accountTokens).values({
        userId: user.id,
        purpose: 'recovery',
        tokenHash: `hash-${user.id}`,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const de = await db.select({ id: t.subjects.id }).from(t.subjects).where(eq(t.subjects.world, 'de'));
      await post(postBilling, '/api/v3/addresses/billing?world=de', ADDRESS, user.headers);
      await post(postBank, '/api/v3/bank-details?world=de', BANK, user.headers);
      await post(postSubjects, '/api/v3/user-subjects?world=de', { subject_ids: [de[0]!.id] }, user.headers);
      const appToken = await issueAccessToken({ userId: user.id, clientId: 'app', grantType: 'password' });
      const mailsBefore = (await deliveredMail()).length;

      const response = await post(
        postDelete,
        '/api/v3/account/delete?world=es',
        { password: user.password },
        { ...user.headers, 'x-kreide-client-ip': '203.0.113.7' },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ deleted: true });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('set-cookie')).toMatch(/kreide_session=;.*Max-Age=0/i);

      const [row] = await db.select().from(t.users).where(eq(t.users.id, user.id));
      expect(row).toMatchObject({
        email: `deleted-${user.id}@invalid`,
        passwordHash: null,
        publicName: 'Deleted user',
        userName: null,
        imagePath: null,
      });
      const [state] = await db.select().from(t.accountStates).where(eq(t.accountStates.userId, user.id));
      expect(state).toMatchObject({
        status: 'deleted',
        deletedAt: expect.any(Date),
        countryCode: null,
        notificationPreferences: {},
      });
      for (const table of [
        t.billingAddresses,
        t.bankDetails,
        t.userIdentities,
        t.userSubjects,
        t.accountTokens,
        t.termsAcceptances,
      ] as const) {
        expect(await db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
      }
      expect(await db.select().from(t.authorFollows).where(eq(t.authorFollows.followerId, user.id))).toEqual([]);
      const followersAfter = (
        await db
          .select({ n: t.authorProfiles.followersNumber })
          .from(t.authorProfiles)
          .where(eq(t.authorProfiles.userId, seller!.id))
      )[0]!.n;
      expect(followersAfter).toBe(followersBefore - 1);
      expect(followersAfter).toBe(await followers());
      const live = await db
        .select()
        .from(t.accessTokens)
        .where(and(eq(t.accessTokens.userId, user.id)));
      expect(live.length).toBeGreaterThanOrEqual(2);
      expect(live.every((token) => token.revokedAt !== null)).toBe(true);
      expect((await get(getBilling, '/api/v3/addresses/billing?world=de', user.headers)).status).toBe(401);
      expect(
        (await validate(apiRequest('/api/v3/oauth2/validate', { headers: { authorization: `Bearer ${appToken}` } })))
          .status,
      ).toBe(401);
      expect(
        (await post(postDelete, '/api/v3/account/delete?world=de', { password: user.password }, user.headers)).status,
      ).toBe(401);

      const audit = await db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.targetUserId, user.id), eq(t.auditLog.action, 'account.deleted')));
      expect(audit).toEqual([
        expect.objectContaining({
          actorUserId: user.id,
          ip: '203.0.113.7',
          details: { world: 'es', confirmed_by: 'password' },
        }),
      ]);

      const mails = (await deliveredMail()).slice(mailsBefore).filter((mail) => mail.to.includes(user.email));
      expect(mails).toHaveLength(1);
      // Asked from a Spanish page, about an account of the German world: the account's world decides.
      expect(mails[0]!.subject).toBe(renderAccountMail('accountDeleted', 'de', { name: 'x' }).subject);
      expect(mails[0]!.text).toContain('Cabinet Tester');

      // Signing in again fails, with the old address and with the new one.
      for (const username of [user.email, `deleted-${user.id}@invalid`]) {
        const again = await requestSignIn(username, { password: user.password });
        expect(again.status).toBe(401);
      }
    });

    it('deletes once when two requests race: the other is refused, one mail, one audit row', async () => {
      const user = await freshAccount();
      const before = (await deliveredMail()).length;
      const answers = await Promise.all(
        [0, 1].map(() =>
          post(postDelete, '/api/v3/account/delete?world=de', { password: user.password }, user.headers),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect((await deliveredMail()).slice(before).filter((m) => m.to.includes(user.email))).toHaveLength(1);
      expect(
        await getDb()
          .select()
          .from(t.auditLog)
          .where(and(eq(t.auditLog.targetUserId, user.id), eq(t.auditLog.action, 'account.deleted'))),
      ).toHaveLength(1);
    });

    it('sends the mail in German for the de world', async () => {
      const user = await freshAccount();
      const before = (await deliveredMail()).length;
      expect(
        (await post(postDelete, '/api/v3/account/delete?world=de', { password: user.password }, user.headers)).status,
      ).toBe(200);
      const mail = (await deliveredMail()).slice(before).find((m) => m.to.includes(user.email));
      expect(mail?.subject).toBe('Dein Kreide-Konto wurde gelöscht');
    });

    it('lets a provider-only account confirm by typing its e-mail address', async () => {
      const email = `provider-only-${Date.now()}@example.test`;
      const { id } = await createAccount({
        email,
        publicName: 'Provider Only',
        world: 'fr',
        passwordHash: null,
        status: 'active',
        creationSource: 'google',
      });
      const token = await issueAccessToken({ userId: id, clientId: 'app', grantType: 'google' });
      const headers = { authorization: `Bearer ${token}` };
      const noEmail = await post(postDelete, '/api/v3/account/delete?world=fr', { password: 'whatever' }, headers);
      expect(noEmail.status).toBe(400);
      expect(await errorPaths(noEmail)).toEqual(['email']);
      const wrong = await post(
        postDelete,
        '/api/v3/account/delete?world=fr',
        { email: 'someone-else@example.test' },
        headers,
      );
      expect(wrong.status).toBe(403);
      expect((await wrong.json()).error.details).toEqual([
        expect.objectContaining({ path: 'email', code: 'email_mismatch' }),
      ]);
      const ok = await post(postDelete, '/api/v3/account/delete?world=fr', { email: email.toUpperCase() }, headers);
      expect(ok.status).toBe(200);
      const [state] = await getDb()
        .select({ status: t.accountStates.status })
        .from(t.accountStates)
        .where(eq(t.accountStates.userId, id));
      expect(state!.status).toBe('deleted');
      const [audit] = await getDb()
        .select({ details: t.auditLog.details })
        .from(t.auditLog)
        .where(eq(t.auditLog.targetUserId, id));
      expect(audit!.details).toEqual({ world: 'fr', confirmed_by: 'email' });
    });
  });
});
