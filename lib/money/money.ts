/**
 * Money as Kreide stores and computes it: an integer count of the currency's ISO 4217 minor unit
 * (cents for EUR, whole yen for JPY, whole won for KRW) plus the currency code. No floats ever
 * hold an amount that is stored, charged or shared out; rounding happens once, in the functions
 * here, with the remainder handed out so that parts always add up to the whole.
 */

/** ISO 4217 exponents that are not 2, for the currencies Kreide's worlds and exchange table use. */
const EXPONENTS: Readonly<Record<string, number>> = {
  JPY: 0,
  KRW: 0,
  ISK: 0,
  CLP: 0,
};

/** The ISO 4217 exponent of `currency`: how many decimal places its minor unit is. */
export function currencyExponent(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/** `minor` minor units as a decimal number of major units (display only, never for arithmetic). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** The largest amount Kreide accepts anywhere (fits the integer columns with room for sums). */
export const MAX_AMOUNT_MINOR = 100_000_000;

/** Whether `value` is an amount we can store: a whole, non-negative number within bounds. */
export function isAmount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_AMOUNT_MINOR;
}

/**
 * Splits `total` into parts proportional to `weights`, in whole minor units, so that the parts
 * sum to exactly `total` (largest remainder: the leftover units go to the parts whose exact
 * share was cut most, earlier parts first on a tie). With all-zero weights the whole total goes
 * to the first part.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`allocate: ${total} is not a whole amount`);
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('allocate: no parts to share a non-zero total');
    return [];
  }
  for (const weight of weights)
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`allocate: bad weight ${weight}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const sign = total < 0 ? -1 : 1;
  const absolute = Math.abs(total);
  // BigInt: total × weight may pass 2^53 for large carts of large amounts.
  const exact = weights.map((weight) => (BigInt(absolute) * BigInt(weight)) as bigint);
  const parts = exact.map((product) => Number(product / BigInt(sum)));
  const remainders = exact.map((product, index) => ({ index, rest: Number(product % BigInt(sum)) }));
  let left = absolute - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((part) => part * sign);
}

/**
 * `amount × numerator / denominator`, rounded half up, in whole minor units (percentages and
 * rates as integers: 19 % is 1900 basis points of 10 000).
 */
export function applyRatio(amount: number, numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator))
    throw new RangeError('applyRatio: whole numbers only');
  if (denominator <= 0) throw new RangeError('applyRatio: the denominator must be positive');
  const product = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < BigInt(0);
  const absolute = negative ? -product : product;
  const rounded = (absolute * BigInt(2) + d) / (d * BigInt(2));
  return Number(negative ? -rounded : rounded);
}

/** Basis points in a whole: rates and shares are stored as integers of 1/10 000 (19 % = 1900). */
export const BASIS_POINTS = 10_000;

/**
 * The VAT contained in a gross amount at `rateBasisPoints` (19 % → 1900): gross minus the net
 * rounded half up, so net + VAT is the gross to the minor unit.
 */
export function vatIncluded(gross: number, rateBasisPoints: number): number {
  if (rateBasisPoints === 0) return 0;
  return gross - applyRatio(gross, BASIS_POINTS, BASIS_POINTS + rateBasisPoints);
}
