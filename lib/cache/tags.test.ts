import { CACHE_KEYS, TAGS, parseTag } from './tags';

describe('TAGS', () => {
  it('names one thing per tag, so a change expires exactly that thing', () => {
    expect(TAGS.material(12)).toBe('material:12');
    expect(TAGS.author(7)).toBe('author:7');
    expect(TAGS.followList(7)).toBe('follows:7');
    expect(TAGS.blogPost(3)).toBe('blog-post:3');
    expect(TAGS.world('it')).toBe('world:it');
    expect(TAGS.popularAuthors('it')).toBe('popular-authors:it');
    expect(TAGS.terms('gr')).toBe('terms:gr');
    expect(TAGS.author(1)).not.toBe(TAGS.author(10));
  });

  it('writes a storefront domain as its lookup key does, percent-encoded when not ASCII', () => {
    expect(TAGS.storefront('Author-Demo.localhost.:3000')).toBe('storefront:author-demo.localhost');
    expect(TAGS.storefront('bücher.example')).toBe('storefront:b%C3%BCcher.example');
  });

  it('refuses what would make a broken tag', () => {
    expect(() => TAGS.material(Number.NaN)).toThrow(TypeError);
    expect(() => TAGS.author(-1)).toThrow(TypeError);
    expect(() => TAGS.material(1.5)).toThrow(TypeError);
    expect(() => TAGS.world('deu')).toThrow(TypeError);
    expect(() => TAGS.terms('../de')).toThrow(TypeError);
  });

  it('reads its own tags back, and leaves anything else alone', () => {
    expect(parseTag(TAGS.material(12))).toEqual({ kind: 'material', id: 12 });
    expect(parseTag(TAGS.followList(4))).toEqual({ kind: 'follows', id: 4 });
    expect(parseTag(TAGS.seller(9))).toEqual({ kind: 'seller', id: 9 });
    expect(parseTag(TAGS.accountPages(9))).toEqual({ kind: 'account-pages', id: 9 });
    expect(parseTag('seller:x')).toEqual({ kind: 'other', tag: 'seller:x' });
    expect(parseTag(TAGS.world('de'))).toEqual({ kind: 'world', code: 'de' });
    expect(parseTag(TAGS.popularAuthors('de'))).toEqual({ kind: 'popular-authors', code: 'de' });
    expect(parseTag(TAGS.terms('pl'))).toEqual({ kind: 'terms', code: 'pl' });
    expect(parseTag(TAGS.storefront('a.example'))).toEqual({ kind: 'storefront', domain: 'a.example' });
    expect(parseTag(TAGS.landings)).toEqual({ kind: 'list', name: 'landings' });
    expect(parseTag('_N_T_/de/layout')).toEqual({ kind: 'other', tag: '_N_T_/de/layout' });
    expect(parseTag('material:x')).toEqual({ kind: 'other', tag: 'material:x' });
  });

  it('keeps every tag within what Next accepts (256 characters, header-safe)', () => {
    for (const tag of [TAGS.material(Number.MAX_SAFE_INTEGER), TAGS.storefront(`${'a'.repeat(63)}.example`)]) {
      expect(tag.length).toBeLessThanOrEqual(256);
      expect(tag).toMatch(/^[\x21-\x7e]+$/);
    }
  });
});

describe('CACHE_KEYS', () => {
  it('gives every cached read a key of its own', () => {
    const keys = Object.values(CACHE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
