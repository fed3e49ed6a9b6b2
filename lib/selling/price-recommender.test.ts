import {
  DEFAULT_MAXIMUM_CENTS,
  MIN_COMPARABLES,
  PRICE_REASON_CODES,
  recommendPrice,
  type ComparableMaterial,
  type PriceReasonCode,
  type PriceReasonValues,
  type PriceRecommendation,
} from './price-recommender';

function comparable(priceCents: number, overrides: Partial<ComparableMaterial> = {}): ComparableMaterial {
  return { priceCents, salesCount: 0, pages: 10, sameSubject: true, sameType: true, ...overrides };
}

/** Eight equally weighted materials: range 249–599, median (349 + 399) / 2 = 374 → 349. */
const LADDER = [199, 249, 299, 349, 399, 499, 599, 799].map((price) => comparable(price));

const recommend = (
  comparables: ComparableMaterial[],
  extra: { pages?: number; minimumCents?: number; maximumCents?: number } = {},
) => recommendPrice({ currency: 'EUR', pages: 10, comparables, ...extra });

function reason<C extends PriceReasonCode>(recommendation: PriceRecommendation, code: C) {
  return recommendation.reasons.find((r) => r.code === code)?.values as PriceReasonValues[C] | undefined;
}

function isFamiliarEnding(cents: number): boolean {
  return cents % 50 === 49;
}

describe('recommendPrice with too few comparables', () => {
  it('recommends nothing for no comparables and says so', () => {
    expect(recommend([])).toEqual({
      currency: 'EUR',
      comparables: 0,
      rangeCents: null,
      suggestedCents: null,
      reasons: [{ code: 'too_few_comparables', values: { count: 0, needed: MIN_COMPARABLES } }],
    });
  });

  it('recommends nothing for two, counting only the usable ones', () => {
    const result = recommend([comparable(299), comparable(399), comparable(0), comparable(-100), comparable(2.5)]);
    expect(result.comparables).toBe(2);
    expect(result.rangeCents).toBeNull();
    expect(result.suggestedCents).toBeNull();
    expect(result.reasons).toEqual([{ code: 'too_few_comparables', values: { count: 2, needed: 3 } }]);
  });

  it('recommends from three on', () => {
    const result = recommend([comparable(299), comparable(399), comparable(499)]);
    expect(result.comparables).toBe(3);
    expect(result.rangeCents).toEqual({ low: 299, high: 499 });
    expect(result.suggestedCents).toBe(399);
  });
});

describe('recommendPrice range and suggestion', () => {
  it('gives the weighted 25th–75th percentile and the median at a familiar ending', () => {
    const result = recommend(LADDER);
    expect(result.comparables).toBe(8);
    expect(result.rangeCents).toEqual({ low: 249, high: 599 });
    expect(result.suggestedCents).toBe(349);
  });

  it('keeps the suggestion inside the range whatever the mix', () => {
    const mixes = [
      LADDER,
      [...LADDER, comparable(1999, { salesCount: 5000 })],
      LADDER.map((c, i) => ({ ...c, salesCount: i * 37, pages: 2 + i * 4, sameType: i % 2 === 0 })),
      [comparable(149), comparable(151), comparable(153), comparable(2999, { salesCount: 100 })],
    ];
    for (const mix of mixes) {
      for (const pages of [1, 5, 10, 30, 200]) {
        const { rangeCents, suggestedCents } = recommend(mix, { pages });
        expect(suggestedCents).toBeGreaterThanOrEqual(rangeCents!.low);
        expect(suggestedCents).toBeLessThanOrEqual(rangeCents!.high);
      }
    }
  });

  it('moves the suggestion towards what sells', () => {
    const neutral = recommend(LADDER).suggestedCents!;
    const expensiveSell = recommend(LADDER.map((c) => ({ ...c, salesCount: c.priceCents >= 499 ? 2000 : 0 })));
    const cheapSell = recommend(LADDER.map((c) => ({ ...c, salesCount: c.priceCents <= 249 ? 2000 : 0 })));
    expect(expensiveSell.suggestedCents).toBeGreaterThan(neutral);
    expect(cheapSell.suggestedCents).toBeLessThan(neutral);
  });

  it('weighs materials of the same subject and type more than the rest', () => {
    const cheapOthers = [199, 249, 299].map((p) => comparable(p, { sameSubject: false }));
    const dearSame = [499, 599].map((p) => comparable(p));
    expect(recommend([...cheapOthers, ...dearSame]).suggestedCents).toBeGreaterThanOrEqual(499);
    const cheapSame = [199, 249].map((p) => comparable(p));
    const dearOthers = [499, 599, 799].map((p) => comparable(p, { sameSubject: false, sameType: true }));
    expect(recommend([...cheapSame, ...dearOthers]).suggestedCents).toBeLessThanOrEqual(299);
  });

  it('weighs materials with a page count close to ours more', () => {
    const mix = [
      comparable(199, { pages: 4 }),
      comparable(249, { pages: 4 }),
      comparable(599, { pages: 12 }),
      comparable(699, { pages: 12 }),
    ];
    expect(recommend(mix, { pages: 4 }).rangeCents!.low).toBe(199);
    // Heavier weight on the 12-page ones lifts the median onto them (the nudge comes on top).
    expect(recommend(mix, { pages: 12 }).suggestedCents).toBeGreaterThanOrEqual(599);
  });
});

describe('recommendPrice page-count nudge', () => {
  it('suggests more for more pages and less for fewer, within the range', () => {
    const similar = recommend(LADDER, { pages: 10 });
    const more = recommend(LADDER, { pages: 30 });
    const fewer = recommend(LADDER, { pages: 3 });
    expect(reason(similar, 'page_count')).toEqual({ pages: 10, typicalPages: 10, direction: 'similar' });
    expect(reason(more, 'page_count')).toEqual({ pages: 30, typicalPages: 10, direction: 'more' });
    expect(reason(fewer, 'page_count')).toEqual({ pages: 3, typicalPages: 10, direction: 'fewer' });
    // 374 × 1.25 (the cap) = 468 → 449; 374 × 0.8 (the floor) = 299 → 299.
    expect(similar.suggestedCents).toBe(349);
    expect(more.suggestedCents).toBe(449);
    expect(fewer.suggestedCents).toBe(299);
  });

  it('does not nudge for a page count within 10 % of the typical one', () => {
    expect(recommend(LADDER, { pages: 11 }).suggestedCents).toBe(349);
    expect(reason(recommend(LADDER, { pages: 11 }), 'page_count')!.direction).toBe('similar');
    expect(reason(recommend(LADDER, { pages: 12 }), 'page_count')!.direction).toBe('more');
  });
});

describe('recommendPrice rounding', () => {
  it('ends on …49 or …99 below 100.00', () => {
    for (let shift = 0; shift < 400; shift += 7) {
      const mix = [150, 240, 330, 420, 510, 600, 690].map((p) => comparable(p + shift));
      const { suggestedCents } = recommend(mix, { pages: 7 + (shift % 9) });
      expect(isFamiliarEnding(suggestedCents!)).toBe(true);
    }
  });

  it('moves to the nearest such price, the lower one on a tie', () => {
    // Median 374: 349 and 399 are equally near.
    expect(recommend([comparable(300), comparable(374), comparable(450)]).suggestedCents).toBe(349);
    expect(recommend([comparable(300), comparable(376), comparable(450)]).suggestedCents).toBe(399);
  });

  it('scales the ending with the amount', () => {
    const mix = [15000, 18000, 20000, 22000, 25000].map((p) => comparable(p));
    expect(recommend(mix, { maximumCents: 1_000_000 }).suggestedCents).toBe(19999);
    const forints = [140000, 150000, 160000].map((p) => comparable(p));
    expect(
      recommendPrice({ currency: 'HUF', pages: 10, comparables: forints, maximumCents: 10_000_000 }).suggestedCents,
    ).toBe(149999);
  });

  it('keeps the median itself when no familiar price lies in the range', () => {
    const result = recommend([comparable(455), comparable(460), comparable(470)]);
    expect(result.rangeCents).toEqual({ low: 455, high: 470 });
    expect(result.suggestedCents).toBe(460);
  });
});

describe('recommendPrice limits', () => {
  it('never suggests below the minimum, even when everything is cheaper', () => {
    const cheap = [20, 25, 30, 35].map((p) => comparable(p));
    expect(recommend(cheap).suggestedCents).toBe(50);
    expect(recommend(cheap).rangeCents).toEqual({ low: 20, high: 35 });
    expect(recommend(cheap, { minimumCents: 100 }).suggestedCents).toBe(100);
    expect(recommend(LADDER, { minimumCents: 400 }).suggestedCents).toBe(449);
  });

  it('never suggests above the maximum, even when everything is dearer', () => {
    const dear = [12000, 13000, 14000, 15000].map((p) => comparable(p));
    expect(recommend(dear).suggestedCents).toBe(DEFAULT_MAXIMUM_CENTS);
    expect(recommend(dear, { maximumCents: 5000 }).suggestedCents).toBe(5000);
    expect(recommend(LADDER, { maximumCents: 300 }).suggestedCents).toBe(299);
  });

  it('refuses limits that are no amounts', () => {
    expect(() => recommend(LADDER, { minimumCents: 0 })).toThrow(RangeError);
    expect(() => recommend(LADDER, { minimumCents: 49.5 })).toThrow(RangeError);
    expect(() => recommend(LADDER, { minimumCents: 500, maximumCents: 400 })).toThrow(RangeError);
    expect(() => recommend(LADDER, { maximumCents: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });
});

describe('recommendPrice reasons', () => {
  it('explains the count, the range, the bestsellers and the pages, with known codes only', () => {
    const mix = LADDER.map((c, i) => ({ ...c, salesCount: i * 10, sameType: i < 5, sameSubject: i >= 2 }));
    const result = recommend(mix);
    expect(result.reasons.map((r) => r.code)).toEqual(['based_on', 'typical_range', 'bestsellers_price', 'page_count']);
    for (const r of result.reasons) expect(PRICE_REASON_CODES).toContain(r.code);
    expect(reason(result, 'based_on')).toEqual({ count: 8, sameSubject: 6, sameType: 5, sameSubjectAndType: 3 });
    expect(reason(result, 'typical_range')).toEqual({ ...result.rangeCents, currency: 'EUR' });
    // The best-selling quarter: 799 (70 sales) and 599 (60); the lower middle is 599.
    expect(reason(result, 'bestsellers_price')).toEqual({ priceCents: 599, count: 2, currency: 'EUR' });
  });

  it('leaves out the bestsellers when nothing ever sold', () => {
    expect(recommend(LADDER).reasons.map((r) => r.code)).toEqual(['based_on', 'typical_range', 'page_count']);
  });
});

describe('recommendPrice robustness', () => {
  const numbersIn = (result: PriceRecommendation): number[] => [
    result.comparables,
    result.rangeCents!.low,
    result.rangeCents!.high,
    result.suggestedCents!,
    ...result.reasons.flatMap((r) => Object.values(r.values).filter((v): v is number => typeof v === 'number')),
  ];

  it('gives whole numbers only, whatever the page counts', () => {
    const mix = LADDER.map((c, i) => ({ ...c, pages: 1.7 * (i + 1), salesCount: i * 3.3 }));
    for (const pages of [0, -4, 2.4, Number.NaN, 7.5, 1e9]) {
      for (const value of numbersIn(recommend(mix, { pages }))) expect(Number.isSafeInteger(value)).toBe(true);
    }
  });

  it('copes with huge, infinite and nonsense sales counts', () => {
    const mix = [
      comparable(299, { salesCount: Number.MAX_SAFE_INTEGER }),
      comparable(399, { salesCount: 1e308 }),
      comparable(499, { salesCount: Number.POSITIVE_INFINITY }),
      comparable(599, { salesCount: Number.NaN }),
      comparable(699, { salesCount: -5 }),
    ];
    const result = recommend(mix);
    expect(result.comparables).toBe(5);
    for (const value of numbersIn(result)) expect(Number.isSafeInteger(value)).toBe(true);
    expect(result.suggestedCents).toBeGreaterThanOrEqual(result.rangeCents!.low);
    expect(result.suggestedCents).toBeLessThanOrEqual(result.rangeCents!.high);
    // A logarithm of sales: the 1e308 bestseller counts about 700 ×, not 1e308 ×, one that never sold.
    expect(reason(result, 'bestsellers_price')).toEqual({ priceCents: 299, count: 2, currency: 'EUR' });
  });

  it('does not change the comparables it is given', () => {
    const mix = LADDER.map((c) => ({ ...c }));
    recommend(mix, { pages: 30 });
    expect(mix).toEqual(LADDER);
  });
});
