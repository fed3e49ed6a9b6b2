import http from 'node:http';
import { expect, test, type Page, type Response } from '@playwright/test';
import { HASHED_INLINE_SCRIPTS } from '@/lib/http/csp';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { untilInteractive } from './support/interactive';

/**
 * Security headers and the Content-Security-Policy: every page answers with
 * them, runs its scripts under its own nonce without a single violation, and still becomes
 * interactive — served from the in-process cache and rendered by Next alike.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records violations as the page reports them, from before its first script. */
async function watchViolations(page: Page): Promise<string[]> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return messages;
}

async function violations(page: Page, consoleMessages: string[]): Promise<string[]> {
  return [...consoleMessages, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

function nonceOf(policy: string): string {
  const nonce = /script-src 'nonce-([A-Za-z0-9+/_-]+={0,2})'/.exec(policy)?.[1];
  expect(nonce, `a nonce in: ${policy}`).toBeTruthy();
  return nonce!;
}

function expectSecurityHeaders(response: Response): string {
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // Plain HTTP in this run: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("'strict-dynamic'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).not.toContain("'unsafe-eval'");
  return nonceOf(policy);
}

/**
 * Scripts in the page as the browser holds them: those written into the HTML carry the
 * response's nonce (the browser hides the attribute's value and keeps it as `.nonce`); the only
 * inline script without one is the remember-world script, allowed by its hash. Scripts the
 * deferral loader and Next's runtime add later need none ('strict-dynamic').
 */
async function expectScriptsCarry(page: Page, nonce: string) {
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll('script')]
      .filter((s) => !s.type || /javascript|module/.test(s.type))
      .map((s) => ({
        hasNonce: s.hasAttribute('nonce'),
        nonce: s.nonce,
        inline: !s.src,
        text: (s.textContent ?? '').slice(0, 80),
      })),
  );
  const nonced = scripts.filter((s) => s.hasNonce);
  expect(nonced.length).toBeGreaterThan(0);
  for (const script of nonced) expect(script.nonce, JSON.stringify(script)).toBe(nonce);
  // Only the scripts the policy allows by their hash may go without the nonce.
  const hashed = HASHED_INLINE_SCRIPTS.map((text) => text.slice(0, 80));
  for (const script of scripts.filter((s) => !s.hasNonce && s.inline))
    expect(hashed, 'an inline script without a nonce').toContain(script.text);
}

/** Loads a page the way a visitor does and checks it end to end; returns the response's nonce. */
async function checkPage(page: Page, path: string, expectedStatus = 200): Promise<string> {
  const consoleMessages = await watchViolations(page);
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  expect(response!.status(), path).toBe(expectedStatus);
  const nonce = expectSecurityHeaders(response!);
  await untilInteractive(page);
  await expectScriptsCarry(page, nonce);
  await page.waitForLoadState('networkidle');
  expect(await violations(page, consoleMessages), path).toEqual([]);
  return nonce;
}

/** A material and its author, found the way a visitor finds them: from the home page's shelf. */
async function materialAndAuthor(page: Page, world: WorldCode): Promise<{ material: string; author: string }> {
  await page.goto(pathFor(world, 'home'));
  const href = await page.locator('a.card-link').first().getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
  const author = await page.locator('.material-author a').first().getAttribute('href');
  expect(author).toBeTruthy();
  return { material: new URL(page.url()).pathname, author: author! };
}

const SEARCH_WORD: Record<string, string> = { de: 'Brüche', gr: 'κλάσμα' };

// One world per run (the headers are the same in every world; gr has the non-Latin search word).
for (const world of ['gr'] as const) {
  test(`pages in ${world} carry the security headers, run under their nonce with no CSP violation, and become interactive`, async ({
    browser,
  }) => {
    const scout = await browser.newPage();
    const { material, author } = await materialAndAuthor(scout, world);
    await scout.close();

    const pages: [string, string, number][] = [
      ['home', pathFor(world, 'home'), 200],
      ['material', material, 200],
      ['search', `${pathFor(world, 'search')}?q=${encodeURIComponent(SEARCH_WORD[world]!)}`, 200],
      ['author', author, 200],
      ['login', pathFor(world, 'login'), 200],
      ['404', pathFor(world, 'material', { id: '99999999', slug: 'x' }), 404],
    ];
    for (const [name, path, status] of pages) {
      await test.step(`${name}: ${path}`, async () => {
        // A fresh page each time, so violations and nonces belong to this load only.
        const page = await browser.newPage();
        await checkPage(page, path, status);
        await page.close();
      });
    }
  });
}

test('a cached page gets a new nonce with every response, and its scripts still run', async ({ browser }) => {
  const path = pathFor('de', 'home');
  const first = await browser.newPage();
  const firstNonce = await checkPage(first, path);
  await first.close();
  const second = await browser.newPage();
  const consoleMessages = await watchViolations(second);
  // The other lane's journeys change the de catalogue (sales, publications) and may expire the
  // stored home page between two loads: the next load stores it again.
  let response = await second.goto(path);
  for (let attempt = 0; attempt < 3 && response!.headers()['x-kreide-cache'] !== 'HIT'; attempt++)
    response = await second.goto(path);
  expect(response!.headers()['x-kreide-cache']).toBe('HIT');
  const secondNonce = expectSecurityHeaders(response!);
  expect(secondNonce).not.toBe(firstNonce);
  await untilInteractive(second);
  await expectScriptsCarry(second, secondNonce);
  // Client-side navigation works under the policy too.
  await second.locator('a.card-link').first().click();
  await expect(second.locator('article.material h1')).toBeVisible();
  expect(await violations(second, consoleMessages)).toEqual([]);
  await second.close();
});

test('the policy is enforced: inline event handlers do not run, and are reported', async ({ page }) => {
  const consoleMessages = await watchViolations(page);
  await page.goto(pathFor('de', 'home'));
  await untilInteractive(page);
  // What injected markup would try. (A script element added by running code is allowed under
  // 'strict-dynamic' by design: only trusted code runs in the first place.)
  const ran = await page.evaluate(async () => {
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.__handlerRan = true');
    document.body.appendChild(button);
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __handlerRan?: boolean }).__handlerRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(async () => (await violations(page, consoleMessages)).length).toBeGreaterThan(0);
});

test('API answers and static files carry the security headers', async ({ request }) => {
  for (const path of ['/api/health', '/favicon.svg', '/robots.txt']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
  }
  const secure = await request.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
  expect(secure.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test('an author’s own domain gets the same policy and runs without a violation', async ({ page, baseURL }) => {
  const consoleMessages = await watchViolations(page);
  const port = new URL(baseURL!).port;
  const response = await page.goto(`http://author-demo.localhost:${port}/`);
  expect(response!.status()).toBe(200);
  const nonce = expectSecurityHeaders(response!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frau Demo');
  await page.waitForLoadState('networkidle');
  await expectScriptsCarry(page, nonce);
  expect(await violations(page, consoleMessages)).toEqual([]);
});

/**
 * A request with a Host header of our choosing, straight to the server: no name resolution, so
 * any author domain (with or without a trailing dot) reaches this machine.
 */
function requestAs(
  baseURL: string,
  host: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const port = Number(new URL(baseURL).port);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, accept: 'text/html,application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
  });
}

test('the internal storefront folder is a translated 404 from outside, on any host', async ({ page, baseURL }) => {
  for (const path of [
    '/storefront/author-demo.localhost',
    '/storefront/author-demo.localhost/materials',
    '/storefront/author-demo.localhost/material/1/x.pdf',
    '/storefront',
  ]) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
      await expect(page.locator('[data-storefront-author]')).toHaveCount(0);
    });
  }
  // In the remembered world's language.
  await page.context().addCookies([{ name: 'kreide_world', value: 'it', url: baseURL! }]);
  expect((await page.goto('/storefront/author-demo.localhost'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
  // On an author's own domain, asking for another storefront by its folder is that storefront's 404.
  const onDomain = await requestAs(baseURL!, 'author-demo.localhost', '/storefront/author-demo.localhost');
  expect(onDomain.status).toBe(404);
  expect(onDomain.body).not.toContain('data-storefront-author');
});

test('an author domain is found with a trailing dot and in capitals', async ({ baseURL }) => {
  for (const host of ['author-demo.localhost.', 'Author-Demo.LOCALHOST.']) {
    const response = await requestAs(baseURL!, host, '/');
    expect(response.status, host).toBe(200);
    expect(response.body, host).toContain('data-storefront-author');
    expect(response.body, host).toContain('Frau Demo');
  }
});

test('author domains do not serve the API: 404 in the error shape, while Kreide’s host does', async ({ baseURL }) => {
  expect((await requestAs(baseURL!, 'localhost', '/api/health')).status).toBe(200);
  for (const host of ['author-demo.localhost', 'author-demo.localhost.']) {
    for (const path of ['/api/health', '/api/v1/user?world=de', '/api/v3/search?world=de&q=Bruch']) {
      // Right after a start the domain map may still be loading (503, retry): then it is a 404.
      await expect
        .poll(async () => (await requestAs(baseURL!, host, path)).status, { message: `${host}${path}` })
        .toBe(404);
      const response = await requestAs(baseURL!, host, path);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['set-cookie']).toBeUndefined();
      const body = JSON.parse(response.body) as { error: { code: string; message: string; details: unknown } };
      expect(body.error).toEqual({
        code: 'not_found',
        message: expect.any(String),
        details: { reason: 'author_domain' },
      });
    }
  }
});

test('a storefront’s buy link and heart go to the main site, which owns the session', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://author-demo.localhost:${port}/`);
  await page.locator('.card-link').first().click();
  await expect(page).toHaveURL(new RegExp(`^http://author-demo\\.localhost:${port}/material/\\d+/`));
  const buy = page.locator('article.material a[href*="/de/material/"]:not(.keep-heart)');
  await expect(buy).toHaveAttribute('href', new RegExp(`^http://localhost:${port}/de/material/\\d+/[a-z0-9-]+$`));
  // So does its heart: the visitor's favourites are on the main site.
  await expect(page.locator('article.material a.keep-heart')).toHaveAttribute(
    'href',
    (await buy.getAttribute('href'))!,
  );
});
