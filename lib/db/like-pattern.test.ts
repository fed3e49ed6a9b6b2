import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('wraps the text and escapes the wildcards and the escape character', () => {
    expect(containsPattern('Brüche')).toBe('%Brüche%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
