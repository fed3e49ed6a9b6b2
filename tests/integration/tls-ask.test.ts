import { GET as askRoute } from '@/app/api/v3/tls/ask/route';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_AUTHOR_DOMAIN } from '@/lib/db/seed/seed';
import { forgetAuthorDomains } from '@/lib/proxy/author-domains';
import { getPublicOrigin } from '@/lib/seo/origin';
import { eq } from 'drizzle-orm';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 20 });
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
    for (const host of ['evil.example', '127.0.0.1', '[::1]', '', `x.${DEMO_AUTHOR_DOMAIN}`, 'a'.repeat(254)]) {
      const answer = await ask(host);
      expect(answer.status).toBe(404);
      expect((await answer.json()).error.details).toEqual({ reason: 'unknown_domain' });
    }
  });

  it('refuses a missing or oversized domain as bad input', async () => {
    expect((await ask()).status).toBe(400);
    expect((await ask(`${'a'.repeat(255)}.example`)).status).toBe(400);
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
