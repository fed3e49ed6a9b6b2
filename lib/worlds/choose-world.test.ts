import { chooseWorld } from './choose-world';

describe('chooseWorld', () => {
  it('prefers the author custom domain over everything else', () => {
    expect(chooseWorld({ authorDomainWorld: 'es', firstPathSegment: 'it', rememberedWorld: 'fr' })).toEqual({
      world: 'es',
      source: 'author-domain',
    });
  });

  it('uses the first path segment when there is no author domain', () => {
    expect(chooseWorld({ firstPathSegment: 'it', rememberedWorld: 'fr' })).toEqual({ world: 'it', source: 'path' });
  });

  it('falls back to the remembered world when the path has none', () => {
    expect(chooseWorld({ firstPathSegment: 'material', rememberedWorld: 'gr' })).toEqual({
      world: 'gr',
      source: 'remembered',
    });
  });

  it('ends at de', () => {
    expect(chooseWorld({})).toEqual({ world: 'de', source: 'default' });
  });

  it('skips invalid hints instead of trusting them', () => {
    expect(chooseWorld({ authorDomainWorld: 'xx', firstPathSegment: 'zz', rememberedWorld: '<script>' })).toEqual({
      world: 'de',
      source: 'default',
    });
  });
});
