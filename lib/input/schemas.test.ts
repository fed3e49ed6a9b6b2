import { z } from 'zod';
import { MAX_DB_INT, idSchema, isStorableText, parseId, textSchema } from './schemas';

describe('ids', () => {
  it.each(['1', '12', String(MAX_DB_INT)])('accepts %s', (value) => {
    expect(parseId(value)).toBe(Number(value));
  });

  it.each(['0', '-1', '2147483648', '99999999999', '1e3', '012', ' 1', '1 ', '1.0', '0x10', '', 'abc', '１２'])(
    'refuses %j',
    (value) => {
      expect(parseId(value)).toBeNull();
    },
  );

  it('refuses non-strings', () => {
    expect(parseId(12)).toBeNull();
    expect(parseId(['1'])).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it('bounds JSON ids to the column range', () => {
    expect(idSchema.safeParse(MAX_DB_INT).success).toBe(true);
    expect(idSchema.safeParse(MAX_DB_INT + 1).success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idSchema.safeParse(1.5).success).toBe(false);
    expect(idSchema.safeParse('1').success).toBe(false);
  });
});

describe('text', () => {
  it('refuses NUL and lone surrogates, keeps real characters', () => {
    expect(isStorableText('Brüche 😀 Ελληνικά')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
  });

  it('free text is trimmed and bounded', () => {
    const schema = textSchema(5);
    expect(schema.parse('  abc ')).toBe('abc');
    expect(schema.safeParse('abcdef').success).toBe(false);
    expect(schema.safeParse('a\u0000').success).toBe(false);
    expect(z.object({ t: schema }).safeParse({ t: 'ok' }).success).toBe(true);
  });
});
