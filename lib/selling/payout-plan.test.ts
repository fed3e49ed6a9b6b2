import {
  lineDue,
  minimumPayoutMinor,
  MINIMUM_PAYOUT_EUR_MINOR,
  periodBounds,
  planPayouts,
  previousPeriod,
  type PayoutItem,
  type PayoutRules,
} from './payout-plan';

const JAN_END = new Date('2026-02-01T00:00:00Z');

let nextId = 1;
function item(overrides: Partial<PayoutItem> = {}): PayoutItem {
  return {
    orderItemId: nextId++,
    sellerId: 1,
    currency: 'EUR',
    shareMinor: 600,
    paidAt: new Date('2026-01-15T10:00:00Z'),
    refundedAt: null,
    paidOutMinor: null,
    refundSettled: false,
    ...overrides,
  };
}

const rules = (overrides: Partial<PayoutRules> = {}): PayoutRules => ({
  periodEnd: JAN_END,
  canPay: (currency) => currency === 'EUR',
  hasBankDetails: () => true,
  minimumMinor: () => 1000,
  ...overrides,
});

describe('periods', () => {
  it('reads a month as its UTC bounds and finds the month before', () => {
    expect(periodBounds('2026-01')).toEqual({
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-02-01T00:00:00Z'),
    });
    expect(periodBounds('2025-12')!.end).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(periodBounds('2026-13')).toBeNull();
    expect(periodBounds('2026-1')).toBeNull();
    expect(previousPeriod(new Date('2026-03-01T00:00:00Z'))).toBe('2026-02');
    expect(previousPeriod(new Date('2026-01-31T23:59:59Z'))).toBe('2025-12');
  });

  it('has a minimum of 10 euros, converted for other currencies', () => {
    expect(MINIMUM_PAYOUT_EUR_MINOR).toBe(1000);
    expect(minimumPayoutMinor('EUR')).toBe(1000);
    expect(minimumPayoutMinor('JPY')).toBeGreaterThan(1000); // whole yen
    expect(minimumPayoutMinor('XXX')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('what an item adds to a run', () => {
  it('pays a sale of the period, or of an earlier one, with the share recorded at the sale', () => {
    expect(lineDue(item({ shareMinor: 777 }), JAN_END)).toMatchObject({ due: 'sale', amountMinor: 777 });
    expect(lineDue(item({ paidAt: new Date('2025-11-03T00:00:00Z') }), JAN_END)).toMatchObject({ due: 'sale' });
  });

  it('leaves a sale paid after the period to the next run', () => {
    expect(lineDue(item({ paidAt: JAN_END }), JAN_END)).toBeNull();
  });

  it('never pays a sale refunded before it was paid out, whenever the refund was', () => {
    expect(lineDue(item({ refundedAt: new Date('2026-01-20T00:00:00Z') }), JAN_END)).toBeNull();
    expect(lineDue(item({ refundedAt: new Date('2026-02-03T00:00:00Z') }), JAN_END)).toBeNull();
  });

  it('takes back what was paid for a sale refunded later, in the run of the refund’s month, once', () => {
    const paidOut = { paidOutMinor: 555, refundedAt: new Date('2026-01-20T00:00:00Z') };
    expect(lineDue(item(paidOut), JAN_END)).toMatchObject({ due: 'refund', amountMinor: -555 });
    expect(lineDue(item({ ...paidOut, refundedAt: new Date('2026-02-02T00:00:00Z') }), JAN_END)).toBeNull();
    expect(lineDue(item({ ...paidOut, refundSettled: true }), JAN_END)).toBeNull();
    expect(lineDue(item({ paidOutMinor: 555 }), JAN_END)).toBeNull();
  });
});

describe('planPayouts', () => {
  it('adds up a seller’s shares per currency and pays what reaches the minimum', () => {
    const planned = planPayouts(
      [
        item({ shareMinor: 600 }),
        item({ shareMinor: 450 }),
        item({ sellerId: 2, shareMinor: 2000 }),
        item({ currency: 'CHF', shareMinor: 5000 }),
      ],
      rules(),
    );
    expect(
      planned.map(({ sellerId, currency, amountMinor, status }) => ({ sellerId, currency, amountMinor, status })),
    ).toEqual([
      { sellerId: 1, currency: 'CHF', amountMinor: 5000, status: 'held_unsupported_currency' },
      { sellerId: 1, currency: 'EUR', amountMinor: 1050, status: 'paid' },
      { sellerId: 2, currency: 'EUR', amountMinor: 2000, status: 'paid' },
    ]);
    expect(planned[1]!.lines.every((line) => line.kind === 'sale')).toBe(true);
    expect(planned[0]!.lines.every((line) => line.kind === 'carry')).toBe(true);
  });

  it('carries a balance below the minimum over as carry lines, and the next run pays it exactly', () => {
    const january = [item({ shareMinor: 400 }), item({ shareMinor: 350 })];
    const [carried] = planPayouts(january, rules());
    expect(carried).toMatchObject({ amountMinor: 750, status: 'carried_over' });
    expect(carried!.lines.map((line) => line.kind)).toEqual(['carry', 'carry']);
    // Carry lines settle nothing: in February the same items are due again, with the new sale.
    const february = [...january, item({ shareMinor: 300, paidAt: new Date('2026-02-10T00:00:00Z') })];
    const [paid] = planPayouts(february, rules({ periodEnd: new Date('2026-03-01T00:00:00Z') }));
    expect(paid).toMatchObject({ amountMinor: 1050, status: 'paid' });
    expect(paid!.lines.map((line) => [line.kind, line.amountMinor])).toEqual([
      ['sale', 400],
      ['sale', 350],
      ['sale', 300],
    ]);
  });

  it('carries a negative balance (refunds above new sales) and nets it against later sales', () => {
    const refunded = item({ paidOutMinor: 1500, refundedAt: new Date('2026-01-05T00:00:00Z') });
    const sale = item({ shareMinor: 500 });
    const [carried] = planPayouts([refunded, sale], rules());
    expect(carried).toMatchObject({ amountMinor: -1000, status: 'carried_over' });
    const later = item({ shareMinor: 2500, paidAt: new Date('2026-02-03T00:00:00Z') });
    const [paid] = planPayouts([refunded, sale, later], rules({ periodEnd: new Date('2026-03-01T00:00:00Z') }));
    expect(paid).toMatchObject({ amountMinor: 1500, status: 'paid' });
    expect(paid!.lines.find((line) => line.orderItemId === refunded.orderItemId)).toMatchObject({
      kind: 'refund',
      amountMinor: -1500,
    });
  });

  it('holds a seller without bank details, even above the minimum, and settles nothing', () => {
    const [held] = planPayouts([item({ shareMinor: 5000 })], rules({ hasBankDetails: () => false }));
    expect(held).toMatchObject({ status: 'held_no_bank_details', amountMinor: 5000 });
    expect(held!.lines[0]!.kind).toBe('carry');
  });

  it('carries a balance of exactly zero', () => {
    const [zero] = planPayouts(
      [item({ paidOutMinor: 700, refundedAt: new Date('2026-01-02T00:00:00Z') }), item({ shareMinor: 700 })],
      rules({ minimumMinor: () => 0 }),
    );
    expect(zero).toMatchObject({ amountMinor: 0, status: 'carried_over' });
  });

  it('plans nothing for nothing due', () => {
    expect(planPayouts([item({ refundedAt: new Date('2026-01-02T00:00:00Z') })], rules())).toEqual([]);
  });
});
