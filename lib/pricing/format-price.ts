/**
 * Price display rules: two decimals; for ARS, COP, GTQ, CLP and MXN, values above 1
 * are rounded down to whole numbers. Amounts are integer minor units of the currency's ISO 4217
 * exponent (cents; whole yen and won), and every currency is shown with two decimals all the same.
 *
 * "With a comma" is read as the decimal comma of the languages that write one, which is what the
 * locale's own separator gives in 21 of the 27 worlds. The worlds whose language writes a decimal
 * point (cn, hi, jp, kr, my, th, as English does) keep the point: there a comma separates
 * thousands, and "1,50" reads as a misplaced thousands mark or as 150, not as one and a half.
 */

/** Currencies shown as whole numbers, rounded down, for values above 1. */
export const WHOLE_NUMBER_CURRENCIES = new Set(['ARS', 'COP', 'GTQ', 'CLP', 'MXN']);

import { toMajor } from '@/lib/money/money';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** Formats `minor` units of `currency` for `locale` (499, 'EUR', 'de-DE' → "4,99 €"; 500, 'JPY' → "￥500.00"). */
export function formatPrice(minor: number, currency: string, locale: string): string {
  const value = toMajor(minor, currency);
  if (WHOLE_NUMBER_CURRENCIES.has(currency) && value > 1) {
    return formatter(locale, currency, 0).format(Math.floor(value));
  }
  return formatter(locale, currency, 2).format(value);
}

/** Tracking price: whole cents, rounded down. */
export function trackingPriceCents(amount: number): number {
  // 0.29 * 100 is 28.999999999999996 in binary floating point: settle that noise before flooring.
  return Math.floor(Number((amount * 100).toFixed(6)));
}

/** The currency's symbol as the locale writes it (EUR → €, USD → $ in en-US, US$ elsewhere). */
export function currencySymbol(currency: string, locale: string): string {
  return (
    formatter(locale, currency, 0)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
