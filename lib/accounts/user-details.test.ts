import { avatarPathOf, jpegFallbackOf, noQueryParams, slugForName, userDetailsUpdateSchema } from './user-details';

const parse = (body: unknown) => userDetailsUpdateSchema.safeParse(body);
const paths = (body: unknown) => {
  const result = parse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.') || issue.code);
};

describe('userDetailsUpdateSchema', () => {
  it('tidies names: whitespace collapsed and trimmed, empty optional texts become null', () => {
    expect(parse({ publicName: '  Frau   Demo\n', userName: '', subtitle: '  ' }).data).toEqual({
      publicName: 'Frau Demo',
      userName: null,
      subtitle: null,
    });
  });

  it.each([
    [{ publicName: 'A' }, 'publicName'],
    [{ publicName: 'x'.repeat(61) }, 'publicName'],
    [{ publicName: '--' }, 'publicName'],
    [{ publicName: 'Frau\u202eomeD' }, 'publicName'],
    [{ publicName: null }, 'publicName'],
    [{ userName: 'y'.repeat(81) }, 'userName'],
    [{ subtitle: 'z'.repeat(121) }, 'subtitle'],
    [{ description: 'd'.repeat(10_001) }, 'description'],
    [{ privateProfile: 'yes' }, 'privateProfile'],
  ])('refuses %j at %s', (body, path) => {
    expect(paths(body)).toEqual([path]);
  });

  it('refuses unknown fields (an id, a slug, an image path) and an empty change', () => {
    expect(paths({ publicName: 'Frau Demo', id: 2 })).toEqual(['unrecognized_keys']);
    expect(paths({ slug: 'x' })).toEqual(['unrecognized_keys']);
    expect(paths({ imagePath: 'users/1/x.webp' })).toEqual(['unrecognized_keys']);
    expect(paths({})).toEqual(['custom']);
  });

  it('stores the description sanitised; a description with no text left is null', () => {
    const { data } = parse({
      description:
        '<p onclick="steal()">Hallo <strong>Welt</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(data?.description).toBe('<p>Hallo <strong>Welt</strong><a rel="nofollow ugc noopener">x</a></p>');
    expect(parse({ description: '<script>alert(1)</script><p> </p>' }).data?.description).toBeNull();
    expect(parse({ description: null }).data?.description).toBeNull();
  });

  it.each([
    ['instagramProfile', 'frau.demo.unterricht', 'frau.demo.unterricht'],
    ['instagramProfile', '@frau.demo', 'frau.demo'],
    ['instagramProfile', 'https://www.instagram.com/frau.demo/?hl=de', 'frau.demo'],
    ['instagramProfile', 'instagram.com/frau_demo', 'frau_demo'],
    ['facebookProfile', 'https://de-de.facebook.com/kreide.author.12', 'kreide.author.12'],
    ['facebookProfile', 'kreide.author.12', 'kreide.author.12'],
    ['pinterestProfile', 'https://www.pinterest.de/kreide12/', 'kreide12'],
    ['pinterestProfile', '', null],
    ['pinterestProfile', null, null],
  ])('accepts %s %j as %j', (field, input, stored) => {
    expect(parse({ [field]: input }).data).toEqual({ [field]: stored });
  });

  it.each([
    ['instagramProfile', 'frau..demo'],
    ['instagramProfile', 'a'.repeat(31)],
    ['instagramProfile', 'https://evil.example/frau.demo'],
    ['instagramProfile', 'https://www.instagram.com/p/abc123/'],
    ['instagramProfile', 'javascript:alert(1)//instagram.com/x'],
    ['facebookProfile', 'abc'],
    ['facebookProfile', 'https://www.facebook.com/profile.php?id=1'],
    ['facebookProfile', 'https://facebook.com.evil.example/kreide.author'],
    ['pinterestProfile', 'kreide-12'],
    ['pinterestProfile', '<script>'],
  ])('refuses %s %j', (field, input) => {
    expect(paths({ [field]: input })).toEqual([field]);
  });
});

describe('noQueryParams', () => {
  it('refuses any query parameter: the user is always the session user', () => {
    expect(noQueryParams.safeParse({}).success).toBe(true);
    expect(noQueryParams.safeParse({ userId: '5' }).success).toBe(false);
  });
});

describe('slugForName', () => {
  it('slugs the public name', () =>
    expect(slugForName('Frau Müller-Lüdenscheidt', 7)).toBe('frau-mueller-luedenscheidt'));
  it('falls back to user-<id> when nothing is left to slug', () =>
    expect(slugForName('Иван Петров', 7)).toBe('user-7'));
  it('keeps a real "material" slug', () => expect(slugForName('Material', 7)).toBe('material'));
});

describe('stored image paths', () => {
  it('derive the avatar and the JPEG fallback from the stored author image', () => {
    expect(avatarPathOf('users/12/image-abcdefABCD_-.webp')).toBe('users/12/avatar-abcdefABCD_-.webp');
    expect(jpegFallbackOf('users/12/image-abcdefABCD_-.webp')).toBe('users/12/image-abcdefABCD_-.jpg');
  });

  it('know nothing of paths they did not make', () => {
    expect(avatarPathOf(null)).toBeNull();
    expect(avatarPathOf('covers/12.svg')).toBeNull();
    expect(avatarPathOf('users/12/background-abcdefABCD_-.webp')).toBeNull();
    expect(jpegFallbackOf('covers/12.webp')).toBeNull();
  });
});
