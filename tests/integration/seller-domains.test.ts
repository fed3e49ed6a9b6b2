import { domainToASCII } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { DELETE as deleteRoute } from '@/app/api/v3/seller/domains/[claimId]/route';
import { POST as verifyRoute } from '@/app/api/v3/seller/domains/[claimId]/verify/route';
import { GET as listRoute, POST as addRoute } from '@/app/api/v3/seller/domains/route';
import { POST as become } from '@/app/api/v3/seller/become/route';
import { GET as askRoute } from '@/app/api/v3/tls/ask/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { acceptActualTerms } from '@/lib/accounts/terms';
import { TAGS } from '@/lib/cache/tags';
import { expiredAt } from '@/lib/cache/tag-store.cjs';
import { getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { getMessages } from '@/lib/i18n/messages';
import { forgetAuthorDomains, rememberAuthorDomains } from '@/lib/proxy/author-domains';
import { setTxtResolver } from '@/lib/storefront/dns';
import type { DomainClaim } from '@/lib/storefront/domain-claims';
import { getStorefront } from '@/lib/storefront/storefront';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signIn } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  forgetAuthorDomains();
}, 120_000);
afterAll(async () => {
  setTxtResolver(null);
  forgetAuthorDomains();
  await database.stop();
});

/**
 * The DNS of the test: TXT records by name, or a failure code (ETIMEOUT, ESERVFAIL) for a name
 * whose servers do not answer. Any other name does not exist (NXDOMAIN).
 */
const dns = new Map<string, string[][] | string>();
beforeEach(() => {
  setTxtResolver({
    resolveTxt: async (name) => {
      const answer = dns.get(name);
      if (typeof answer === 'string') throw Object.assign(new Error(answer), { code: answer });
      if (answer) return answer;
      throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
    },
  });
});

type Handler = (request: NextRequest, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

interface Seller {
  cookie: string;
  id: number;
}

let sellers = 0;
/** A fresh seller: a confirmed account that accepted the terms and became a seller. */
async function newSeller(name: string): Promise<Seller> {
  const email = `domain-seller-${++sellers}-${Date.now()}@example.test`;
  const password = 'correct horse battery staple';
  const { id } = await createAccount({
    email,
    publicName: name,
    world: 'de',
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'test',
  });
  await acceptActualTerms(id, 'de');
  const cookie = await signIn(email, { password });
  const answer = await become(apiRequest('/api/v3/seller/become?world=de', { method: 'POST', headers: { cookie } }));
  expect(answer.status).toBe(200);
  return { cookie, id };
}

const claimParams = (claimId: number | string) => ({ params: Promise.resolve({ claimId: String(claimId) }) });

const list = (seller: Seller) =>
  listRoute(apiRequest('/api/v3/seller/domains?world=de', { headers: { cookie: seller.cookie } }));
const add = (seller: Seller, domain: unknown, world = 'de') =>
  addRoute(
    apiRequest(`/api/v3/seller/domains?world=${world}`, {
      method: 'POST',
      headers: { cookie: seller.cookie },
      body: { domain },
    }),
  );
const verify = (seller: Seller, claimId: number | string) =>
  (verifyRoute as Handler)(
    apiRequest(`/api/v3/seller/domains/${claimId}/verify?world=de`, {
      method: 'POST',
      headers: { cookie: seller.cookie },
    }),
    claimParams(claimId),
  );
const remove = (seller: Seller, claimId: number | string) =>
  (deleteRoute as Handler)(
    apiRequest(`/api/v3/seller/domains/${claimId}?world=de`, { method: 'DELETE', headers: { cookie: seller.cookie } }),
    claimParams(claimId),
  );
const ask = (domain: string) => askRoute(apiRequest(`/api/v3/tls/ask?domain=${encodeURIComponent(domain)}`));

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function added(seller: Seller, domain: string, world = 'de'): Promise<DomainClaim> {
  const response = await add(seller, domain, world);
  expect(response.status).toBe(200);
  return json<DomainClaim>(response);
}

/** The refusal's code, reason and the message the API sent (in the world's language). */
async function refusal(response: Response) {
  const body = await json<{ error: { code: string; message: string; details: unknown } }>(response);
  return { status: response.status, ...body.error };
}

const germanReason = (reason: string) =>
  ((getMessages('de').common as Record<string, Record<string, string>>).apiReasons ?? {})[reason];

const servedRow = async (domain: string) =>
  (await getDb().select().from(t.authorDomains).where(eq(t.authorDomains.domain, domain)))[0];

describe(`custom domains of sellers on ${BACKEND}`, () => {
  let seller: Seller;
  let other: Seller;

  beforeAll(async () => {
    const cookie = await signIn(DEMO_ACCOUNTS.seller);
    const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS.seller));
    seller = { cookie, id: row!.id };
    other = await newSeller('Zweite Verkäuferin');
  });

  it('adds a domain as a pending claim with the TXT record that proves it, once', async () => {
    const claim = await added(seller, '  Frau-Demo-Shop.TEST. ');
    expect(claim).toMatchObject({
      domain: 'frau-demo-shop.test',
      world: 'de',
      status: 'pending',
      recordName: '_kreide-verification.frau-demo-shop.test',
      lastError: null,
      verifiedAt: null,
    });
    // 32 random bytes, base64url.
    expect(claim.recordValue).toMatch(/^kreide-verification=[A-Za-z0-9_-]{43}$/);
    expect(await added(seller, 'frau-demo-shop.test')).toEqual(claim);
    const mine = await json<DomainClaim[]>(await list(seller));
    expect(mine).toEqual([claim]);
    // Not served before it is proven.
    expect((await ask('frau-demo-shop.test')).status).toBe(404);
    expect(await getStorefront('frau-demo-shop.test')).toBeNull();
  });

  it('keeps another seller out of the claim: not listed, not checked, not removed (404)', async () => {
    const [claim] = await json<DomainClaim[]>(await list(seller));
    expect(await json(await list(other))).toEqual([]);
    for (const response of [await verify(other, claim!.id), await remove(other, claim!.id)]) {
      expect(await refusal(response)).toMatchObject({ status: 404, code: 'not_found' });
    }
    for (const id of ['999999', '0', '01', 'abc']) expect((await verify(seller, id)).status).toBe(404);
    expect(await json(await list(seller))).toEqual([claim]);
  });

  it('says record_not_found while the TXT record is missing or wrong, and remembers it', async () => {
    const [claim] = await json<DomainClaim[]>(await list(seller));
    const missing = await refusal(await verify(seller, claim!.id));
    expect(missing).toMatchObject({ status: 409, code: 'conflict', details: { reason: 'record_not_found' } });
    expect(missing.message).toBe(germanReason('record_not_found'));
    dns.set(claim!.recordName, [['kreide-verification=someone-elses-token'], ['v=spf1 -all']]);
    expect(await refusal(await verify(seller, claim!.id))).toMatchObject({
      status: 409,
      details: { reason: 'record_not_found' },
    });
    const [after] = await json<DomainClaim[]>(await list(seller));
    expect(after).toMatchObject({ status: 'pending', lastError: 'record_not_found' });
    expect(after!.lastCheckedAt).not.toBeNull();
  });

  it('says dns_unavailable when DNS does not answer', async () => {
    const claim = await added(seller, 'slow-dns.test');
    dns.set(claim.recordName, 'ETIMEOUT');
    const failed = await refusal(await verify(seller, claim.id));
    expect(failed).toMatchObject({ status: 503, code: 'unavailable', details: { reason: 'dns_unavailable' } });
    expect(failed.message).toBe(germanReason('dns_unavailable'));
    dns.set(claim.recordName, 'ESERVFAIL');
    expect(await refusal(await verify(seller, claim.id))).toMatchObject({ details: { reason: 'dns_unavailable' } });
    const mine = await json<DomainClaim[]>(await list(seller));
    expect(mine.find((c) => c.id === claim.id)).toMatchObject({ status: 'pending', lastError: 'dns_unavailable' });
    expect((await remove(seller, claim.id)).status).toBe(200);
  });

  it('serves the domain once the record is there: storefront, certificates, caches', async () => {
    const [claim] = await json<DomainClaim[]>(await list(seller));
    // DNS may split a record into chunks, and some consoles keep the quotes typed into them.
    dns.set(claim!.recordName, [
      ['v=spf1 -all'],
      [`"${claim!.recordValue.slice(0, 20)}`, `${claim!.recordValue.slice(20)}"`],
    ]);
    const before = Date.now();
    const response = await verify(seller, claim!.id);
    expect(response.status).toBe(200);
    const verified = await json<DomainClaim>(response);
    expect(verified).toMatchObject({ id: claim!.id, status: 'verified', lastError: null });
    expect(verified.verifiedAt).not.toBeNull();
    expect(await servedRow('frau-demo-shop.test')).toMatchObject({ authorId: seller.id, world: 'de' });
    expect(await getStorefront('FRAU-DEMO-SHOP.test')).toEqual({
      domain: 'frau-demo-shop.test',
      authorId: seller.id,
      world: 'de',
    });
    // This process's domain map was read again: no minute to wait here.
    expect((await ask('frau-demo-shop.test')).status).toBe(200);
    expect(expiredAt(TAGS.storefront('frau-demo-shop.test'))).toBeGreaterThanOrEqual(before);
    expect(expiredAt(TAGS.storefronts)).toBeGreaterThanOrEqual(before);
    // Checking again changes nothing and asks no DNS.
    dns.delete(claim!.recordName);
    const again = await verify(seller, claim!.id);
    expect(again.status).toBe(200);
    expect((await json<DomainClaim>(again)).verifiedAt).toBe(verified.verifiedAt);
  });

  it('reaches a process whose domain map is older within a minute', async () => {
    // Another process: its map was read before the domain was verified.
    const rows = await getDb().select().from(t.authorDomains);
    rememberAuthorDomains(rows.filter((row) => row.domain !== 'frau-demo-shop.test'));
    expect((await ask('frau-demo-shop.test')).status).toBe(404);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      let status = 404;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await ask('frau-demo-shop.test')).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });

  it('refuses a domain served for someone else, and lets the first proof win a contested one', async () => {
    const taken = await refusal(await add(other, 'frau-demo-shop.test'));
    expect(taken).toMatchObject({ status: 409, code: 'conflict', details: { reason: 'domain_taken' } });
    expect(taken.message).toBe(germanReason('domain_taken'));
    expect(await json(await list(other))).toEqual([]);

    const mine = await added(seller, 'contested.test');
    const theirs = await added(other, 'Contested.test');
    expect(theirs.recordValue).not.toBe(mine.recordValue);
    dns.set('_kreide-verification.contested.test', [[mine.recordValue], [theirs.recordValue]]);
    expect((await verify(other, theirs.id)).status).toBe(200);
    expect(await refusal(await verify(seller, mine.id))).toMatchObject({
      status: 409,
      details: { reason: 'domain_taken' },
    });
    expect(await servedRow('contested.test')).toMatchObject({ authorId: other.id });
    const [listed] = (await json<DomainClaim[]>(await list(seller))).filter((c) => c.id === mine.id);
    expect(listed).toMatchObject({ status: 'pending', lastError: 'domain_taken' });
    // Removing my claim leaves their storefront alone.
    expect((await remove(seller, mine.id)).status).toBe(200);
    expect(await servedRow('contested.test')).toMatchObject({ authorId: other.id });
    expect((await ask('contested.test')).status).toBe(200);
  });

  it('removes a domain: claim, storefront and certificates go', async () => {
    const [claim] = (await json<DomainClaim[]>(await list(seller))).filter((c) => c.domain === 'frau-demo-shop.test');
    const before = Date.now();
    const response = await remove(seller, claim!.id);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ deleted: true });
    expect(await servedRow('frau-demo-shop.test')).toBeUndefined();
    expect(await getStorefront('frau-demo-shop.test')).toBeNull();
    expect((await ask('frau-demo-shop.test')).status).toBe(404);
    expect(expiredAt(TAGS.storefront('frau-demo-shop.test'))).toBeGreaterThanOrEqual(before);
    expect((await json<DomainClaim[]>(await list(seller))).map((c) => c.domain)).not.toContain('frau-demo-shop.test');
    expect((await remove(seller, claim!.id)).status).toBe(404);
    // The seeded demo domain of the same seller (no claim) is untouched.
    expect((await ask('author-demo.localhost')).status).toBe(200);
  });

  it('stores the storefront in the world the domain was added in', async () => {
    const third = await newSeller('Troisième vendeuse');
    const claim = await added(third, 'boutique-demo.test', 'fr');
    expect(claim.world).toBe('fr');
    dns.set(claim.recordName, [[claim.recordValue]]);
    expect((await verify(third, claim.id)).status).toBe(200);
    expect(await getStorefront('boutique-demo.test')).toEqual({
      domain: 'boutique-demo.test',
      authorId: third.id,
      world: 'fr',
    });
  });

  it('refuses bad names with the error shape, and keeps look-alikes visible as punycode', async () => {
    const third = await newSeller('Vierte Verkäuferin');
    for (const domain of [
      '127.0.0.1',
      '[::1]',
      'localhost',
      'shop.localhost',
      'localhost:3000',
      'a..b',
      'einwort',
      'https://frau-demo.test/',
      'frau-demo.test:evil',
      'seller@frau-demo.test',
      'frau-demo.test/shop',
      '-frau-demo.test',
      '.frau-demo.test',
      `${'a'.repeat(64)}.test`,
      `${'a'.repeat(296)}.test`,
      '',
      42,
      null,
    ]) {
      const answer = await refusal(await add(third, domain));
      expect([domain, answer.status, answer.code]).toEqual([domain, 400, 'validation_failed']);
      expect(typeof answer.message).toBe('string');
      expect(answer.details).toBeTruthy();
    }
    const named = await refusal(await add(third, 'localhost'));
    expect(named.details).toEqual({ reason: 'invalid_domain' });
    expect(named.message).toBe(germanReason('invalid_domain'));
    // A Cyrillic а: accepted, but stored and shown only as punycode.
    const lookAlike = await added(third, 'pаypal-shop.test');
    expect(lookAlike.domain).toBe(domainToASCII('pаypal-shop.test'));
    expect(lookAlike.domain).toMatch(/^xn--[a-z0-9-]+\.test$/);
    expect(lookAlike.recordName).toBe(`_kreide-verification.${lookAlike.domain}`);
    expect(await json<DomainClaim[]>(await list(third))).toHaveLength(1);
  });

  // The proxy treats every kreide.<tld> (and its www) as Kreide's own whatever a row says, so a
  // claim of one could never be served; and Kreide's names must never become a seller's.
  it('refuses Kreide’s own names: every kreide.<tld>, their subdomains and the configured ones', async () => {
    const sixth = await newSeller('Sechste Verkäuferin');
    process.env.KREIDE_OWN_HOSTS = 'localhost,kreide.*,*.kreide.*,materials.school.example';
    resetEnvCache();
    try {
      for (const domain of [
        'kreide.de',
        'www.kreide.de',
        'KREIDE.fr.',
        'kreide.co.uk',
        'shop.kreide.de',
        'materials.school.example',
        'Materials.School.Example.',
      ]) {
        const answer = await refusal(await add(sixth, domain));
        expect([domain, answer.status, answer.details]).toEqual([domain, 400, { reason: 'invalid_domain' }]);
      }
      // Names that only look alike stay open.
      expect((await added(sixth, 'kreide-fan.de')).domain).toBe('kreide-fan.de');
      expect((await added(sixth, 'school.example')).domain).toBe('school.example');
    } finally {
      delete process.env.KREIDE_OWN_HOSTS;
      resetEnvCache();
    }
    // Without configuration the built-in names stay refused.
    expect((await add(sixth, 'www.kreide.es')).status).toBe(400);
  });

  it('allows three domains per seller, pending and verified together', async () => {
    const fifth = await newSeller('Fünfte Verkäuferin');
    const first = await added(fifth, 'one.test');
    dns.set(first.recordName, [[first.recordValue]]);
    expect((await verify(fifth, first.id)).status).toBe(200);
    await added(fifth, 'two.test');
    await added(fifth, 'three.test');
    const fourth = await refusal(await add(fifth, 'four.test'));
    expect(fourth).toMatchObject({ status: 409, details: { reason: 'too_many_domains', limit: 3 } });
    expect(fourth.message).toBe(germanReason('too_many_domains'));
    // Adding one of them again is no new domain.
    expect((await add(fifth, 'two.test')).status).toBe(200);
    expect(await json<DomainClaim[]>(await list(fifth))).toHaveLength(3);
  });

  it('holds the limit against additions sent at the same time', async () => {
    const seventh = await newSeller('Siebte Verkäuferin');
    const answers = await Promise.all(['p1', 'p2', 'p3', 'p4', 'p5'].map((name) => add(seventh, `${name}.test`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(await json<DomainClaim[]>(await list(seventh))).toHaveLength(3);
  });

  it('limits DNS checks to ten an hour per seller', async () => {
    const sixth = await newSeller('Sechste Verkäuferin');
    const claim = await added(sixth, 'many-checks.test');
    for (let i = 0; i < 10; i++) expect((await verify(sixth, claim.id)).status).toBe(409);
    const limited = await verify(sixth, claim.id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const [row] = await getDb()
      .select()
      .from(t.authorDomainClaims)
      .where(and(eq(t.authorDomainClaims.id, claim.id), eq(t.authorDomainClaims.authorId, sixth.id)));
    expect(row!.verifiedAt).toBeNull();
  });

  it('answers 401 and 403 to callers who are not sellers', async () => {
    expect((await listRoute(apiRequest('/api/v3/seller/domains?world=de'))).status).toBe(401);
    const buyer = { cookie: await signIn(DEMO_ACCOUNTS.buyer), id: 0 };
    expect((await list(buyer)).status).toBe(403);
    expect((await add(buyer, 'buyer-shop.test')).status).toBe(403);
  });
});
