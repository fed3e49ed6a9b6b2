import { convertCents } from './exchange-rates';

describe('convertCents', () => {
  it('keeps the amount in the same currency', () => expect(convertCents(499, 'EUR', 'EUR')).toBe(499));
  it('converts through the euro', () => {
    expect(convertCents(1000, 'EUR', 'USD')).toBe(1080);
    expect(convertCents(1080, 'USD', 'EUR')).toBe(1000);
    expect(convertCents(499, 'EUR', 'MXN')).toBe(9930);
  });
  it('answers null for an unknown currency', () => expect(convertCents(100, 'EUR', 'XXX')).toBeNull());
});
