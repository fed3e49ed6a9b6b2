import { allocate, applyRatio, currencyExponent, isAmount, toMajor, vatIncluded } from './money';

describe('money in minor units', () => {
  it('knows the ISO exponent of a currency', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KRW')).toBe(0);
    expect(toMajor(499, 'EUR')).toBe(4.99);
    expect(toMajor(499, 'JPY')).toBe(499);
  });

  it('accepts whole, non-negative, bounded amounts only', () => {
    expect(isAmount(0)).toBe(true);
    expect(isAmount(100_000_000)).toBe(true);
    for (const bad of [-1, 1.5, Number.NaN, Infinity, 100_000_001]) expect(isAmount(bad)).toBe(false);
  });

  it('shares a total out by largest remainder, parts always adding up', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(10, [0, 0])).toEqual([10, 0]);
    expect(allocate(5, [1, 0, 3])).toEqual([1, 0, 4]);
    expect(allocate(0, [])).toEqual([]);
    expect(() => allocate(1, [])).toThrow(RangeError);
    expect(() => allocate(1, [-1, 2])).toThrow(RangeError);
    // Products beyond 2^53 stay exact.
    expect(allocate(2 ** 40, [2 ** 30, 2 ** 30 + 1]).reduce((a, b) => a + b, 0)).toBe(2 ** 40);
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
    for (let i = 0; i < 500; i++) {
      const total = random(1_000_000) - 500_000;
      const weights = Array.from({ length: 1 + random(8) }, () => random(10_000));
      const parts = allocate(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('rounds ratios half up, symmetrically for negative amounts', () => {
    expect(applyRatio(165, 1, 2)).toBe(83);
    expect(applyRatio(164, 1, 2)).toBe(82);
    expect(applyRatio(-165, 1, 2)).toBe(-83);
    expect(applyRatio(1649, 1000, 10_000)).toBe(165);
    expect(() => applyRatio(1, 1, 0)).toThrow(RangeError);
  });

  it('finds the VAT inside a gross amount so that net plus VAT is the gross', () => {
    expect(vatIncluded(1190, 1900)).toBe(190);
    expect(vatIncluded(107, 700)).toBe(7);
    expect(vatIncluded(1255, 2550)).toBe(255);
    expect(vatIncluded(999, 0)).toBe(0);
    for (let gross = 0; gross < 3000; gross += 7) {
      const vat = vatIncluded(gross, 2400);
      expect(gross - vat).toBe(applyRatio(gross, 10_000, 12_400));
    }
  });
});
