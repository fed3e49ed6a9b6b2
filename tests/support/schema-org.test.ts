import { jsonLdItems, validateJsonLd } from './schema-org';

/** What the validator must refuse, so a page test passing on it means something. */
describe('the schema.org validator of the tests', () => {
  const crumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Kreide', item: 'https://kreide.example/de' },
      { '@type': 'ListItem', position: 2, name: 'Brüche', item: 'https://kreide.example/de/tema/1/brueche' },
    ],
  };

  it('accepts a valid breadcrumb trail', () => {
    expect(validateJsonLd(crumbs)).toEqual([]);
  });

  it('refuses a missing context, an unknown type and a property the type does not define', () => {
    expect(validateJsonLd({ ...crumbs, '@context': undefined })).toContain('$: @context must be "https://schema.org"');
    expect(validateJsonLd({ ...crumbs, '@type': 'Breadcrumbs' })).toEqual(['$: unknown @type "Breadcrumbs"']);
    // vatID is Organization's, not Person's.
    expect(
      validateJsonLd({ '@context': 'https://schema.org', '@type': 'Person', name: 'Erika', vatID: 'DE1' }),
    ).toEqual(['$.vatID: not a property of Person on schema.org']);
  });

  it('refuses relative URLs, empty texts, undefined and null, and missing required properties', () => {
    const bad = structuredClone(crumbs) as typeof crumbs;
    bad.itemListElement[0]!.item = '/de';
    bad.itemListElement[1]!.name = ' ';
    expect(validateJsonLd(bad)).toEqual([
      '$.itemListElement[0].item: "/de" is not an absolute http(s) URL',
      '$.itemListElement[1].name: empty text',
    ]);
    expect(
      validateJsonLd({ '@context': 'https://schema.org', '@type': 'Person', name: 'Erika', image: undefined }),
    ).toEqual(['$.image: undefined']);
    expect(validateJsonLd({ '@context': 'https://schema.org', '@type': 'Person', url: null })).toEqual([
      '$.url: null',
      '$: Person needs name',
    ]);
  });

  it('refuses crumbs out of order and a search box whose template lacks its variable', () => {
    const swapped = structuredClone(crumbs);
    swapped.itemListElement.reverse();
    expect(validateJsonLd(swapped)).toEqual([
      '$.itemListElement[0]: position must be 1',
      '$.itemListElement[1]: position must be 2',
    ]);
    expect(
      validateJsonLd({
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Kreide',
        url: 'https://kreide.example/de',
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: 'https://kreide.example/de/suche?q={q}' },
          'query-input': 'required name=search_term_string',
        },
      }),
    ).toEqual(['$.potentialAction.target.urlTemplate: has no {search_term_string}']);
  });

  it('reads every JSON-LD script of a page, lists spread into their items', () => {
    const html = `<p>x</p><script type="application/ld+json">[{"@type":"A"},{"@type":"B"}]</script><script>var a</script><script type="application/ld+json">{"@type":"C"}</script>`;
    expect(jsonLdItems(html).map((item) => item['@type'])).toEqual(['A', 'B', 'C']);
  });
});
