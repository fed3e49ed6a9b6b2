import { sql } from 'drizzle-orm';
import { POST as saveBillingAddress } from '@/app/api/v3/addresses/billing/route';
import {
  GET as notificationPreferences,
  POST as saveNotificationPreferences,
} from '@/app/api/v3/notification-preferences/route';
import { POST as authenticate } from '@/app/api/v3/oauth2/authenticate/route';
import { GET as logoutByGet, POST as logout } from '@/app/api/v3/oauth2/logout/route';
import { GET as validate } from '@/app/api/v3/oauth2/validate/route';
import { POST as loginAs } from '@/app/api/v3/oauth2/login-as/route';
import { POST as authorizeApp } from '@/app/api/v3/oauth2/authorize/route';
import { POST as acceptTerms } from '@/app/api/v3/terms/accept-agb/route';
import { GET as invitation } from '@/app/api/v3/referrals/invitation/route';
import { GET as search } from '@/app/api/v3/search/route';
import { POST as subscribe } from '@/app/api/v3/subscriptions/subscribe/route';
import { GET as followed } from '@/app/api/v1/subscriptions/route';
import { GET as filters } from '@/app/api/v1/filters/route';
import { POST as saveSubjects } from '@/app/api/v3/user-subjects/route';
import { MAX_JSON_BODY_BYTES } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { TEST_ORIGIN, apiRequest } from './support/request';
import { signInSession, requestSignIn, sessionCookieOf } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

async function errorOf(response: Response) {
  const body = await response.json();
  expect(body).toEqual({
    error: { code: expect.any(String), message: expect.any(String), details: expect.anything() },
  });
  return { status: response.status, ...body.error };
}

const billing = {
  full_name: 'Anna Muster',
  street: 'Hauptstraße 1',
  postal_code: '10115',
  city: 'Berlin',
  country_code: 'DE',
};

/** The street stored as the billing address of the account with this e-mail, or null. */
async function storedStreet(email: string): Promise<string | null> {
  const rows = await getDb().execute<{ street: string }>(
    sql`SELECT b.street FROM billing_addresses b JOIN users u ON u.id = b.user_id WHERE u.email = ${email}`,
  );
  return rows.rows[0]?.street ?? null;
}

describe(`the API edge on ${BACKEND}`, () => {
  describe('cross-site requests (CSRF)', () => {
    it('refuses a cookie-authenticated mutation without an Origin, and changes nothing', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const before = await storedStreet(DEMO_ACCOUNTS.buyer);
      expect(before).not.toBe(billing.street);
      const response = await saveBillingAddress(
        apiRequest('/api/v3/addresses/billing?world=de', {
          method: 'POST',
          body: billing,
          headers: { cookie },
          origin: false,
        }),
      );
      expect(await errorOf(response)).toMatchObject({
        status: 403,
        code: 'forbidden',
        details: { reason: 'missing_origin' },
      });
      expect(await storedStreet(DEMO_ACCOUNTS.buyer)).toBe(before);
      // The same body from our own page is stored: the refusal above was the origin's alone.
      const own = await saveBillingAddress(
        apiRequest('/api/v3/addresses/billing?world=de', { method: 'POST', body: billing, headers: { cookie } }),
      );
      expect(own.status).toBe(200);
      expect(await storedStreet(DEMO_ACCOUNTS.buyer)).toBe(billing.street);
    });

    it.each(['https://localhost:3000', 'http://localhost:3001', 'http://evil.example', 'null'])(
      'refuses an Origin other than the configured public origin (%s)',
      async (origin) => {
        const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
        const response = await saveNotificationPreferences(
          apiRequest('/api/v3/notification-preferences?world=de', {
            method: 'POST',
            body: { newsletter: false },
            headers: { cookie },
            origin,
          }),
        );
        expect(await errorOf(response)).toMatchObject({ status: 403, details: { reason: 'foreign_origin' } });
      },
    );

    it('accepts the same mutation from our own origin, and a bearer client without any Origin', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const own = await saveNotificationPreferences(
        apiRequest('/api/v3/notification-preferences?world=de', {
          method: 'POST',
          body: { newsletter: false },
          headers: { cookie },
          origin: TEST_ORIGIN,
        }),
      );
      expect(own.status).toBe(200);
      const app = await signInSession(DEMO_ACCOUNTS.buyer, { client: 'app' });
      const bearer = await saveNotificationPreferences(
        apiRequest('/api/v3/notification-preferences?world=de', {
          method: 'POST',
          body: { newsletter: true },
          headers: { authorization: `Bearer ${app.accessToken}` },
          origin: false,
        }),
      );
      expect(bearer.status).toBe(200);
    });

    it('refuses a sign-in posted from another site (login CSRF), but not the app without an Origin', async () => {
      const foreign = await requestSignIn(DEMO_ACCOUNTS.buyer, { origin: 'http://evil.example' });
      expect(foreign.status).toBe(403);
      const app = await requestSignIn(DEMO_ACCOUNTS.buyer, { client: 'app', origin: false });
      expect(app.status).toBe(200);
    });
  });

  describe('logout', () => {
    it('is a POST for cookie sessions: a GET (a cross-site link) leaves the session alone', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const byLink = await logoutByGet(apiRequest('/api/v3/oauth2/logout', { headers: { cookie } }));
      expect(await errorOf(byLink)).toMatchObject({ status: 405, details: { reason: 'use_post_for_cookie_sessions' } });
      expect((await validate(apiRequest('/api/v3/oauth2/validate?world=de', { headers: { cookie } }))).status).toBe(
        200,
      );

      const foreign = await logout(
        apiRequest('/api/v3/oauth2/logout', { method: 'POST', headers: { cookie }, origin: 'http://evil.example' }),
      );
      expect(foreign.status).toBe(403);
      expect((await validate(apiRequest('/api/v3/oauth2/validate?world=de', { headers: { cookie } }))).status).toBe(
        200,
      );

      const out = await logout(apiRequest('/api/v3/oauth2/logout', { method: 'POST', headers: { cookie } }));
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/kreide_session=;/);
      expect((await validate(apiRequest('/api/v3/oauth2/validate?world=de', { headers: { cookie } }))).status).toBe(
        401,
      );
    });

    it('stays a GET for the app with its bearer token', async () => {
      const app = await signInSession(DEMO_ACCOUNTS.buyer, { client: 'app' });
      const authorization = `Bearer ${app.accessToken}`;
      expect((await logoutByGet(apiRequest('/api/v3/oauth2/logout', { headers: { authorization } }))).status).toBe(200);
      expect(
        (await validate(apiRequest('/api/v3/oauth2/validate?world=de', { headers: { authorization } }))).status,
      ).toBe(401);
    });
  });

  describe('ids beyond the column range', () => {
    it.each(['subject=2147483648', 'author=2147483648', 'class_grade=99999999999', 'material_type=1e3', 'subject=-1'])(
      'search refuses %s with 400, not a database error',
      async (query) => {
        const response = await search(apiRequest(`/api/v3/search?world=de&${query}`));
        expect(await errorOf(response)).toMatchObject({ status: 400, code: 'validation_failed' });
      },
    );

    it('follow refuses a subjectId beyond the integer range with 400', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const response = await subscribe(
        apiRequest('/api/v3/subscriptions/subscribe', {
          method: 'POST',
          body: { subjectId: 2147483648, subjectType: 'author' },
          headers: { cookie },
        }),
      );
      expect(await errorOf(response)).toMatchObject({ status: 400, details: [{ path: 'subjectId', code: 'tooLong' }] });
    });

    it('follow of an id in range that does not exist is a 404, not a 500', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const response = await subscribe(
        apiRequest('/api/v3/subscriptions/subscribe', {
          method: 'POST',
          body: { subjectId: 2147483647, subjectType: 'author' },
          headers: { cookie },
        }),
      );
      expect((await errorOf(response)).status).toBe(404);
    });

    it('subjects refuse ids beyond the range', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const response = await saveSubjects(
        apiRequest('/api/v3/user-subjects?world=de', {
          method: 'POST',
          body: { subject_ids: [1, 2147483648] },
          headers: { cookie },
        }),
      );
      expect(await errorOf(response)).toMatchObject({ status: 400, details: [{ path: 'subject_ids.1' }] });
    });

    it('paging refuses out-of-range values', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      for (const query of ['limit=0', 'limit=201', 'page=0', 'page=99999999999', 'limit=abc']) {
        const response = await followed(
          apiRequest(`/api/v1/subscriptions?type=author&${query}`, { headers: { cookie } }),
        );
        expect((await errorOf(response)).status).toBe(400);
      }
    });
  });

  describe('text PostgreSQL cannot store', () => {
    it('a NUL in a query value is a 400 in the error shape (search, invitation code)', async () => {
      expect(await errorOf(await search(apiRequest('/api/v3/search?world=de&q=%00')))).toMatchObject({
        status: 400,
        details: [{ path: 'q' }],
      });
      expect(
        (await errorOf(await invitation(apiRequest('/api/v3/referrals/invitation?world=de&code=AB%00CD')))).status,
      ).toBe(400);
    });

    it('a NUL or a lone surrogate in a login name is a 400, not a database error', async () => {
      for (const username of ['buyer\u0000@demo.test', 'buyer\ud800@demo.test']) {
        const response = await authenticate(
          apiRequest('/api/v3/oauth2/authenticate', {
            method: 'POST',
            body: { client_id: 'web', grant_type: 'password', username, password: 'x' },
          }),
        );
        expect(await errorOf(response)).toMatchObject({ status: 400, code: 'validation_failed' });
      }
    });

    it('bytes that are not UTF-8 are a 400', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const bytes = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
      const request = apiRequest('/api/v3/addresses/billing?world=de', { method: 'POST', headers: { cookie } });
      const response = await saveBillingAddress(
        new (request.constructor as typeof Request)(request.url, {
          method: 'POST',
          headers: request.headers,
          body: bytes,
        }) as typeof request,
      );
      expect(await errorOf(response)).toMatchObject({ status: 400, code: 'bad_request' });
    });
  });

  describe('bodies', () => {
    it('every cabinet body is bounded: a large one is a 413 before it is parsed', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const huge = JSON.stringify({ ...billing, full_name: 'x'.repeat(MAX_JSON_BODY_BYTES) });
      for (const handler of [saveBillingAddress, saveNotificationPreferences, saveSubjects]) {
        const response = await handler(
          apiRequest('/api/v3/x?world=de', { method: 'POST', body: huge, headers: { cookie } }),
        );
        expect(await errorOf(response)).toMatchObject({ status: 413, code: 'payload_too_large' });
      }
    });

    it('who is asking is checked before the body is read: anonymous gets 401, not a verdict on the body', async () => {
      const response = await saveBillingAddress(
        apiRequest('/api/v3/addresses/billing?world=de', { method: 'POST', body: '{not json' }),
      );
      expect(await errorOf(response)).toMatchObject({ status: 401, code: 'unauthorized' });
    });

    it('deeply nested JSON is refused with 400', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const response = await saveNotificationPreferences(
        apiRequest('/api/v3/notification-preferences?world=de', { method: 'POST', body: nested, headers: { cookie } }),
      );
      expect((await errorOf(response)).status).toBe(400);
    });

    it('field errors carry the kind the settings forms translate', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      const response = await saveBillingAddress(
        apiRequest('/api/v3/addresses/billing?world=de', {
          method: 'POST',
          body: { ...billing, full_name: '' },
          headers: { cookie },
        }),
      );
      expect(await errorOf(response)).toMatchObject({
        status: 400,
        details: expect.arrayContaining([{ path: 'full_name', message: expect.any(String), code: 'required' }]),
      });
    });
  });

  describe('login-as', () => {
    it('an admin acting as a user can neither accept terms nor hand the account to the app', async () => {
      const admin = await signInSession(DEMO_ACCOUNTS.admin);
      const started = await loginAs(
        apiRequest('/api/v3/oauth2/login-as', {
          method: 'POST',
          body: { email: DEMO_ACCOUNTS.buyer },
          headers: { cookie: admin.cookie },
        }),
      );
      expect(started.status).toBe(200);
      const impersonated = sessionCookieOf(started);
      const terms = await acceptTerms(
        apiRequest('/api/v3/terms/accept-agb?world=de', {
          method: 'POST',
          body: {},
          headers: { cookie: impersonated },
        }),
      );
      expect(await errorOf(terms)).toMatchObject({ status: 403, details: { reason: 'impersonation' } });
      const consent = {
        client_id: 'app',
        redirect_uri: 'kreide://oauth/callback',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
        decision: 'allow',
      };
      const app = await authorizeApp(
        apiRequest('/api/v3/oauth2/authorize?world=de', {
          method: 'POST',
          body: consent,
          headers: { cookie: impersonated },
        }),
      );
      const refusal = await errorOf(app);
      expect(refusal).toMatchObject({ status: 403, details: { reason: 'impersonation' } });
      // The refusal explains itself in the world's language.
      expect(refusal.message).toMatch(/Bankverbindung/);
      // The user themselves may do both.
      const buyer = await signInSession(DEMO_ACCOUNTS.buyer);
      expect(
        (
          await acceptTerms(
            apiRequest('/api/v3/terms/accept-agb?world=de', {
              method: 'POST',
              body: {},
              headers: { cookie: buyer.cookie },
            }),
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await authorizeApp(
            apiRequest('/api/v3/oauth2/authorize?world=de', {
              method: 'POST',
              body: consent,
              headers: { cookie: buyer.cookie },
            }),
          )
        ).status,
      ).toBe(200);
    });
  });

  describe('caching', () => {
    it('answers to a signed-in caller are no-store by default; public answers are not forced to be', async () => {
      const { cookie } = await signInSession(DEMO_ACCOUNTS.buyer);
      expect(
        (
          await notificationPreferences(
            apiRequest('/api/v3/notification-preferences?world=de', { headers: { cookie } }),
          )
        ).headers.get('cache-control'),
      ).toBe('no-store');
      expect(
        (await followed(apiRequest('/api/v1/subscriptions?type=author', { headers: { cookie } }))).headers.get(
          'cache-control',
        ),
      ).toBe('no-store');
      expect(
        (await filters(apiRequest('/api/v1/filters?world=de', { headers: { cookie } }))).headers.get('cache-control'),
      ).toBe('no-store');
      expect((await filters(apiRequest('/api/v1/filters?world=de'))).headers.get('cache-control')).toBeNull();
    });
  });
});
