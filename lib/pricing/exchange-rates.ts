/**
 * Reference exchange rates (units of a currency per euro), used only to show visitors an
 * approximate price in their own currency; every charge is made in the material's currency.
 * Taken from the ECB reference rates of the date below and refreshed with releases.
 */
import { currencyExponent } from '@/lib/money/money';

export const RATES_AS_OF = '2026-11-20';

export const EUR_RATES: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1.08,
  GBP: 0.85,
  CHF: 0.94,
  PLN: 4.3,
  CZK: 25.2,
  HUF: 398,
  RON: 4.98,
  SEK: 11.4,
  NOK: 11.7,
  DKK: 7.46,
  ISK: 149,
  TRY: 37.6,
  UAH: 44.8,
  RSD: 117.1,
  BGN: 1.956,
  CNY: 7.8,
  JPY: 163,
  KRW: 1480,
  INR: 90.2,
  IDR: 17200,
  MYR: 4.9,
  THB: 37.5,
  KZT: 540,
  AUD: 1.65,
  CAD: 1.5,
  NZD: 1.8,
  BRL: 6.2,
  MXN: 19.9,
  ARS: 1150,
  CLP: 1020,
  COP: 4400,
  GTQ: 8.35,
  PEN: 4.05,
  ZAR: 19.6,
  SGD: 1.44,
  HKD: 8.4,
};

/**
 * Converts minor units between currencies through the euro (each side in its own ISO exponent:
 * 499 euro cents are about ¥813); null when a rate is unknown.
 */
export function convertCents(cents: number, from: string, to: string): number | null {
  if (from === to) return cents;
  const fromRate = EUR_RATES[from];
  const toRate = EUR_RATES[to];
  if (!fromRate || !toRate) return null;
  return Math.round(((cents / fromRate) * toRate * 10 ** currencyExponent(to)) / 10 ** currencyExponent(from));
}
