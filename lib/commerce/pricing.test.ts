import { allocate, applyRatio, vatIncluded } from '@/lib/money/money';
import { priceCart, type CartLineInput, type PricingInput } from './pricing';

const line = (materialId: number, unitGross: number, extra: Partial<CartLineInput> = {}): CartLineInput => ({
  materialId,
  sellerId: 1,
  kind: 'material',
  licence: 'single',
  unitGross,
  hasFixedPrice: false,
  bundleMaterialIds: [],
  ...extra,
});

const input = (overrides: Partial<PricingInput> = {}): PricingInput => ({
  currency: 'EUR',
  lines: [line(1, 499), line(2, 250), line(3, 900)],
  voucher: null,
  credits: { availableMinor: 0, requestedMinor: 0 },
  vat: { rateBasisPoints: 1900 },
  sellerShareBasisPoints: () => 5000,
  ...overrides,
});

const percent = (basisPoints: number, minimumOrderMinor = 0) => ({
  code: 'TEN',
  kind: 'percent' as const,
  percentBasisPoints: basisPoints,
  minimumOrderMinor,
});

describe('cart pricing', () => {
  it('adds the lines and works out the VAT contained in each', () => {
    const cart = priceCart(input());
    expect(cart.originalPrice).toBe(1649);
    expect(cart.finalPrice).toBe(1649);
    expect(cart.lines.map((l) => l.vat)).toEqual([
      vatIncluded(499, 1900),
      vatIncluded(250, 1900),
      vatIncluded(900, 1900),
    ]);
    expect(cart.lines[0]!.vat).toBe(80);
    expect(cart.vatTotal + cart.netTotal).toBe(1649);
  });

  it('takes a percentage voucher off the eligible lines, shared out to the cent', () => {
    const cart = priceCart(input({ voucher: percent(1000) }));
    expect(cart.totalVoucherDiscount).toBe(165);
    expect(cart.lines.map((l) => l.voucherDiscount)).toEqual(allocate(165, [499, 250, 900]));
    expect(cart.finalPrice).toBe(1484);
    expect(cart.voucher).toEqual({ code: 'TEN', error: null });
  });

  it('gives fixed-price materials no voucher discount', () => {
    const cart = priceCart(
      input({ lines: [line(1, 1000), line(2, 1000, { hasFixedPrice: true })], voucher: percent(5000) }),
    );
    expect(cart.lines.map((l) => l.voucherDiscount)).toEqual([500, 0]);
    const onlyFixed = priceCart(input({ lines: [line(2, 1000, { hasFixedPrice: true })], voucher: percent(5000) }));
    expect(onlyFixed.voucher?.error).toBe('not-applicable');
    expect(onlyFixed.totalVoucherDiscount).toBe(0);
  });

  it('refuses a voucher below its minimum order or in another currency, and keeps it shown', () => {
    expect(priceCart(input({ voucher: percent(1000, 5000) })).voucher).toEqual({ code: 'TEN', error: 'minimum-order' });
    const foreign = priceCart(
      input({ voucher: { code: 'USD5', kind: 'amount', amountMinor: 500, currency: 'USD', minimumOrderMinor: 0 } }),
    );
    expect(foreign.voucher?.error).toBe('other-currency');
    expect(foreign.finalPrice).toBe(1649);
  });

  it('takes an amount voucher off, but never more than the eligible lines cost', () => {
    const big = priceCart(
      input({ voucher: { code: 'BIG', kind: 'amount', amountMinor: 5000, currency: 'EUR', minimumOrderMinor: 0 } }),
    );
    expect(big.totalVoucherDiscount).toBe(1649);
    expect(big.finalPrice).toBe(0);
    expect(big.vatTotal).toBe(0);
  });

  it('does not charge a material again that is inside a bundle of the cart', () => {
    const cart = priceCart(
      input({
        lines: [line(7, 300), line(9, 1200, { kind: 'bundle', bundleMaterialIds: [7, 8] }), line(8, 400)],
      }),
    );
    expect(cart.itemsInBundles).toEqual([7, 8]);
    expect(cart.lines.map((l) => l.chargedGross)).toEqual([0, 1200, 0]);
    expect(cart.originalPrice).toBe(1200);
    expect(cart.lines[0]!.sellerShare).toBe(0);
  });

  it('a school-licence line is not covered by a single-licence bundle', () => {
    const cart = priceCart(
      input({
        lines: [line(7, 900, { licence: 'school' }), line(9, 1200, { kind: 'bundle', bundleMaterialIds: [7] })],
      }),
    );
    expect(cart.itemsInBundles).toEqual([]);
    expect(cart.originalPrice).toBe(2100);
  });

  it('spends credit up to what is asked, held and left to pay; credit does not lower the VAT', () => {
    const all = priceCart(input({ credits: { availableMinor: 500, requestedMinor: 'all' } }));
    expect(all.usedCredits).toBe(500);
    expect(all.finalPrice).toBe(1149);
    expect(all.vatTotal).toBe(priceCart(input()).vatTotal);
    expect(all.lines.map((l) => l.creditUsed)).toEqual(allocate(500, [499, 250, 900]));
    expect(priceCart(input({ credits: { availableMinor: 500, requestedMinor: 100 } })).usedCredits).toBe(100);
    expect(priceCart(input({ credits: { availableMinor: 99_999, requestedMinor: 'all' } })).finalPrice).toBe(0);
  });

  it('charges no VAT under reverse charge, and the Greek rate in Greece', () => {
    expect(priceCart(input({ vat: { rateBasisPoints: 0 } })).vatTotal).toBe(0);
    const greek = priceCart(input({ vat: { rateBasisPoints: 2400 } }));
    expect(greek.lines[0]!.vat).toBe(vatIncluded(499, 2400));
    expect(greek.lines[0]!.vat).toBe(97);
  });

  it('gives the seller their tier of the net price as if no voucher applied', () => {
    for (const tier of [5000, 6000, 7000]) {
      const plain = priceCart(input({ sellerShareBasisPoints: () => tier }));
      const discounted = priceCart(input({ sellerShareBasisPoints: () => tier, voucher: percent(3000) }));
      expect(plain.lines.map((l) => l.sellerShare)).toEqual(discounted.lines.map((l) => l.sellerShare));
      expect(plain.lines[0]!.sellerShare).toBe(applyRatio(499 - 80, tier, 10_000));
      for (const l of discounted.lines) expect(l.platformShare).toBe(l.net - l.sellerShare);
    }
  });

  it('works the same in a currency without minor units', () => {
    const cart = priceCart(input({ currency: 'JPY', lines: [line(1, 500), line(2, 1200)], voucher: percent(1000) }));
    expect(cart.totalVoucherDiscount).toBe(170);
    expect(cart.finalPrice).toBe(1530);
  });

  it('refuses amounts and rates that cannot be stored', () => {
    expect(() => priceCart(input({ lines: [line(1, -1)] }))).toThrow(RangeError);
    expect(() => priceCart(input({ lines: [line(1, 1.5)] }))).toThrow(RangeError);
    expect(() => priceCart(input({ vat: { rateBasisPoints: 20_000 } }))).toThrow(RangeError);
    expect(() => priceCart(input({ sellerShareBasisPoints: () => 12_000 }))).toThrow(RangeError);
  });

  it('keeps every sum exact over many random carts', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 400; run++) {
      const lines = Array.from({ length: 1 + random(6) }, (_, i) =>
        line(i + 1, random(5000), { hasFixedPrice: random(4) === 0, sellerId: random(3) }),
      );
      const cart = priceCart(
        input({
          lines,
          voucher: random(2) ? percent(random(10_001)) : null,
          credits: { availableMinor: random(4000), requestedMinor: random(2) ? 'all' : random(4000) },
          vat: { rateBasisPoints: [0, 1900, 2400, 2550][random(4)]! },
          sellerShareBasisPoints: (seller) => [5000, 6000, 7000][seller]!,
        }),
      );
      const sum = (pick: (l: (typeof cart.lines)[number]) => number) => cart.lines.reduce((a, l) => a + pick(l), 0);
      expect(sum((l) => l.chargedGross)).toBe(cart.originalPrice);
      expect(sum((l) => l.voucherDiscount)).toBe(cart.totalVoucherDiscount);
      expect(sum((l) => l.creditUsed)).toBe(cart.usedCredits);
      expect(sum((l) => l.payableGross)).toBe(cart.finalPrice);
      expect(cart.finalPrice).toBeGreaterThanOrEqual(0);
      for (const l of cart.lines) {
        expect(l.vat + l.net).toBe(l.chargedGross - l.voucherDiscount);
        expect(l.payableGross).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
