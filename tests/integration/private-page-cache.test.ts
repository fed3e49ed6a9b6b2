import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as logout } from '@/app/api/v3/oauth2/logout/route';
import { POST as setNotifications } from '@/app/api/v3/notification-preferences/route';
import { readCookieSession, SESSION_COOKIE } from '@/lib/accounts/session';
import { applyTagsLocally } from '@/lib/cache/bus';
import { expiredAt } from '@/lib/cache/tag-store.cjs';
import { TAGS } from '@/lib/cache/tags';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { getPageStore } from '@/lib/http/page-store';
import { PRIVATE_PAGE_TTL_MS } from '@/lib/http/private-pages';
import { preRoute } from '@/lib/http/pre-route';
import { decodeResolution, RESOLUTION_HEADER, resolveRequest, type RequestResolution } from '@/lib/request/resolution';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signInSession } from './support/session';

/**
 * The seller's cabinet pages kept rendered per session, in front of a stand-in for Next that
 * renders a page naming the account of the request's session and a render counter, as the real
 * cabinet page would name the seller's own figures.
 */
let database: TestDatabase;
let server: http.Server;
let port: number;
let renders = 0;
/** The resolution each request handed to the stand-in carried. */
const handedOn: (RequestResolution | null)[] = [];

async function fakeNext(req: IncomingMessage, res: ServerResponse) {
  handedOn.push(decodeResolution(req.headers[RESOLUTION_HEADER] as string | undefined));
  const sealed = /kreide_session=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  const session = sealed
    ? await readCookieSession({ get: (name) => (name === SESSION_COOKIE ? { value: sealed } : undefined) })
    : null;
  if (!session?.userId) {
    res.statusCode = 307;
    res.setHeader('location', '/de/anmelden');
    res.end();
    return;
  }
  renders++;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
  res.end(
    `<!DOCTYPE html><html><head></head><body><main>account ${session.userId} render ${renders} ${req.url}</main>` +
      `<script>self.__next_f.push([1,"x"])</script></body></html>`,
  );
}

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  server = http.createServer((req, res) => {
    const toNext = () => void fakeNext(req, res);
    if (preRoute(req, res, toNext)) return;
    toNext();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.stop();
});

beforeEach(() => {
  getPageStore().purgeAll();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function request(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { host: `localhost:${port}`, accept: 'text/html', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A page is stored after its response ended, off the response's path. */
const stored = () => new Promise((resolve) => setTimeout(resolve, 20));

const SALES = '/de/konto/verkaeufe';

describe(`private page cache on ${BACKEND}`, () => {
  it('serves a seller page again from memory to the same session, with a nonce of its own and still private', async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    const first = await request(SALES, { cookie: seller.cookie });
    expect(first.status).toBe(200);
    expect(first.text).toContain(`account ${seller.userId} render`);
    expect(first.headers['x-kreide-cache']).toBeUndefined();
    await stored();
    const again = await request(SALES, { cookie: seller.cookie });
    expect(again.status).toBe(200);
    expect(again.headers['x-kreide-cache']).toBe('HIT');
    expect(again.text).toContain(first.text.match(/render \d+/)![0]);
    expect(again.headers['cache-control']).toMatch(/private/);
    expect(again.headers['cache-control']).toMatch(/no-store/);
    const nonce = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
    expect(nonce(again)).toBeTruthy();
    expect(nonce(again)).not.toBe(nonce(first));
    expect(again.text).toContain(`nonce="${nonce(again)}"`);
  });

  it("never serves one account's page to another, nor to other cookies of the same account", async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    const buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    await request(SALES, { cookie: seller.cookie });
    await stored();
    const theirs = await request(SALES, { cookie: buyer.cookie });
    expect(theirs.headers['x-kreide-cache']).toBeUndefined();
    expect(theirs.text).toContain(`account ${buyer.userId} render`);
    expect(theirs.text).not.toContain(`account ${seller.userId}`);
    // The same session with one more cookie (a remembered world) is rendered for those cookies.
    const moreCookies = await request(SALES, { cookie: `${seller.cookie}; kreide_world=gr` });
    expect(moreCookies.headers['x-kreide-cache']).toBeUndefined();
    // Another address, or the same one with another query, is another page.
    const filtered = await request(`${SALES}?country=AT`, { cookie: seller.cookie });
    expect(filtered.headers['x-kreide-cache']).toBeUndefined();
    expect(filtered.text).toContain('?country=AT');
  });

  it('stops serving a session that signed out: the old cookie goes to the page, which sends it to login', async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    await request(SALES, { cookie: seller.cookie });
    await stored();
    expect((await request(SALES, { cookie: seller.cookie })).headers['x-kreide-cache']).toBe('HIT');
    const out = await logout(
      apiRequest('/api/v3/oauth2/logout', { method: 'POST', headers: { cookie: seller.cookie } }),
    );
    expect(out.status).toBeLessThan(300);
    const afterwards = await request(SALES, { cookie: seller.cookie });
    expect(afterwards.status).toBe(307);
    expect(afterwards.headers['x-kreide-cache']).toBeUndefined();
    // A cookie that is no session at all never reaches the cache either.
    const forged = await request(SALES, { cookie: `${SESSION_COOKIE}=Fe26.2**forged` });
    expect(forged.status).toBe(307);
  });

  it("renders again after the account's own write and after its seller figures changed", async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    const page = async () => (await request(SALES, { cookie: seller.cookie })).headers['x-kreide-cache'];
    await page();
    await stored();
    expect(await page()).toBe('HIT');
    // Any write of the account through an API route (here: a mail setting, which no seller
    // figure depends on) expires every page kept for it before the write is answered.
    const wrote = await setNotifications(
      apiRequest('/api/v3/notification-preferences', {
        method: 'POST',
        headers: { cookie: seller.cookie },
        body: { newsletter: false },
      }),
    );
    expect(wrote.status).toBe(200);
    expect(await page()).toBeUndefined();
    await stored();
    expect(await page()).toBe('HIT');
    // A sale, refund, moderation or payout run expires the seller's tag, on every process.
    applyTagsLocally([TAGS.seller(seller.userId)]);
    expect(await page()).toBeUndefined();
    await stored();
    // Another account's figures leave this one's pages alone.
    applyTagsLocally([TAGS.seller(seller.userId + 1), TAGS.accountPages(seller.userId + 1)]);
    expect(await page()).toBe('HIT');
    applyTagsLocally([TAGS.accountPages(seller.userId)]);
    expect(await page()).toBeUndefined();
    // The account's tag names pages only: Next's tag store (bounded) never takes it, the seller tag it does.
    expect(expiredAt(TAGS.accountPages(seller.userId))).toBeUndefined();
    expect(expiredAt(TAGS.seller(seller.userId))).toEqual(expect.any(Number));
  });

  it('keeps only plain page loads of the seller pages: no client-router requests, no other methods or pages', async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    const twice = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      await request(path, { cookie: seller.cookie, ...headers }, method);
      await stored();
      return (await request(path, { cookie: seller.cookie, ...headers }, method)).headers['x-kreide-cache'];
    };
    expect(await twice(SALES, { rsc: '1' })).toBeUndefined();
    expect(await twice(SALES, { authorization: 'Bearer abc' })).toBeUndefined();
    expect(await twice(SALES, {}, 'POST')).toBeUndefined();
    // A cabinet page outside the seller's figures (billing address) is always rendered.
    expect(await twice('/de/konto/rechnungsadresse')).toBeUndefined();
    for (const path of ['/de/konto/materialien', '/de/konto/auswertung', '/de/konto/gutschriften'])
      expect(await twice(path)).toBe('HIT');
  });

  it('forgets a page after its time, although nothing expired it', async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(now);
      await request(SALES, { cookie: seller.cookie });
      await stored();
      expect((await request(SALES, { cookie: seller.cookie })).headers['x-kreide-cache']).toBe('HIT');
      clock.mockReturnValue(now + PRIVATE_PAGE_TTL_MS + 1);
      expect((await request(SALES, { cookie: seller.cookie })).headers['x-kreide-cache']).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });

  it('hands the route on to the page but never who is asking, whatever a forged header claims', async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    // A header claiming another account: the door replaces it, and a resolution carries no session.
    const forged = encodeURIComponent(
      JSON.stringify({
        ...resolveRequest(SALES, 'localhost'),
        session: { userId: seller.userId + 1000, impersonatorUserId: null },
      }),
    );
    handedOn.length = 0;
    expect((await request(SALES, { cookie: seller.cookie, [RESOLUTION_HEADER]: forged })).status).toBe(200);
    expect(handedOn).toEqual([expect.objectContaining({ route: 'cabinet-sales', cache: 'private-page' })]);
    expect(handedOn[0]).not.toHaveProperty('session');
    handedOn.length = 0;
    expect(
      (await request(SALES, { cookie: `${SESSION_COOKIE}=Fe26.2**forged`, [RESOLUTION_HEADER]: forged })).status,
    ).toBe(307);
    expect(handedOn).toEqual([expect.objectContaining({ route: 'cabinet-sales' })]);
    expect(handedOn[0]).not.toHaveProperty('session');
  });
});
