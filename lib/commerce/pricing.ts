/**
 * The cart's prices, worked out in one pure function in integer minor units. Every amount a buyer
 * sees is gross (VAT included): the price a material shows is what the buyer pays. The order of
 * the rules is the order of the code: lines inside a bundle in the same cart cost nothing; the
 * voucher comes off the lines it applies to; credit pays part of what is left; the VAT contained
 * in each line after the voucher is worked out; the seller's share is taken from the net price
 * as if no voucher applied (vouchers are the platform's), at the seller's tier.
 */
import { allocate, applyRatio, BASIS_POINTS, isAmount, vatIncluded } from '@/lib/money/money';

export const VOUCHER_ERRORS = [
  'unknown',
  'other-world',
  'not-yet-valid',
  'expired',
  'used-up',
  'already-used',
  'minimum-order',
  'other-currency',
  'not-applicable',
] as const;
export type VoucherError = (typeof VOUCHER_ERRORS)[number];

export interface CartLineInput {
  materialId: number;
  sellerId: number;
  kind: 'material' | 'bundle';
  licence: 'single' | 'school';
  /** The gross price of this line as the caller chose it (sale, school licence, upgrade difference). */
  unitGross: number;
  /** Fixed-price materials take no voucher discount. */
  hasFixedPrice: boolean;
  /** For a bundle: the materials inside it. */
  bundleMaterialIds: number[];
}

export type VoucherInput =
  | { code: string; kind: 'percent'; percentBasisPoints: number; minimumOrderMinor: number }
  | { code: string; kind: 'amount'; amountMinor: number; currency: string; minimumOrderMinor: number };

export interface PricingInput {
  currency: string;
  lines: CartLineInput[];
  voucher: VoucherInput | null;
  credits: { availableMinor: number; requestedMinor: number | 'all' };
  vat: { rateBasisPoints: number };
  sellerShareBasisPoints: (sellerId: number) => number;
}

export interface PricedLine {
  materialId: number;
  sellerId: number;
  kind: 'material' | 'bundle';
  licence: 'single' | 'school';
  unitGross: number;
  /** What the line costs before voucher and credit: 0 when it is inside a bundle in the cart. */
  chargedGross: number;
  inBundle: boolean;
  voucherDiscount: number;
  creditUsed: number;
  /** What the buyer still pays for the line: charged − voucher − credit. */
  payableGross: number;
  /** VAT contained in the line after the voucher (credit is a means of payment, not a discount). */
  vat: number;
  net: number;
  sellerShareBasisPoints: number;
  sellerShare: number;
  /** Net after voucher minus the seller's share: negative when a voucher costs the platform more. */
  platformShare: number;
}

export interface PricedCart {
  currency: string;
  lines: PricedLine[];
  itemsInBundles: number[];
  originalPrice: number;
  totalVoucherDiscount: number;
  usedCredits: number;
  finalPrice: number;
  vatTotal: number;
  netTotal: number;
  voucher: { code: string; error: VoucherError | null } | null;
}

function assertAmount(value: number, what: string): void {
  if (!isAmount(value)) throw new RangeError(`pricing: ${what} ${value} is not a storable amount`);
}

function assertBasisPoints(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > BASIS_POINTS)
    throw new RangeError(`pricing: ${what} ${value} is not 0..${BASIS_POINTS} basis points`);
}

export function priceCart(input: PricingInput): PricedCart {
  assertBasisPoints(input.vat.rateBasisPoints, 'VAT rate');
  assertAmount(input.credits.availableMinor, 'available credit');
  if (input.credits.requestedMinor !== 'all') assertAmount(input.credits.requestedMinor, 'requested credit');
  for (const line of input.lines) assertAmount(line.unitGross, `price of ${line.materialId}`);

  // 1. A material inside a bundle of the same licence in this cart is not charged again.
  const bundled = new Set<string>();
  for (const line of input.lines)
    if (line.kind === 'bundle')
      for (const id of line.bundleMaterialIds) if (id !== line.materialId) bundled.add(`${line.licence}:${id}`);
  const inBundle = input.lines.map(
    (line) => line.kind === 'material' && bundled.has(`${line.licence}:${line.materialId}`),
  );
  const charged = input.lines.map((line, index) => (inBundle[index] ? 0 : line.unitGross));
  const originalPrice = charged.reduce((a, b) => a + b, 0);

  // 2. The voucher, on the lines it applies to, shared out in proportion to their price.
  let voucherError: VoucherError | null = null;
  let discounts = input.lines.map(() => 0);
  if (input.voucher) {
    const eligible = charged.map((gross, index) => (input.lines[index]!.hasFixedPrice ? 0 : gross));
    const eligibleTotal = eligible.reduce((a, b) => a + b, 0);
    const voucher = input.voucher;
    if (voucher.kind === 'amount' && voucher.currency !== input.currency) voucherError = 'other-currency';
    else if (originalPrice < voucher.minimumOrderMinor) voucherError = 'minimum-order';
    else if (eligibleTotal === 0) voucherError = 'not-applicable';
    else {
      let discount: number;
      if (voucher.kind === 'percent') {
        assertBasisPoints(voucher.percentBasisPoints, 'voucher percentage');
        discount = applyRatio(eligibleTotal, voucher.percentBasisPoints, BASIS_POINTS);
      } else {
        assertAmount(voucher.amountMinor, 'voucher amount');
        discount = voucher.amountMinor;
      }
      discounts = allocate(Math.min(discount, eligibleTotal), eligible);
    }
  }
  const afterVoucher = charged.map((gross, index) => gross - discounts[index]!);
  const totalAfterVoucher = afterVoucher.reduce((a, b) => a + b, 0);

  // 3. Credit: a means of payment, as much as asked for, held and left to pay.
  const requested = input.credits.requestedMinor === 'all' ? Infinity : input.credits.requestedMinor;
  const usedCredits = Math.max(0, Math.min(input.credits.availableMinor, requested, totalAfterVoucher));
  const credits = allocate(usedCredits, afterVoucher);

  // 4. VAT in each line after the voucher; 5. the seller's share as if no voucher applied.
  const rate = input.vat.rateBasisPoints;
  const lines: PricedLine[] = input.lines.map((line, index) => {
    const taxable = afterVoucher[index]!;
    const vat = vatIncluded(taxable, rate);
    const tier = input.sellerShareBasisPoints(line.sellerId);
    assertBasisPoints(tier, `share of seller ${line.sellerId}`);
    const chargedGross = charged[index]!;
    const sellerShare =
      chargedGross === 0 ? 0 : applyRatio(chargedGross - vatIncluded(chargedGross, rate), tier, BASIS_POINTS);
    return {
      materialId: line.materialId,
      sellerId: line.sellerId,
      kind: line.kind,
      licence: line.licence,
      unitGross: line.unitGross,
      chargedGross,
      inBundle: inBundle[index]!,
      voucherDiscount: discounts[index]!,
      creditUsed: credits[index]!,
      payableGross: taxable - credits[index]!,
      vat,
      net: taxable - vat,
      sellerShareBasisPoints: tier,
      sellerShare,
      platformShare: taxable - vat - sellerShare,
    };
  });
  const totalVoucherDiscount = discounts.reduce((a, b) => a + b, 0);
  return {
    currency: input.currency,
    lines,
    itemsInBundles: input.lines.filter((_, index) => inBundle[index]).map((line) => line.materialId),
    originalPrice,
    totalVoucherDiscount,
    usedCredits,
    finalPrice: Math.max(0, originalPrice - totalVoucherDiscount - usedCredits),
    vatTotal: lines.reduce((a, line) => a + line.vat, 0),
    netTotal: lines.reduce((a, line) => a + line.net, 0),
    voucher: input.voucher ? { code: input.voucher.code, error: voucherError } : null,
  };
}
