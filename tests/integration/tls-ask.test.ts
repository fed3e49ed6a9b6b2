import { GET as askRoute } from '@/app/api/v3/tls/ask/route';
import { getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env';
import * as t from '@/lib/db/schema';
import { DEMO_AUTHOR_DOMAIN } from '@/lib/seed/seed';
import { forgetAuthorDomains } from '@/lib/proxy/author-domains';
import { getPublicOrigin } from '@/lib/seo/origin';
import { eq } from 'drizzle-orm';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  forgetAuthorDomains();
});
afterAll(() => database.stop());

const ask = (domain?: string) =>
  askRoute(apiRequest(`/api/v3/tls/ask${domain === undefined ? '' : `?domain=${encodeURIComponent(domain)}`}`));

describe(`the TLS proxy's question on ${BACKEND}`, () => {
  it('allows certificates for Kreide’s host and the authors’ domains only', async () => {
    for (const host of [
      DEMO_AUTHOR_DOMAIN,
      DEMO_AUTHOR_DOMAIN.toUpperCase(),
      `${DEMO_AUTHOR_DOMAIN}.`,
      new URL(getPublicOrigin()).hostname,
    ]) {
      const answer = await ask(host);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ allowed: true });
    }
    for (const host of ['evil.example', `x.${DEMO_AUTHOR_DOMAIN}`, 'a'.repeat(63), 'kreide.de', 'www.kreide.fr']) {
      const answer = await ask(host);
      expect([host, answer.status]).toEqual([host, 404]);
      expect((await answer.json()).error.details).toEqual({ reason: 'unknown_domain' });
    }
  });

  it('refuses a missing or oversized domain as bad input', async () => {
    expect((await ask()).status).toBe(400);
    expect((await ask(`${'a'.repeat(255)}.example`)).status).toBe(400);
  });

  // The proxy asks with the name from the TLS handshake: a bare ASCII host name. Anything else is
  // not an author's domain in another spelling but bad input, and is never looked up.
  it('answers 400 in the error shape to anything that is not a bare host name', async () => {
    for (const host of [
      `${DEMO_AUTHOR_DOMAIN}:evil`,
      `${DEMO_AUTHOR_DOMAIN}:443`,
      `user@${DEMO_AUTHOR_DOMAIN}`,
      `${DEMO_AUTHOR_DOMAIN}/x`,
      `${DEMO_AUTHOR_DOMAIN}?x`,
      `${DEMO_AUTHOR_DOMAIN}..`,
      `.${DEMO_AUTHOR_DOMAIN}`,
      'a:b',
      'a/b',
      'a@b',
      '[::1]',
      '127.0.0.1',
      '-a.com',
      'a-.com',
      'a..b',
      '',
      'a'.repeat(254),
      `${'a.'.repeat(126)}bc`,
      'schüler.de',
      'author-demo．localhost',
    ]) {
      const answer = await ask(host);
      expect([host, answer.status]).toEqual([host, 400]);
      const { error } = await answer.json();
      expect(error.code).toBe('validation_failed');
      expect(error.details).toEqual({ reason: 'invalid_domain' });
      expect(typeof error.message).toBe('string');
    }
  });

  it('answers for Kreide’s own names written out in configuration, never for a pattern or a stale row', async () => {
    process.env.KREIDE_OWN_HOSTS = 'localhost,kreide.*,*.kreide.*,www.kreide-schule.example';
    resetEnvCache();
    const [demo] = await getDb().select().from(t.authorDomains).where(eq(t.authorDomains.domain, DEMO_AUTHOR_DOMAIN));
    // A row for an own name (written before the rule): it gets no certificate as an author's.
    await getDb()
      .insert(t.authorDomains)
      .values({ ...demo!, domain: 'shop.kreide.de' });
    forgetAuthorDomains();
    try {
      expect((await ask('www.kreide-schule.example')).status).toBe(200);
      expect((await ask('shop.kreide.de')).status).toBe(404);
      expect((await ask('kreide.de')).status).toBe(404);
    } finally {
      delete process.env.KREIDE_OWN_HOSTS;
      resetEnvCache();
      await getDb().delete(t.authorDomains).where(eq(t.authorDomains.domain, 'shop.kreide.de'));
      forgetAuthorDomains();
    }
  });

  it('stops allowing a removed domain once the domains are read again', async () => {
    const [row] = await getDb().select().from(t.authorDomains).where(eq(t.authorDomains.domain, DEMO_AUTHOR_DOMAIN));
    await getDb().delete(t.authorDomains).where(eq(t.authorDomains.domain, DEMO_AUTHOR_DOMAIN));
    try {
      forgetAuthorDomains();
      expect((await ask(DEMO_AUTHOR_DOMAIN)).status).toBe(404);
    } finally {
      await getDb().insert(t.authorDomains).values(row!);
      forgetAuthorDomains();
    }
    expect((await ask(DEMO_AUTHOR_DOMAIN)).status).toBe(200);
  });
});
