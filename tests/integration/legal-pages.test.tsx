import { sql } from 'drizzle-orm';
import type { Metadata } from 'next';
import WorldPage, { generateMetadata } from '@/app/[world]/[[...path]]/page';
import { GET as actualTerms } from '@/app/api/v3/terms/get-actual-agb/route';
import { POST as publishTerms } from '@/app/api/v3/terms/publish/route';
import { TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import { getPageStore } from '@/lib/http/page-store';
import { IMPRINT } from '@/lib/legal/imprint';
import { LEGAL_DOCUMENT_KINDS, legalLinks } from '@/lib/legal/legal-links';
import { pathFor } from '@/lib/routing/localized-routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { SEED_TERMS } from '@/lib/seed/terms-texts';
import { getWorld, type Language, type WorldCode } from '@/lib/worlds/worlds';
import { nextCacheStub } from '@/tests/support/next-cache';
import { escapedHtml, renderHtml } from './support/render';
import { callRoute } from './support/routes';
import { signIn } from './support/session';
import { termsSections } from './support/terms';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { messageText, translateInto } from './support/translations';

/**
 * The legal pages as a visitor's path reaches them (the catch-all page, its routing table and
 * its registry of views) against the seeded database: the terms of a main world (de, gr) and of
 * a supplementary world without a text of its own (pl), their versions, and the imprint.
 * Status codes, headers and the footer's links in a browser: tests/e2e/legal.spec.ts.
 */

let language: Language = 'de';

type Visit = { kind: 'page'; html: string; metadata: Metadata } | { kind: 'not-found' };

async function visit(path: string): Promise<Visit> {
  const [world, ...segments] = path.split('/').filter(Boolean);
  language = getWorld(world as WorldCode).language;
  translateInto(language);
  const props = { params: Promise.resolve({ world: world!, path: segments }) };
  try {
    const node = await WorldPage(props);
    return { kind: 'page', html: await renderHtml(node), metadata: await generateMetadata(props) };
  } catch (error) {
    if (String((error as { digest?: unknown }).digest ?? '').startsWith('NEXT_HTTP_ERROR_FALLBACK;404'))
      return { kind: 'not-found' };
    throw error;
  }
}

async function expectPage(path: string): Promise<{ html: string; metadata: Metadata }> {
  const result = await visit(path);
  if (result.kind !== 'page') throw new Error(`${path}: expected a page, got ${result.kind}`);
  return result;
}

const text = (namespace: string, key: string, values: Record<string, string | number> = {}) =>
  messageText(language, namespace, key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/** A day as the world's visitors read it. */
const day = (world: WorldCode, date: Date) =>
  new Intl.DateTimeFormat(getWorld(world).locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

async function publishedAt(world: WorldCode, version: number): Promise<Date> {
  const result = await getDb().execute<{ published_at: string | Date }>(
    sql`SELECT published_at FROM terms_versions WHERE world = ${world} AND version = ${version}`,
  );
  return new Date(result.rows[0]!.published_at);
}

/** Every legal link of the world's footer and sign-up points at the terms page and a part on it. */
function expectEveryLegalAnchor(world: WorldCode, html: string) {
  for (const link of legalLinks(world)) {
    const [path, anchor] = link.href.split('#');
    expect(path).toBe(pathFor(world, 'terms'));
    expect(html).toContain(`<section id="${anchor}"`);
  }
}

let database: TestDatabase;
let adminCookie: string;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  adminCookie = await signIn(DEMO_ACCOUNTS.admin, { world: 'gr' });
});
afterAll(() => database.stop());

describe(`the terms page on ${BACKEND}`, () => {
  it('de: the actual version with its number and date, one anchored part per legal link, indexed', async () => {
    const path = pathFor('de', 'terms');
    expect(path).toBe('/de/info/agb');
    const { html, metadata } = await expectPage(path);
    expect(html).toContain(`<h1>${SEED_TERMS.de.title}</h1>`);
    expect(html).toContain(text('info', 'terms.version', { version: 1, date: day('de', await publishedAt('de', 1)) }));
    expectEveryLegalAnchor('de', html);
    for (const kind of LEGAL_DOCUMENT_KINDS) {
      const section = SEED_TERMS.de.body.sections[kind];
      expect(html).toContain(`<h2 id="${kind}-heading">${escapedHtml(section.heading)}</h2>`);
      expect(html).toContain(escapedHtml(section.paragraphs[0]!));
    }
    expect(html).not.toContain('data-testid="terms-fallback-note"');
    expect(html).not.toContain('data-testid="terms-earlier-note"');
    expect(metadata.robots).toEqual({ index: true, follow: true });
    expect(metadata.alternates?.canonical).toBe(getPublicOrigin() + path);
    expect((metadata.alternates?.languages as Record<string, string>)['el-GR']).toBe(
      getPublicOrigin() + pathFor('gr', 'terms'),
    );
  });

  it('gr: Greek terms under the Greek path, the date written the Greek way', async () => {
    const path = pathFor('gr', 'terms');
    expect(path).toBe('/gr/info/oroi-chrisis');
    const { html, metadata } = await expectPage(path);
    expect(html).toContain(`<h1>${SEED_TERMS.el.title}</h1>`);
    const date = day('gr', await publishedAt('gr', 1));
    expect(date).toMatch(/\p{Script=Greek}/u);
    expect(html).toContain(text('info', 'terms.version', { version: 1, date }));
    expectEveryLegalAnchor('gr', html);
    expect(html).toContain(escapedHtml(SEED_TERMS.el.body.sections.withdrawalProvisions.paragraphs[0]!));
    expect(html).not.toContain('data-testid="terms-fallback-note"');
    expect(metadata.title).toBe(messageText('el', 'meta', 'routes.terms.title'));
    expect(metadata.robots).toEqual({ index: true, follow: true });
  });

  it('pl (no text of its own): the English text, every part, and a note in Polish saying so', async () => {
    const { html } = await expectPage(pathFor('pl', 'terms'));
    expect(language).toBe('pl');
    expect(html).toContain(`<h1>${SEED_TERMS.en.title}</h1>`);
    expectEveryLegalAnchor('pl', html);
    expect(html).toContain(escapedHtml(SEED_TERMS.en.body.sections.dataProtection.paragraphs[2]!));
    const note = text('info', 'terms.otherLanguage', { language: 'English' });
    expect(note).toMatch(/^Ta wersja/);
    expect(html).toContain(escapedHtml(note));
    expect(html).toContain(text('info', 'terms.version', { version: 1, date: day('pl', await publishedAt('pl', 1)) }));
  });

  it('publishing a new version shows it at once, expires the cached pages, and keeps the earlier one reachable', async () => {
    const terms = pathFor('gr', 'terms');
    const store = getPageStore();
    const stored = {
      status: 200,
      headers: {},
      page: { template: { segments: [Buffer.from('<html></html>')] }, gzip: null },
      ttlMs: 300_000,
    };
    store.set('public', `localhost:3000|${terms}|gzip`, { ...stored, tags: [TAGS.terms('gr')] });
    store.set('public', `localhost:3000|${pathFor('it', 'terms')}|gzip`, { ...stored, tags: [TAGS.terms('it')] });
    nextCacheStub.reset();

    const published = await callRoute(publishTerms, '/api/v3/terms/publish?world=gr', {
      headers: { cookie: adminCookie },
      body: { title: 'Όροι, έκδοση 2', language: 'el', sections: termsSections('<b>v2</b>') },
    });
    expect(published.status).toBe(201);
    expect(await published.json()).toMatchObject({ world: 'gr', version: 2, language: 'el' });
    expect(nextCacheStub.revalidatedTags).toContain(TAGS.terms('gr'));
    expect(store.get('public', `localhost:3000|${terms}|gzip`)).toBeUndefined();
    expect(store.get('public', `localhost:3000|${pathFor('it', 'terms')}|gzip`)).toBeDefined();

    const { html } = await expectPage(terms);
    expect(html).toContain('<h1>Όροι, έκδοση 2</h1>');
    // The parts are text: markup in them is shown, never interpreted.
    expect(html).toContain('<h2 id="dataProtection-heading">dataProtection &lt;b&gt;v2&lt;/b&gt;</h2>');
    expect(html).not.toContain('<b>v2</b>');
    expect(html).toContain(text('info', 'terms.version', { version: 2, date: day('gr', await publishedAt('gr', 2)) }));
    const earlier = pathFor('gr', 'terms-version', { version: '1' });
    expect(earlier).toBe('/gr/info/oroi-chrisis/1');
    expect(html).toContain(`href="${earlier}"`);

    const old = await expectPage(earlier);
    expect(old.html).toContain(`<h1>${SEED_TERMS.el.title}</h1>`);
    expect(old.html).toContain(escapedHtml(text('info', 'terms.earlierNote')));
    expect(old.html).toContain(`href="${terms}"`);
    expectEveryLegalAnchor('gr', old.html);
    expect(old.metadata.robots).toEqual({ index: false, follow: true });
    expect(old.metadata.alternates).toEqual({ canonical: getPublicOrigin() + earlier });

    // The prompt and the app read the same version as text.
    const api = await (await callRoute(actualTerms, '/api/v3/terms/get-actual-agb?world=gr')).json();
    expect(api).toMatchObject({ version: 2, title: 'Όροι, έκδοση 2' });
    expect(api.body).toContain('termsAndConditions <b>v2</b>\n\ntermsAndConditions text <b>v2</b>');
  });

  it('an unknown, malformed or out-of-range version is the not-found page, never an error', async () => {
    for (const version of ['99', '0', 'abc', '1e3', '007', '2147483648'])
      expect((await visit(`${pathFor('de', 'terms')}/${version}`)).kind).toBe('not-found');
  });

  it('refuses a version without every part, with the missing field named (400), and publishes nothing', async () => {
    const withoutPrivacy: Partial<ReturnType<typeof termsSections>> = termsSections('x');
    delete withoutPrivacy.dataProtection;
    const refused = await callRoute(publishTerms, '/api/v3/terms/publish?world=de', {
      headers: { cookie: adminCookie },
      body: { title: 'AGB', language: 'de', sections: withoutPrivacy },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('sections.dataProtection');
    const plain = await callRoute(publishTerms, '/api/v3/terms/publish?world=de', {
      headers: { cookie: adminCookie },
      body: { title: 'AGB', body: 'Nur Text' },
    });
    expect(plain.status).toBe(400);
    const { rows } = await getDb().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM terms_versions WHERE world = 'de'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a world without published terms shows the German ones with a note, never an empty page', async () => {
    await getDb().execute(sql`DELETE FROM terms_versions WHERE world = 'hu'`);
    const { html } = await expectPage(pathFor('hu', 'terms'));
    expect(html).toContain(`<h1>${SEED_TERMS.de.title}</h1>`);
    expect(html).toContain(escapedHtml(text('info', 'terms.borrowedWorld', { country: 'Deutschland' })));
    expectEveryLegalAnchor('hu', html);
    expect(html).not.toContain('data-testid="terms-versions"');
    expect((await visit(pathFor('hu', 'terms-version', { version: '1' }))).kind).toBe('not-found');
  });

  it('a version published as plain text keeps its text and borrows the parts it lacks, saying so', async () => {
    await getDb().execute(
      sql`INSERT INTO terms_versions (world, version, title, body) VALUES ('fi', 2, 'Ehdot', 'Vanha teksti.\n\nToinen kappale.')`,
    );
    const { html } = await expectPage(pathFor('fi', 'terms'));
    expect(html).toContain('<h1>Ehdot</h1>');
    expect(html).toMatch(
      /<section id="termsAndConditions"[^>]*><h2[^>]*>[^<]+<\/h2><p>Vanha teksti.<\/p><p>Toinen kappale.<\/p>/,
    );
    expectEveryLegalAnchor('fi', html);
    expect(html).toContain(escapedHtml(SEED_TERMS.de.body.sections.dataProtection.paragraphs[1]!));
    expect(html).toContain(escapedHtml(text('info', 'terms.borrowedSection', { country: 'Deutschland' })));
  });
});

describe(`the imprint on ${BACKEND}`, () => {
  it.each(['de', 'gr', 'pl'] as const)(
    '%s: company, address, register, VAT id, contact and responsible person, and the way to the privacy policy',
    async (world) => {
      const path = pathFor(world, 'imprint');
      const { html, metadata } = await expectPage(path);
      for (const value of [
        IMPRINT.name,
        IMPRINT.street,
        `${IMPRINT.postalCode} ${IMPRINT.city}`,
        IMPRINT.vatId,
        IMPRINT.registerCourt,
        IMPRINT.registerNumber,
        IMPRINT.managingDirectors,
        IMPRINT.responsiblePerson,
        IMPRINT.email,
        IMPRINT.phone,
      ])
        expect(html).toContain(escapedHtml(value));
      expect(html).toContain(`href="mailto:${IMPRINT.email}"`);
      expect(html).toContain(new Intl.DisplayNames([getWorld(world).locale], { type: 'region' }).of(IMPRINT.country));
      for (const key of ['vatId', 'registerCourt', 'responsiblePerson', 'dataProtection'])
        expect(html).toContain(escapedHtml(text('info', `imprint.${key}`)));
      expect(html).toContain(`href="${pathFor(world, 'terms')}#dataProtection"`);
      expect(metadata.robots).toEqual({ index: true, follow: true });
      expect(metadata.alternates?.canonical).toBe(getPublicOrigin() + path);
    },
  );
});
