import { decodePathSegments } from './decode-path';

describe('decoding a request path', () => {
  it('decodes percent-encoded words', () => {
    expect(decodePathSegments(['material', '5', 'br%C3%BCche'])).toEqual(['material', '5', 'brüche']);
  });

  it.each([['%FF'], ['%E0%A4%A'], ['%ED%A0%80'], ['a%00b'], ['%']])(
    'answers null for a path that cannot be ours (%s)',
    (segment) => {
      expect(decodePathSegments(['material', segment])).toBeNull();
    },
  );
});
