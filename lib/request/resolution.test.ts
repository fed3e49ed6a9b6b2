import {
  decodeResolution,
  encodeResolution,
  handedOnResolution,
  RESOLUTION_HEADER,
  resolveRequest,
  resolveWorldlessPath,
} from './resolution';

const headersOf = (values: Record<string, string>) => new Headers(values);

describe('resolveRequest', () => {
  it('names a public page’s route, area, robots class and cache policy', () => {
    const resolution = resolveRequest('/de/material/1/x', 'localhost:3000');
    expect(resolution).toMatchObject({
      authorDomainHost: null,
      path: '/de/material/1/x',
      world: 'de',
      segments: ['material', '1', 'x'],
      route: 'material',
      params: { id: '1', slug: 'x' },
      area: 'public',
      robots: 'index',
      cache: 'public-page',
    });
    expect(resolution).not.toHaveProperty('session');
  });

  it('tells search results, privately cached cabinet pages and other area pages apart', () => {
    expect(resolveRequest('/it/risultati-ricerca', 'localhost')).toMatchObject({
      route: 'search',
      cache: 'public-search',
    });
    expect(resolveRequest('/de/konto/materialien', 'localhost')).toMatchObject({
      route: 'cabinet-materials',
      cache: 'private-page',
    });
    expect(resolveRequest('/de/konto/bankdaten', 'localhost')).toMatchObject({
      route: 'cabinet-bank-details',
      area: 'cabinet',
      robots: 'noindex-nofollow',
      cache: 'none',
    });
  });

  it('decodes the path once, and sends one that cannot be decoded to the world’s not-found page', () => {
    expect(resolveRequest('/gr/%CE%B1%CE%B2', 'localhost').segments).toEqual(['αβ']);
    expect(resolveRequest('/it/%FF', 'localhost')).toMatchObject({ path: '/it/404', world: 'it', route: null });
    expect(resolveRequest('/%E0%A4%A', 'localhost', 'kreide_world=gr')).toMatchObject({ path: '/gr/404', world: 'gr' });
    expect(resolveRequest('/api/%FF', 'localhost')).toMatchObject({ path: '/api/not-found', world: null });
  });

  it('takes the world from the path as written', () => {
    expect(resolveRequest('/%64e/material/1/x', 'localhost')).toMatchObject({ world: null, route: null });
  });

  it('leaves world-less paths to the proxy and names no route for unknown ones', () => {
    expect(resolveRequest('/material/1/x', 'localhost')).toMatchObject({ world: null, route: null, cache: 'none' });
    expect(resolveRequest('/de/nothing-here', 'localhost')).toMatchObject({ world: 'de', route: null, robots: null });
  });

  it('names a host that is not Kreide’s own as a candidate author domain', () => {
    expect(resolveRequest('/', 'Author-Demo.localhost.:3000').authorDomainHost).toBe('author-demo.localhost');
    expect(resolveRequest('/', 'localhost:3000').authorDomainHost).toBeNull();
    expect(resolveRequest('/', undefined).authorDomainHost).toBeNull();
  });
});

describe('resolveWorldlessPath', () => {
  it('finds a route in the world’s own or another world’s wording', () => {
    expect(resolveWorldlessPath('it', ['material', '1', 'x'])?.route.id).toBe('material');
    expect(resolveWorldlessPath('de', ['nothing-here'])).toBeNull();
  });
});

describe('the resolution header', () => {
  it('carries a resolution unchanged, non-ASCII params included', () => {
    const resolution = resolveRequest('/gr/%CE%B1%CE%B2', 'localhost');
    const value = encodeResolution(resolution);
    expect(value).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeResolution(value)).toEqual(resolution);
  });

  it('carries the params of a path that ends in several segments (a landing’s slug)', () => {
    const resolution = resolveRequest('/de/tema/12/bruchrechnung/klasse-5', 'localhost');
    expect(resolution.route).toBe('keyword-landing');
    expect(resolution.params.slug).toEqual(['bruchrechnung', 'klasse-5']);
    expect(decodeResolution(encodeResolution(resolution))).toEqual(resolution);
  });

  it('reads nothing but a resolution: no extra field (a session), no unknown route or world, no wrong kind', () => {
    const good = resolveRequest('/de/konto/bankdaten', 'localhost');
    const forge = (value: object) => encodeURIComponent(JSON.stringify(value));
    expect(decodeResolution(forge(good))).toEqual(good);
    expect(decodeResolution(forge({ ...good, session: { userId: 1, impersonatorUserId: null } }))).toBeNull();
    expect(decodeResolution(forge({ ...good, route: 'no-such-route' }))).toBeNull();
    expect(decodeResolution(forge({ ...good, world: 'xx' }))).toBeNull();
    expect(decodeResolution(forge({ ...good, params: { id: 1 } }))).toBeNull();
    expect(decodeResolution(forge({ ...good, segments: 'de' }))).toBeNull();
    expect(decodeResolution(forge({ ...good, cache: 'everything' }))).toBeNull();
  });

  it('reads nothing from a missing or unreadable value', () => {
    expect(decodeResolution(undefined)).toBeNull();
    expect(decodeResolution('%E0%A4%A')).toBeNull();
    expect(decodeResolution('{"route":"material"}')).toBeNull();
    expect(decodeResolution(encodeURIComponent('null'))).toBeNull();
  });

  it('is taken by the proxy only for the path it was resolved for', () => {
    const cabinet = encodeResolution(resolveRequest('/de/konto/bankdaten', 'localhost'));
    expect(handedOnResolution(headersOf({ [RESOLUTION_HEADER]: cabinet }), '/de/konto/bankdaten').route).toBe(
      'cabinet-bank-details',
    );
    expect(handedOnResolution(headersOf({ [RESOLUTION_HEADER]: cabinet }), '/de/material/1/x').route).toBe('material');
  });

  it('is worked out by the proxy itself for a request that did not pass the door', () => {
    expect(handedOnResolution(headersOf({ host: 'localhost' }), '/de/konto/bankdaten').area).toBe('cabinet');
    expect(handedOnResolution(headersOf({ host: 'author.example' }), '/materials')).toMatchObject({
      authorDomainHost: 'author.example',
      world: null,
      route: null,
    });
  });
});
