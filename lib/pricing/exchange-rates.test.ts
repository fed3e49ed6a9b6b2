import { convertCents } from './exchange-rates';

describe('convertCents', () => {
  it('keeps the amount in the same currency', () => expect(convertCents(499, 'EUR', 'EUR')).toBe(499));
  it('converts through the euro', () => {
    expect(convertCents(1000, 'EUR', 'USD')).toBe(1080);
    expect(convertCents(1080, 'USD', 'EUR')).toBe(1000);
    expect(convertCents(499, 'EUR', 'MXN')).toBe(9930);
  });
  it('converts between currencies of different ISO exponents (yen and won have no minor unit)', () => {
    expect(convertCents(499, 'EUR', 'JPY')).toBe(813);
    expect(convertCents(813, 'JPY', 'EUR')).toBe(499);
    expect(convertCents(1000, 'EUR', 'KRW')).toBe(14800);
  });

  it('answers null for an unknown currency', () => expect(convertCents(100, 'EUR', 'XXX')).toBeNull());
});
