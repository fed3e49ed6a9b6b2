import type { NextRequest } from 'next/server';
import { POST as saveNotificationPreferences } from '@/app/api/v3/notification-preferences/route';
import { POST as register } from '@/app/api/v3/registration/register/route';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { resetEnvCache } from '@/lib/env';
import { getMessages } from '@/lib/i18n/messages';
import type { Language } from '@/lib/worlds/worlds';
import { apiRequest, TEST_ORIGIN } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { requestSignIn, sessionCookieOf } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
}, 120_000);
afterAll(() => database.stop());

type Handler = (request: NextRequest) => Promise<Response>;

// Every call from its own address: the sign-in and sign-up limits per IP are not what is tested.
let ip = 0;
const from = () => ({ 'x-kreide-client-ip': `203.0.113.${(ip++ % 250) + 1}` });

/** The demo buyer signing in from a page at `origin`. */
const signIn = (origin: string | false, world = 'de') =>
  requestSignIn(DEMO_ACCOUNTS.buyer, { world, headers: from(), origin });

let registrations = 0;
const signUp = (origin: string, world = 'de') =>
  (register as Handler)(
    apiRequest(`/api/v3/registration/register?world=${world}`, {
      method: 'POST',
      body: {
        email: `loopback-${++registrations}-${Date.now()}@example.org`,
        password: 'gute-passphrase',
        public_name: 'Lehrerin am Loopback',
        accept_terms: true,
      },
      headers: from(),
      origin,
    }),
  );

const saveSettings = (cookie: string, origin: string | false, world = 'de') =>
  (saveNotificationPreferences as Handler)(
    apiRequest(`/api/v3/notification-preferences?world=${world}`, {
      method: 'POST',
      body: { newsletter: false },
      headers: { cookie },
      origin,
    }),
  );

async function refusalOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string; details: unknown } };
  return { status: response.status, ...body.error };
}

const reasonText = (language: Language, reason: string) =>
  (getMessages(language).common as { apiReasons: Record<string, string> }).apiReasons[reason]!;
const genericForbidden = (language: Language) =>
  (getMessages(language).common as { apiErrors: Record<string, string> }).apiErrors.forbidden!;

/** What a page opened on another origin hears: a 403 naming the address to open, never a bare "not allowed". */
async function expectRefusedNaming(
  response: Response,
  address: string,
  language: Language = 'de',
  reason = 'foreign_origin',
) {
  const refusal = await refusalOf(response);
  expect(refusal).toMatchObject({ status: 403, code: 'forbidden', details: { reason } });
  expect(refusal.message).toBe(reasonText(language, reason).replace('{origin}', address));
  expect(refusal.message).toContain(address);
  expect(refusal.message).not.toBe(genericForbidden(language));
}

// Cross-site posts stay refused whatever the configuration: other hosts that merely start or end
// like a loopback name, other ports and schemes, other loopback addresses, and the opaque origin.
const FOREIGN = [
  'http://evil.example',
  'http://localhost.evil.example:3000',
  'http://127.0.0.1.evil.example:3000',
  'http://evil.example:3000',
  'http://localhost:3001',
  'http://127.0.0.1:3001',
  'http://[::1]:3001',
  'https://localhost:3000',
  'https://127.0.0.1:3000',
  'http://127.0.0.2:3000',
  'http://0.0.0.0:3000',
  'http://[::ffff:127.0.0.1]:3000',
  'http://localhost',
  'null',
];

describe(`the embedded default's loopback names on ${BACKEND}`, () => {
  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
    'signs in, signs up and saves settings from a page opened at %s',
    async (origin) => {
      const signedIn = await signIn(origin);
      expect(signedIn.status).toBe(200);
      const cookie = sessionCookieOf(signedIn);
      expect((await signUp(origin)).status).toBe(202);
      expect((await saveSettings(cookie, origin)).status).toBe(200);
    },
  );

  it.each(FOREIGN)('refuses a post from %s and names the address to open', async (origin) => {
    await expectRefusedNaming(await signIn(origin), TEST_ORIGIN);
  });

  it('refuses a cookie write without an Origin, saying where to open the site, in the world’s language', async () => {
    const signedIn = await signIn(TEST_ORIGIN);
    const cookie = sessionCookieOf(signedIn);
    await expectRefusedNaming(await saveSettings(cookie, false, 'gr'), TEST_ORIGIN, 'el', 'missing_origin');
  });
});

describe(`a configured public origin on ${BACKEND}`, () => {
  const PUBLIC = 'https://kreide.example';
  beforeAll(() => {
    process.env.PUBLIC_ORIGIN = PUBLIC;
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env.PUBLIC_ORIGIN;
    resetEnvCache();
  });

  it('accepts its own origin only', async () => {
    expect((await signIn(PUBLIC)).status).toBe(200);
    expect((await signUp(PUBLIC)).status).toBe(202);
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://kreide.example', ...FOREIGN])(
    'answers a form posted from %s with the address to open',
    async (origin) => {
      await expectRefusedNaming(await signIn(origin), PUBLIC);
    },
  );

  it('says so in the language of the page’s world', async () => {
    for (const [world, language] of [
      ['gr', 'el'],
      ['it', 'it'],
      ['es', 'es'],
      ['fr', 'fr'],
      ['de', 'de'],
    ] as const) {
      await expectRefusedNaming(await signUp('http://127.0.0.1:3000', world), PUBLIC, language);
    }
  });
});
