import { licencePrice, schoolPrice, singlePrice } from './licence-price';

const now = new Date('2026-11-24T10:00:00Z');
const base = { priceCents: 499, salePriceCents: null, saleEndsAt: null, schoolPriceCents: null };

describe('licence prices', () => {
  it('a single licence costs the shown price, the sale price while a sale runs', () => {
    expect(singlePrice(base, now)).toBe(499);
    expect(singlePrice({ ...base, salePriceCents: 349, saleEndsAt: '2026-12-01T00:00:00Z' }, now)).toBe(349);
    expect(singlePrice({ ...base, salePriceCents: 349, saleEndsAt: '2026-11-01T00:00:00Z' }, now)).toBe(499);
  });

  it('a school licence costs three singles unless the seller set its price', () => {
    expect(schoolPrice(base, now)).toBe(1497);
    expect(schoolPrice({ ...base, schoolPriceCents: 1200 }, now)).toBe(1200);
  });

  it('an upgrade costs the difference at the time of upgrade, never less than nothing', () => {
    expect(licencePrice(base, 'school-upgrade', now)).toBe(998);
    expect(licencePrice({ ...base, schoolPriceCents: 1200 }, 'school-upgrade', now)).toBe(701);
    expect(licencePrice({ ...base, schoolPriceCents: 400 }, 'school-upgrade', now)).toBe(0);
  });
});
