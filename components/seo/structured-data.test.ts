import type { AuthorProfile } from '@/lib/catalog/author-view';
import { IMPRINT } from '@/lib/legal/imprint';
import { jsonForScript } from '@/lib/text/script-json';
import { validateJsonLd } from '@/tests/support/schema-org';
import { buildAuthorProfilePage, buildLandingBreadcrumbs, buildOrganization, buildWebSite } from './structured-data';

const ORIGIN = 'https://kreide.example';

function author(overrides: Partial<AuthorProfile['details']> = {}): AuthorProfile {
  return {
    id: 7,
    slug: 'frau-demo',
    isSeller: true,
    becameSellerAt: '2024-01-02T00:00:00.000Z',
    createdAt: '2023-05-06T07:08:09.000Z',
    world: 'de',
    followersNumber: 42,
    followingNumber: 3,
    details: {
      publicName: 'Frau Demo',
      imagePath: 'users/7/avatar.webp',
      teachableCertified: false,
      totalMaterials: 12,
      privateProfile: false,
      subtitle: 'Mathe in der Grundschule',
      description: '<p>Ich schreibe <strong>Arbeitsblätter</strong> &amp; Spiele.</p>',
      facebookProfile: null,
      instagramProfile: 'frau.demo',
      pinterestProfile: 'fraudemo',
      profileBackgroundData: null,
      profileBackgroundPath: null,
      ...overrides,
    } as AuthorProfile['details'],
  };
}

describe('structured data of the author page', () => {
  it('is a ProfilePage about the author as a Person, valid on schema.org', () => {
    const page = buildAuthorProfilePage({ origin: ORIGIN, author: author(), tab: 'materials' });
    expect(validateJsonLd(page)).toEqual([]);
    expect(page).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: `${ORIGIN}/de/autor/7/frau-demo`,
      inLanguage: 'de-DE',
      dateCreated: '2023-05-06T07:08:09.000Z',
      mainEntity: {
        '@type': 'Person',
        '@id': `${ORIGIN}/de/autor/7/frau-demo#person`,
        name: 'Frau Demo',
        url: `${ORIGIN}/de/autor/7/frau-demo`,
        identifier: '7',
        image: `${ORIGIN}/media/users/7/avatar.webp`,
        // Plain text, unescaped once: JSON-LD is not HTML.
        description: 'Ich schreibe Arbeitsblätter & Spiele.',
        sameAs: ['https://www.instagram.com/frau.demo', 'https://www.pinterest.com/fraudemo'],
        interactionStatistic: [
          {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/FollowAction',
            userInteractionCount: 42,
          },
          {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/WriteAction',
            userInteractionCount: 12,
          },
        ],
        agentInteractionStatistic: {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/FollowAction',
          userInteractionCount: 3,
        },
      },
    });
  });

  it('names the tab’s own address as the page and the profile as the person', () => {
    const page = buildAuthorProfilePage({ origin: ORIGIN, author: author(), tab: 'blog' });
    expect(page?.url).toBe(`${ORIGIN}/de/autor/7/frau-demo/blog`);
    expect(page?.mainEntity).toMatchObject({ url: `${ORIGIN}/de/autor/7/frau-demo` });
  });

  it('leaves out what the author did not give, rather than writing empty values', () => {
    const page = buildAuthorProfilePage({
      origin: ORIGIN,
      author: author({
        imagePath: null,
        description: '<p> </p>',
        subtitle: null,
        instagramProfile: null,
        pinterestProfile: null,
      }),
      tab: 'materials',
    });
    expect(validateJsonLd(page)).toEqual([]);
    expect(page!.mainEntity).not.toHaveProperty('image');
    expect(page!.mainEntity).not.toHaveProperty('description');
    expect(page!.mainEntity).not.toHaveProperty('sameAs');
  });

  it('the subtitle describes the person when there is no description', () => {
    const page = buildAuthorProfilePage({ origin: ORIGIN, author: author({ description: null }), tab: 'materials' });
    expect(page?.mainEntity).toMatchObject({ description: 'Mathe in der Grundschule' });
  });

  it('does not exist for a private profile', () => {
    const details = { ...author().details, privateProfile: true } as AuthorProfile['details'];
    expect(buildAuthorProfilePage({ origin: ORIGIN, author: { ...author(), details }, tab: 'materials' })).toBeNull();
  });

  it('a hostile description stays data inside the script element', () => {
    const page = buildAuthorProfilePage({
      origin: ORIGIN,
      author: author({ description: '<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>' }),
      tab: 'materials',
    });
    const script = jsonForScript(page);
    expect(script).not.toMatch(/[<>]/);
    expect((JSON.parse(script) as { mainEntity: { description: string } }).mainEntity.description).toBe(
      '</script><script>alert(1)</script>',
    );
  });
});

describe('structured data of landings', () => {
  it('is a trail from the world’s home to the landing, with absolute URLs', () => {
    const crumbs = buildLandingBreadcrumbs({
      origin: ORIGIN,
      world: 'gr',
      homeName: 'Kreide',
      name: 'Κλάσματα – Εκπαιδευτικό υλικό',
      path: '/gr/thema/5/klasmata',
    });
    expect(validateJsonLd(crumbs)).toEqual([]);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Kreide', item: `${ORIGIN}/gr` },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Κλάσματα – Εκπαιδευτικό υλικό',
        item: `${ORIGIN}/gr/thema/5/klasmata`,
      },
    ]);
  });
});

describe('structured data of the home page', () => {
  it('WebSite with a search box on the world’s localised search path', () => {
    const site = buildWebSite({ origin: ORIGIN, world: 'it', name: 'Kreide' });
    expect(validateJsonLd(site)).toEqual([]);
    expect(site).toMatchObject({
      '@type': 'WebSite',
      url: `${ORIGIN}/it`,
      inLanguage: 'it-IT',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/it/risultati-ricerca?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('Organization from the imprint: name, address, VAT id, e-mail, telephone and the logo', () => {
    const organization = buildOrganization({ origin: ORIGIN, world: 'de', imprint: IMPRINT });
    expect(validateJsonLd(organization)).toEqual([]);
    expect(organization).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      name: IMPRINT.name,
      url: `${ORIGIN}/de`,
      logo: `${ORIGIN}/favicon.svg`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: IMPRINT.street,
        postalCode: IMPRINT.postalCode,
        addressLocality: IMPRINT.city,
        addressCountry: IMPRINT.country,
      },
      vatID: IMPRINT.vatId,
      email: IMPRINT.email,
      telephone: IMPRINT.phone,
    });
  });

  it('the site names its publisher by the organisation’s identifier', () => {
    const site = buildWebSite({ origin: ORIGIN, world: 'de', name: 'Kreide' });
    const organization = buildOrganization({ origin: ORIGIN, world: 'de', imprint: IMPRINT });
    expect((site.publisher as { '@id': string })['@id']).toBe(organization['@id']);
  });
});
