/**
 * Currency of a country (ISO 3166-1 alpha-2 → ISO 4217), for the countries Kreide's visitors
 * come from. Unknown countries fall back to the world's currency.
 */
const EURO = ['AT', 'BE', 'BG', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK'];

const OTHER: Record<string, string> = {
  AR: 'ARS', AU: 'AUD', BR: 'BRL', CA: 'CAD', CH: 'CHF', CL: 'CLP', CN: 'CNY', CO: 'COP', CZ: 'CZK',
  DK: 'DKK', GB: 'GBP', GT: 'GTQ', HU: 'HUF', ID: 'IDR', IN: 'INR', IS: 'ISK', JP: 'JPY', KR: 'KRW',
  KZ: 'KZT', LI: 'CHF', MX: 'MXN', MY: 'MYR', NO: 'NOK', NZ: 'NZD', PE: 'PEN', PL: 'PLN', RO: 'RON',
  RS: 'RSD', SE: 'SEK', TH: 'THB', TR: 'TRY', UA: 'UAH', US: 'USD', UY: 'UYU', ZA: 'ZAR', EC: 'USD',
  BO: 'BOB', PY: 'PYG', VE: 'VES', CR: 'CRC', DO: 'DOP', HN: 'HNL', NI: 'NIO', PA: 'PAB', SV: 'USD',
  BA: 'BAM', MK: 'MKD', AL: 'ALL', MD: 'MDL', BY: 'BYN', GE: 'GEL', AM: 'AMD', IL: 'ILS', AE: 'AED',
  SG: 'SGD', HK: 'HKD', TW: 'TWD', PH: 'PHP', VN: 'VND',
};

/** The currency of `countryCode`, or undefined when unknown. */
export function currencyOfCountry(countryCode: string): string | undefined {
  const code = countryCode.toUpperCase();
  return EURO.includes(code) ? 'EUR' : OTHER[code];
}
