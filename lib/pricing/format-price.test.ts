import { formatPrice, trackingPriceCents } from './format-price';

// Intl puts a no-break space between number and symbol in several locales.
const normalize = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice (SPEC §5)', () => {
  it('shows two decimals with the locale separator', () => {
    expect(normalize(formatPrice(499, 'EUR', 'de-DE'))).toBe('4,99 €');
    expect(normalize(formatPrice(1000, 'EUR', 'it-IT'))).toBe('10,00 €');
    expect(normalize(formatPrice(1299, 'EUR', 'el-GR'))).toBe('12,99 €');
    expect(normalize(formatPrice(499, 'USD', 'en-US'))).toBe('$4.99');
  });

  it('keeps two decimals even for currencies Intl shows without them', () => {
    expect(normalize(formatPrice(12345, 'JPY', 'ja-JP'))).toMatch(/123\.45/);
  });

  it.each(['ARS', 'COP', 'GTQ', 'CLP', 'MXN'])('rounds %s above 1 down to whole numbers', (currency) => {
    const text = normalize(formatPrice(199_99, currency, 'es-ES'));
    expect(text).toMatch(/199/);
    expect(text).not.toMatch(/200/);
    expect(text).not.toMatch(/,99/);
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
