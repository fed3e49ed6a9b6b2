import { currencyExponent } from '@/lib/money/money';
import { WORLDS } from '@/lib/worlds/worlds';
import { WHOLE_NUMBER_CURRENCIES, formatPrice, trackingPriceCents } from './format-price';

// Intl puts a no-break space between number and symbol in several locales.
const normalize = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const digits = (s: string) => s.replace(/\D/g, '');

/** The worlds whose language writes a decimal point: they keep it (the price decision). */
const DECIMAL_POINT_WORLDS = ['cn', 'hi', 'jp', 'kr', 'my', 'th'];

describe('formatPrice', () => {
  it('shows two decimals with the locale separator', () => {
    expect(normalize(formatPrice(499, 'EUR', 'de-DE'))).toBe('4,99 €');
    expect(normalize(formatPrice(1000, 'EUR', 'it-IT'))).toBe('10,00 €');
    expect(normalize(formatPrice(1299, 'EUR', 'el-GR'))).toBe('12,99 €');
    expect(normalize(formatPrice(499, 'USD', 'en-US'))).toBe('$4.99');
  });

  describe('the decimal separator per world: a comma, except where the language writes a point', () => {
    const pointWorlds = WORLDS.filter((w) => DECIMAL_POINT_WORLDS.includes(w.code));
    const commaWorlds = WORLDS.filter((w) => !DECIMAL_POINT_WORLDS.includes(w.code));

    it('covers every world: 6 keep the point, the other 21 show a comma', () => {
      expect(pointWorlds.map((w) => w.code).sort()).toEqual([...DECIMAL_POINT_WORLDS].sort());
      expect(commaWorlds).toHaveLength(WORLDS.length - DECIMAL_POINT_WORLDS.length);
    });

    it.each(pointWorlds.map((w) => [w.code, w.locale, w.currency]))(
      '%s (%s, %s) keeps its own decimal point and a comma for thousands',
      (_code, locale, currency) => {
        // Yen and won have no minor unit: 499 is ¥499.00, where 499 cents are 4.99.
        const whole = currencyExponent(currency) === 0;
        const small = normalize(formatPrice(499, currency, locale));
        expect(small).toMatch(whole ? /(^|[^\d.,])499\.00($|[^\d])/ : /(^|[^\d.,])4\.99($|[^\d])/);
        expect(small).not.toMatch(/,99|,00/);
        expect(normalize(formatPrice(whole ? 1_234 : 123_450, currency, locale))).toMatch(
          whole ? /1,234\.00/ : /1,234\.50/,
        );
      },
    );

    it.each(commaWorlds.map((w) => [w.code, w.locale, w.currency]))(
      '%s (%s, %s) shows two decimals after a comma',
      (_code, locale, currency) => {
        const small = normalize(formatPrice(499, currency, locale));
        expect(small).toMatch(/(^|[^\d.,])4,99($|[^\d])/);
        expect(small).not.toMatch(/4\.99/);
        expect(normalize(formatPrice(123_450, currency, locale))).toMatch(/1[ .]?234,50/);
      },
    );
  });

  it('reads JPY and KRW amounts as whole yen and won (ISO exponent 0), shown with two decimals', () => {
    expect(normalize(formatPrice(12345, 'JPY', 'ja-JP'))).toMatch(/^￥12,345\.00$/);
    expect(normalize(formatPrice(499, 'JPY', 'ja-JP'))).toMatch(/^￥499\.00$/);
    expect(normalize(formatPrice(4900, 'KRW', 'ko-KR'))).toMatch(/^₩4,900\.00$/);
    expect(normalize(formatPrice(499, 'JPY', 'de-DE'))).toBe('499,00 ¥');
  });

  it('the whole-number currencies are exactly ARS, COP, GTQ, CLP and MXN', () => {
    expect([...WHOLE_NUMBER_CURRENCIES].sort()).toEqual(['ARS', 'CLP', 'COP', 'GTQ', 'MXN']);
  });

  it.each(['ARS', 'COP', 'GTQ', 'MXN'])('rounds %s above 1 down to whole numbers', (currency) => {
    const text = normalize(formatPrice(199_99, currency, 'es-ES'));
    expect(text).toMatch(/199/);
    expect(text).not.toMatch(/200/);
    expect(text).not.toMatch(/,99/);
  });

  it.each([
    ['ARS', 'es-AR'],
    ['COP', 'es-CO'],
    ['GTQ', 'es-GT'],
    ['MXN', 'es-MX'],
  ])(
    '%s: down, never up, in its home locale (%s) and in a world page (de-DE); 1 and below keep two decimals',
    (currency, locale) => {
      for (const loc of [locale, 'de-DE']) {
        expect(digits(formatPrice(1_234_567_89, currency, loc))).toBe('1234567');
        expect(digits(formatPrice(199_99, currency, loc))).toBe('199');
        // Just above 1 is floored to 1; exactly 1 and below are not "above 1".
        expect(digits(formatPrice(101, currency, loc))).toBe('1');
        expect(digits(formatPrice(100, currency, loc))).toBe('100');
        expect(digits(formatPrice(99, currency, loc))).toBe('099');
      }
    },
  );

  it('shows CLP, whose amounts are whole pesos (ISO exponent 0), without decimals above 1', () => {
    for (const locale of ['es-CL', 'de-DE']) {
      expect(digits(formatPrice(1_234_567, 'CLP', locale))).toBe('1234567');
      expect(digits(formatPrice(199, 'CLP', locale))).toBe('199');
      expect(digits(formatPrice(1, 'CLP', locale))).toBe('100');
    }
  });

  it('keeps decimals for those currencies at 1 or below', () => {
    expect(normalize(formatPrice(99, 'MXN', 'es-MX'))).toMatch(/0\.99/);
    expect(normalize(formatPrice(100, 'MXN', 'es-MX'))).toMatch(/1\.00/);
  });

  it('tracks prices in whole cents, rounded down', () => {
    expect(trackingPriceCents(4.999)).toBe(499);
    expect(trackingPriceCents(12.3)).toBe(1230);
    expect(trackingPriceCents(0.29)).toBe(29);
    expect(trackingPriceCents(0.299)).toBe(29);
  });
});
