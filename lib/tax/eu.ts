/** The 27 member states of the EU (ISO 3166-1 alpha-2; Greece is GR, though its VAT ids begin EL). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

const members = new Set<string>(EU_COUNTRIES);

export function isEuCountry(country: string): boolean {
  return members.has(country.toUpperCase());
}
