import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { localizeWord, pathFor } from '@/lib/routing/localized-routes';
import { ROUTES } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { sessionCookie } from './support/sessions';
import { untilInteractive } from './support/interactive';

/**
 * What an attacker and a careless client try against pages: script injection through
 * the root entry, open redirects, bad ids and encodings on every page class, and filling the disk
 * with 404s. Requests go out raw (node:http), so the path arrives exactly as written.
 */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function rawGet(baseURL: string, rawPath: string, cookie?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the root entry never runs a script smuggled in through ?tab=', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto("/?tab='-alert(document.domain)-'");
  await page.waitForURL(/\/de$/);
  await page.goto('/?tab=%27%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E');
  await page.waitForURL(/\/de$/);
  expect(dialogs).toEqual([]);
  // A known tab is passed on to the home page.
  await page.goto('/?tab=new');
  await page.waitForURL(/\/de\?tab=new$/);
});

/**
 * Signs in on the login page with `?next=` in a browser of its own (a page left signed in would
 * notice the cleared cookie and go to the login page by itself), and answers where it ended up.
 */
async function signInWithNext(
  browser: Browser,
  world: WorldCode,
  next: string,
  arrived: (url: URL) => boolean,
): Promise<URL> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${pathFor(world, 'login')}?next=${next}`);
    await untilInteractive(page);
    await page
      .getByLabel(/E-Mail|Email|e-mail/i)
      .first()
      .fill('buyer@demo.test');
    await page.locator('input[type=password]').fill('kreide-demo');
    await page.locator('form:has(input[type=password]) button[type=submit]').click();
    await page.waitForURL(arrived);
    return new URL(page.url());
  } finally {
    await context.close();
  }
}

// One world per run of each journey, rotating: gr here, de in the page-class fuzz below.
for (const world of ['gr'] as WorldCode[]) {
  test(`sign-in never leaves the site for a crafted next (${world})`, async ({ browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const login = pathFor(world, 'login');
    for (const next of [
      '/%09/evil.example/phish',
      '//evil.example/x',
      '/%5Cevil.example',
      'https://evil.example/',
      '/%0A/evil.example',
    ]) {
      await test.step(next, async () => {
        const arrived = await signInWithNext(browser, world, next, (url) => url.pathname !== login);
        expect(arrived.origin).toBe(origin);
      });
    }
    // A path on the site is where the visitor goes back to.
    const search = pathFor(world, 'search');
    const arrived = await signInWithNext(browser, world, encodeURIComponent(search), (url) => url.pathname === search);
    expect(arrived.origin).toBe(origin);
  });
}

test('a malformed tracking link is repaired on this site only, never into another host', async ({ baseURL }) => {
  for (const raw of ['//evil.example/x?a=1?utm_source=y', '/\\evil.example/x?a=1?utm_source=y']) {
    const answer = await rawGet(baseURL!, raw);
    expect(answer.status, raw).toBeLessThan(500);
    const location = answer.headers.location;
    if (location) expect(new URL(location, baseURL).origin, raw).toBe(new URL(baseURL!).origin);
  }
  const repaired = await rawGet(baseURL!, '/de?ref=news?utm_source=mail');
  expect(repaired.status).toBe(301);
  expect(repaired.headers.location).toBe('/de?ref=news&utm_source=mail');
});

/** Bad values for a path parameter, written as they travel (percent-encoded where needed). */
const BAD_SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '%00',
  '%FF',
  '%E0%A4%A',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
  '%27%22%3E%3Cscript%3E',
];
const BAD_QUERY = '?q=%00&page=-1&subject=2147483648&author=99999999999&sort=%FF&tab=%27&price_min=1e999';

/** The route's path in a world with every parameter filled, one of them with a bad value; `badId` marks a bad `:id`. */
function pathsOf(world: WorldCode, pattern: string): Array<{ path: string; badId: boolean }> {
  const parts = pattern.split('/').filter(Boolean);
  const params = parts.map((part, index) => ({ part, index })).filter(({ part }) => part.startsWith(':'));
  const fill = (bad: { index: number; value: string } | null) =>
    `/${world}/${parts
      .map((part, index) => {
        if (bad?.index === index) return bad.value;
        if (!part.startsWith(':')) return encodeURIComponent(localizeWord(world, part));
        return /id|school/i.test(part) ? '1' : 'x';
      })
      .join('/')}`.replace(/\/$/, '');
  if (params.length === 0) return [{ path: fill(null) + BAD_QUERY, badId: false }];
  return params.flatMap(({ part, index }) =>
    BAD_SEGMENTS.map((value) => ({ path: fill({ index, value }), badId: /^:id\??$/.test(part) })),
  );
}

test('every page class answers bad ids, encodings and queries without a server error (de, gr; signed in and not)', async ({
  baseURL,
}) => {
  test.setTimeout(300_000);
  const cookie = sessionCookie('buyer@demo.test');
  const paths = (['de', 'gr'] as WorldCode[]).flatMap((world) => ROUTES.flatMap((route) => pathsOf(world, route.de)));
  paths.push(
    ...['/%FF', '/%E0%A4%A', '/de/%FF', '/de/%E0%A4%A', '/%00', '/de/%00/x', `/de/${'y'.repeat(5000)}`].map((path) => ({
      path,
      badId: false,
    })),
  );
  // Signed in, pages render per request instead of from the cache: the German half again.
  const requests = [
    ...paths.map((p) => ({ ...p, cookie: undefined as string | undefined })),
    ...paths.filter((p) => p.path.startsWith('/de')).map((p) => ({ ...p, cookie })),
  ];
  const failures: string[] = [];
  const outOfRange: string[] = [];
  // Four at a time: the server renders uncached 404s, and this machine has two cores.
  for (let i = 0; i < requests.length; i += 4) {
    const batch = requests.slice(i, i + 4);
    const answers = await Promise.all(batch.map(({ path, cookie: session }) => rawGet(baseURL!, path, session)));
    answers.forEach((answer, j) => {
      const { path, badId, cookie: session } = batch[j]!;
      if (answer.status >= 500 || answer.status === 0)
        failures.push(`${path.slice(0, 120)}${session ? ' (signed in)' : ''} → ${answer.status}`);
      if (badId && /\/2147483648(\/|$)/.test(path) && answer.status !== 404)
        outOfRange.push(`${path} → ${answer.status}`);
    });
  }
  console.log(
    `page fuzz: ${requests.length} requests over ${ROUTES.length} page classes in de and gr, signed in and not`,
  );
  expect(failures).toEqual([]);
  // An id beyond the column's range is a page that does not exist.
  expect(outOfRange).toEqual([]);
});

test('not-found answers are not stored per path: asking for missing pages writes nothing to the build', async ({
  baseURL,
}) => {
  const cacheRoot = path.join(process.cwd(), '.next', 'server', 'app');
  const files = () =>
    new Set(fs.existsSync(cacheRoot) ? fs.readdirSync(cacheRoot, { recursive: true, encoding: 'utf8' }) : []);
  // Warm up once, so files that any first render writes are there before counting.
  await rawGet(baseURL!, '/de/zz-warm-up');
  const before = files();
  const stamp = Date.now();
  for (let i = 0; i < 20; i++) {
    expect((await rawGet(baseURL!, `/de/zz-${stamp}-${i}`)).status).toBe(404);
    expect((await rawGet(baseURL!, `/de/material/${2_000_000_000 + i}/x`)).status).toBe(404);
  }
  // Journeys in the other lane render pages meanwhile, and a page rendered for the first time may
  // be stored; what must not appear is a file for one of the missing paths, or one file per path.
  const written = [...files()].filter((file) => !before.has(file));
  expect(written.filter((file) => file.includes(String(stamp)) || file.includes('200000000'))).toEqual([]);
  expect(written.length).toBeLessThan(20);
});
