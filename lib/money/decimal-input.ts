/**
 * Amounts typed by a person (an admin entering a received transfer or a voucher's value) to and
 * from integer minor units, exactly: the text is split into whole and fraction digits, never
 * read as a float. Pure, so the browser runs the same rules before it sends.
 */
import { currencyExponent } from './money';

/** At most nine whole digits: more than any amount Kreide accepts (MAX_AMOUNT_MINOR). */
const DECIMAL_TEXT = /^(\d{1,9})(?:[.,](\d+))?$/;

/**
 * `text` as a whole number of 1/10^decimals units ("12,5" with 2 decimals → 1250), or null when
 * it is not such a number. A decimal point or comma is accepted, as on bank statements; thousands
 * separators, signs and more fraction digits than `decimals` are refused rather than guessed
 * ("1,500" with 2 decimals is null: a thousands mark or a typo, never 1.50 or 1500).
 */
export function parseDecimalInput(text: string, decimals: number): number | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + (decimals ? Number(fraction.padEnd(decimals, '0')) : 0);
}

/** A typed amount in major units of `currency` as minor units ("12,50" EUR → 1250), or null. */
export function parseAmountInput(text: string, currency: string): number | null {
  return parseDecimalInput(text, currencyExponent(currency));
}

/** The decimal separator `locale` writes ("," in de-DE, "." in en-GB). */
export function decimalSeparator(locale: string): string {
  return (
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.'
  );
}

/**
 * `value` 1/10^decimals units as text an input can hold and `parseDecimalInput` reads back: the
 * locale's decimal separator, no thousands separators, Latin digits (1250, 2, 'de-DE' → "12,50").
 */
export function formatDecimalInput(value: number, decimals: number, locale: string): string {
  const unit = 10 ** decimals;
  const whole = Math.floor(value / unit);
  if (decimals === 0) return String(whole);
  const separator = decimalSeparator(locale) === ',' ? ',' : '.';
  return `${whole}${separator}${String(value % unit).padStart(decimals, '0')}`;
}

/** Minor units of `currency` as an input's text in `locale` (1250, 'EUR', 'de-DE' → "12,50"). */
export function formatAmountInput(minor: number, currency: string, locale: string): string {
  return formatDecimalInput(minor, currencyExponent(currency), locale);
}
