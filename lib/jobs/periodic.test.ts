import { nextPeriodStart, periodJobId } from './periodic';

describe('periodic jobs', () => {
  it('names one run per job and period the same in every process, as a UUID pg-boss accepts', () => {
    const id = periodJobId('abandoned-cart-sweep', 1_800_000);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(periodJobId('abandoned-cart-sweep', 1_800_000)).toBe(id);
    expect(periodJobId('abandoned-cart-sweep', 2_700_000)).not.toBe(id);
    expect(periodJobId('another-sweep', 1_800_000)).not.toBe(id);
  });

  it('starts periods on boundaries of the wall clock, the next one after now', () => {
    const quarter = 15 * 60;
    expect(nextPeriodStart(quarter, Date.UTC(2026, 0, 1, 10, 7, 30))).toBe(Date.UTC(2026, 0, 1, 10, 15));
    expect(nextPeriodStart(quarter, Date.UTC(2026, 0, 1, 10, 15))).toBe(Date.UTC(2026, 0, 1, 10, 30));
  });
});
