import { MAX_TAGS, expireAll, expireTags, expiredAt, isExpired, resetTagStore } from './tag-store.cjs';

beforeEach(() => resetTagStore());

describe('the tag store', () => {
  it('expires what was made before a tag changed, and nothing made after', () => {
    expireTags(['author:1'], 1000);
    expect(isExpired(['author:1'], 999)).toBe(true);
    // The same millisecond cannot be ordered: counted as before.
    expect(isExpired(['author:1'], 1000)).toBe(true);
    expect(isExpired(['author:1'], 1001)).toBe(false);
    expect(isExpired(['author:2', 'world:de'], 10)).toBe(false);
    expect(isExpired(['world:de', 'author:1'], 10)).toBe(true);
  });

  it('keeps the latest change of a tag', () => {
    expireTags(['material:1'], 1000);
    expireTags(['material:1'], 2000);
    expect(expiredAt('material:1')).toBe(2000);
    expect(isExpired(['material:1'], 1500)).toBe(true);
  });

  it('expires everything made before an expireAll', () => {
    expireAll(5000);
    expect(isExpired([], 4999)).toBe(true);
    expect(isExpired(['anything'], 5001)).toBe(false);
  });

  it('is one store per process, whichever module graph reads it', () => {
    expireTags(['world:it'], 7000);
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second copy of the module, as Next's own graph has
      const other = require('./tag-store.cjs');
      expect(other.isExpired(['world:it'], 6000)).toBe(true);
    });
  });

  it('stays bounded, and an entry older than a forgotten tag still counts as expired', () => {
    const tags = Array.from({ length: MAX_TAGS + 1 }, (_, i) => `material:${i}`);
    tags.forEach((tag, i) => expireTags([tag], 10_000 + i));
    expect(expiredAt('material:0')).toBeUndefined();
    expect(expiredAt(`material:${MAX_TAGS}`)).toBe(10_000 + MAX_TAGS);
    // material:0 changed at 10 000: an entry made before that is still out of date.
    expect(isExpired(['material:0'], 9_999)).toBe(true);
    expect(isExpired(['material:0'], 10_000 + MAX_TAGS)).toBe(false);
  });
});
