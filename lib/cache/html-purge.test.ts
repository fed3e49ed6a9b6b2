import { HtmlCache } from '@/lib/http/html-cache';
import { pathFor } from '@/lib/routing/localized-routes';
import { pageTagsOfKey, purgeHtmlPages } from './html-purge';
import { TAGS } from './tags';

const entry = () => ({
  status: 200,
  headers: {},
  page: { template: { segments: [Buffer.from('<html></html>')] }, gzip: null },
  ttlMs: 300_000,
});
const key = (path: string, encoding = 'gzip') => `localhost:3000|${path}|${encoding}`;

const PAGES = {
  material1de: key(pathFor('de', 'material', { id: '1', slug: 'brueche' })),
  material1it: key(pathFor('it', 'material', { id: '1', slug: 'frazioni' }), 'identity'),
  material2de: key(pathFor('de', 'material', { id: '2', slug: 'x' })),
  author7de: key(pathFor('de', 'author', { id: '7', slug: 'frau-demo' })),
  author7fr: key(`${pathFor('fr', 'author', { id: '7', slug: 'frau-demo', tab: 'blog' })}?x=1`),
  author70de: key(pathFor('de', 'author', { id: '70', slug: 'someone' })),
  profile7de: key(pathFor('de', 'user-profile', { id: '7' })),
  homeDe: key('/de'),
  searchDe: key(`${pathFor('de', 'search')}?q=brueche`),
  homeIt: key('/it'),
  keywordDe: key(pathFor('de', 'keyword-landing', { id: '4', slug: ['brueche'] })),
};

function filled(): HtmlCache {
  const cache = new HtmlCache();
  for (const page of Object.values(PAGES)) cache.set(page, entry());
  return cache;
}

const left = (cache: HtmlCache) => Object.values(PAGES).filter((page) => cache.get(page));

describe('pageTagsOfKey', () => {
  it('reads what a cached page stands for from its localised path', () => {
    expect(pageTagsOfKey(PAGES.material1it)).toEqual([TAGS.material(1)]);
    expect(pageTagsOfKey(PAGES.author7fr)).toEqual([TAGS.author(7), TAGS.followList(7), TAGS.followLists]);
    expect(pageTagsOfKey(PAGES.profile7de)).toEqual([TAGS.author(7)]);
    expect(pageTagsOfKey(PAGES.keywordDe)).toEqual([TAGS.landings, TAGS.world('de')]);
    expect(pageTagsOfKey(PAGES.searchDe)).toEqual([TAGS.world('de')]);
    expect(pageTagsOfKey(PAGES.homeIt)).toEqual([TAGS.world('it'), TAGS.popularAuthors('it')]);
    expect(pageTagsOfKey(key('/de/material/%31/x'))).toEqual([TAGS.material(1)]);
    expect(pageTagsOfKey(key('/not-a-world/x'))).toBeNull();
    expect(pageTagsOfKey('garbage')).toBeNull();
  });
});

describe('purgeHtmlPages', () => {
  it("leaves every public page alone for a seller's figures or an account's kept pages", () => {
    const cache = filled();
    const elsewhere = key('/not-a-world/x');
    cache.set(elsewhere, entry());
    purgeHtmlPages(cache, [TAGS.seller(7), TAGS.accountPages(7)]);
    expect(left(cache)).toEqual(Object.values(PAGES));
    expect(cache.get(elsewhere)).toBeDefined();
  });

  it("drops one material's pages in every world, and nothing else", () => {
    const cache = filled();
    purgeHtmlPages(cache, [TAGS.material(1)]);
    expect(left(cache)).toEqual(Object.values(PAGES).filter((p) => p !== PAGES.material1de && p !== PAGES.material1it));
  });

  it("drops one author's author and member pages in every world (any slug, tab or query), not a similar id", () => {
    const cache = filled();
    purgeHtmlPages(cache, [TAGS.author(7)]);
    expect(cache.get(PAGES.author7de)).toBeUndefined();
    expect(cache.get(PAGES.author7fr)).toBeUndefined();
    expect(cache.get(PAGES.profile7de)).toBeUndefined();
    expect(cache.get(PAGES.author70de)).toBeDefined();
    expect(cache.get(PAGES.material1de)).toBeDefined();
  });

  it("drops a world's list pages, and the landings", () => {
    const cache = filled();
    purgeHtmlPages(cache, [TAGS.world('de')]);
    expect(cache.get(PAGES.homeDe)).toBeUndefined();
    expect(cache.get(PAGES.searchDe)).toBeUndefined();
    expect(cache.get(PAGES.keywordDe)).toBeUndefined();
    expect(cache.get(PAGES.homeIt)).toBeDefined();
    expect(cache.get(PAGES.material1de)).toBeDefined();
    purgeHtmlPages(cache, [TAGS.landings]);
    expect(cache.get(PAGES.homeIt)).toBeDefined();
  });

  it("drops only a world's home page for its popular-authors shelf", () => {
    const cache = filled();
    purgeHtmlPages(cache, [TAGS.popularAuthors('de')]);
    expect(cache.get(PAGES.homeDe)).toBeUndefined();
    expect(cache.get(PAGES.searchDe)).toBeDefined();
    expect(cache.get(PAGES.homeIt)).toBeDefined();
  });

  it('handles many authors at once in one pass', () => {
    const cache = filled();
    purgeHtmlPages(
      cache,
      [1, 2, 3, 4, 5, 6, 7].map((id) => TAGS.author(id)),
    );
    expect(cache.get(PAGES.author7de)).toBeUndefined();
    expect(cache.get(PAGES.profile7de)).toBeUndefined();
    expect(cache.get(PAGES.author70de)).toBeDefined();
  });

  it('does not store a page whose capture began before a purge that concerns it', () => {
    let now = 1000;
    const cache = new HtmlCache(100, 1_000_000, () => now);
    const begun = cache.timestamp();
    now = 1005;
    purgeHtmlPages(cache, [TAGS.material(1)]);
    now = 1010;
    // Rendered (or served by Next) from the data before the change: refused.
    expect(cache.set(PAGES.material1de, entry(), begun)).toBe(false);
    expect(cache.get(PAGES.material1de)).toBeUndefined();
    // Another page captured over the same time is not concerned.
    expect(cache.set(PAGES.material2de, entry(), begun)).toBe(true);
    // A capture that began after the purge is stored.
    expect(cache.set(PAGES.material1de, entry(), cache.timestamp())).toBe(true);
  });
});
