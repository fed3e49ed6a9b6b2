import { WORLD_CODES } from '@/lib/worlds/worlds';
import { matchForeignRoute, matchRoute, pathFor, pathForRoute } from './localized-routes';
import { resolvePagePath } from './resolve-page';
import { ROUTES, type RouteId } from './routes';
import { GERMAN_WORDS, SEGMENT_WORDS } from './segment-words';

/** Example params for every route shape. */
function sampleParams(de: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const part of de.split('/')) {
    if (!part.startsWith(':')) continue;
    const name = part.slice(1).replace(/[?*]$/, '');
    params[name] = part.endsWith('*') ? ['a', 'b'] : name === 'tab' ? 'blog' : `x${name.length}`;
  }
  return params;
}

describe('routing table', () => {
  it('has every static German word in the translation list', () => {
    const words = new Set<string>(GERMAN_WORDS);
    for (const route of ROUTES) {
      for (const part of route.de.split('/').filter(Boolean))
        if (!part.startsWith(':')) expect(words.has(part)).toBe(true);
    }
  });

  it.each(Object.keys(SEGMENT_WORDS))('gives world %s a distinct, URL-safe word for every German word', (world) => {
    const words = SEGMENT_WORDS[world as keyof typeof SEGMENT_WORDS];
    const values = GERMAN_WORDS.map((w) => words[w]);
    values.forEach((v) => expect(v).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/));
    expect(new Set(values).size).toBe(values.length);
  });

  it.each(WORLD_CODES)('round-trips every route in world %s', (world) => {
    for (const route of ROUTES) {
      const params = sampleParams(route.de);
      const path = pathForRoute(world, route.id as RouteId, params);
      const [prefix, ...segments] = path.split('/').filter(Boolean);
      expect(prefix).toBe(world);
      const match = matchRoute(world, segments);
      expect(match?.route.id).toBe(route.id);
      expect(match?.params).toEqual(params);
    }
  });

  it('uses real localised words (it: materiale)', () => {
    expect(pathFor('it', 'material', { id: '7', slug: 'frazioni' })).toBe('/it/materiale/7/frazioni');
    expect(pathFor('de', 'author', { id: '2', slug: 'frau-demo', tab: 'blog' })).toBe('/de/autor/2/frau-demo/blog');
    expect(pathFor('de', 'keyword-landing', { id: '3', slug: ['bruchrechnung', 'klasse-6'] })).toBe(
      '/de/tema/3/bruchrechnung/klasse-6',
    );
  });

  it('matches optional and catch-all segments', () => {
    expect(matchRoute('de', ['material', '12'])?.params).toEqual({ id: '12' });
    expect(matchRoute('de', ['tema', '4'])?.params).toEqual({ id: '4', slug: [] });
    expect(matchRoute('de', ['gewinnspiel'])?.route.id).toBe('contest');
    expect(matchRoute('de', ['gewinnspiel', 'teilnahmebedingungen'])?.route.id).toBe('contest-terms');
    expect(matchRoute('de', ['konto', 'erster-upload'])?.route.id).toBe('cabinet-first-upload');
    expect(matchRoute('de', ['ki-tools', 'faq'])?.route.id).toBe('ai-tools-faq');
    expect(matchRoute('de', ['ki-tools', '42'])?.route.id).toBe('ai-tool');
  });

  it('rejects unknown tab words', () => {
    expect(matchRoute('de', ['autor', '2', 'x', 'unbekannt'])).toBeNull();
  });

  it('finds a path written in another world’s wording', () => {
    expect(matchForeignRoute('it', ['material', '5', 'x'])?.route.id).toBe('material');
    expect(resolvePagePath('it', ['material', '5', 'x'])).toEqual({ kind: 'redirect', location: '/it/materiale/5/x' });
    expect(resolvePagePath('it', ['materiale', '5', 'x'])).toMatchObject({ kind: 'page' });
    expect(resolvePagePath('it', ['nonsense'])).toEqual({ kind: 'not-found' });
  });
});
