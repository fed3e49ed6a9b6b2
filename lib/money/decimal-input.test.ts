import { formatAmountInput, formatDecimalInput, parseAmountInput, parseDecimalInput } from './decimal-input';

describe('typed amounts', () => {
  it('reads a decimal point or comma exactly, in minor units of the currency', () => {
    expect(parseAmountInput('12,50', 'EUR')).toBe(1250);
    expect(parseAmountInput(' 12.5 ', 'EUR')).toBe(1250);
    expect(parseAmountInput('12', 'EUR')).toBe(1200);
    expect(parseAmountInput('0,07', 'EUR')).toBe(7);
    // 0.29 × 100 is 28.999… in floating point; the digits are read as digits.
    expect(parseAmountInput('0.29', 'EUR')).toBe(29);
    expect(parseAmountInput('1500', 'JPY')).toBe(1500);
    expect(parseDecimalInput('12,5', 2)).toBe(1250);
  });

  it('refuses what it would have to guess: thousands marks, signs, extra digits, words', () => {
    for (const text of ['1,500', '1.234,50', '-5', '+5', '12,505', '', ' ', 'abc', '1e3', '12,', ',5', '1 000', '１２'])
      expect(parseAmountInput(text, 'EUR')).toBeNull();
    expect(parseAmountInput('1500,5', 'JPY')).toBeNull();
    expect(parseAmountInput('1234567890', 'EUR')).toBeNull();
  });

  it('writes minor units back in the locale’s separator without grouping, and reads them again', () => {
    expect(formatAmountInput(123456, 'EUR', 'de-DE')).toBe('1234,56');
    expect(formatAmountInput(123456, 'EUR', 'en-GB')).toBe('1234.56');
    expect(formatAmountInput(5, 'EUR', 'el-GR')).toBe('0,05');
    expect(formatAmountInput(1500, 'JPY', 'ja-JP')).toBe('1500');
    expect(formatDecimalInput(1250, 2, 'de-DE')).toBe('12,50');
    for (const minor of [0, 1, 99, 100, 2999, 100_000_000])
      expect(parseAmountInput(formatAmountInput(minor, 'EUR', 'fr-FR'), 'EUR')).toBe(minor);
  });
});
