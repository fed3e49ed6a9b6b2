/**
 * The one table of the 27 worlds (storefronts) and the interface languages.
 * Everything that differs per world — formatting locale, language, currency, country,
 * legal links — is read from here; nothing else hard-codes a world.
 */

export const MAIN_WORLDS = ['de', 'es', 'fr', 'gr', 'it'] as const;
export const SUPPLEMENTARY_WORLDS = [
  'bg',
  'cn',
  'cz',
  'dk',
  'fi',
  'hi',
  'hr',
  'hu',
  'id',
  'jp',
  'kr',
  'kz',
  'my',
  'nl',
  'no',
  'pl',
  'ro',
  'rs',
  'se',
  'sk',
  'th',
  'ua',
] as const;
export const WORLD_CODES = [...MAIN_WORLDS, ...SUPPLEMENTARY_WORLDS] as const;

export type MainWorld = (typeof MAIN_WORLDS)[number];
export type WorldCode = (typeof WORLD_CODES)[number];

/** Interface languages: one per world plus English. */
export const LANGUAGES = [
  'de',
  'es',
  'fr',
  'el',
  'it',
  'bg',
  'zh',
  'cs',
  'da',
  'fi',
  'hi',
  'hr',
  'hu',
  'id',
  'ja',
  'ko',
  'kk',
  'ms',
  'nl',
  'nb',
  'pl',
  'ro',
  'sr',
  'sv',
  'sk',
  'th',
  'uk',
  'en',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_WORLD: WorldCode = 'de';

export interface World {
  code: WorldCode;
  main: boolean;
  /** Language of the interface texts (folder under `messages/`). */
  language: Language;
  /** BCP 47 locale for Intl formatting — `gr` is not a locale, `el-GR` is. */
  locale: string;
  /** ISO 4217 code of the world's default currency. */
  currency: string;
  /** ISO 3166-1 alpha-2 code of the world's country. */
  country: string;
  /** English name of the country (used by `v3/location/*`). */
  countryName: string;
  /** The world's own name for itself, shown in the world switcher. */
  nativeName: string;
}

type WorldRow = Omit<World, 'code' | 'main'>;

const ROWS: Record<WorldCode, WorldRow> = {
  de: {
    language: 'de',
    locale: 'de-DE',
    currency: 'EUR',
    country: 'DE',
    countryName: 'Germany',
    nativeName: 'Deutschland',
  },
  es: { language: 'es', locale: 'es-ES', currency: 'EUR', country: 'ES', countryName: 'Spain', nativeName: 'España' },
  fr: { language: 'fr', locale: 'fr-FR', currency: 'EUR', country: 'FR', countryName: 'France', nativeName: 'France' },
  gr: { language: 'el', locale: 'el-GR', currency: 'EUR', country: 'GR', countryName: 'Greece', nativeName: 'Ελλάδα' },
  it: { language: 'it', locale: 'it-IT', currency: 'EUR', country: 'IT', countryName: 'Italy', nativeName: 'Italia' },
  // Bulgaria has paid in euro since 1 January 2026.
  bg: {
    language: 'bg',
    locale: 'bg-BG',
    currency: 'EUR',
    country: 'BG',
    countryName: 'Bulgaria',
    nativeName: 'България',
  },
  cn: { language: 'zh', locale: 'zh-CN', currency: 'CNY', country: 'CN', countryName: 'China', nativeName: '中国' },
  cz: { language: 'cs', locale: 'cs-CZ', currency: 'CZK', country: 'CZ', countryName: 'Czechia', nativeName: 'Česko' },
  dk: {
    language: 'da',
    locale: 'da-DK',
    currency: 'DKK',
    country: 'DK',
    countryName: 'Denmark',
    nativeName: 'Danmark',
  },
  fi: { language: 'fi', locale: 'fi-FI', currency: 'EUR', country: 'FI', countryName: 'Finland', nativeName: 'Suomi' },
  hi: { language: 'hi', locale: 'hi-IN', currency: 'INR', country: 'IN', countryName: 'India', nativeName: 'भारत' },
  hr: {
    language: 'hr',
    locale: 'hr-HR',
    currency: 'EUR',
    country: 'HR',
    countryName: 'Croatia',
    nativeName: 'Hrvatska',
  },
  hu: {
    language: 'hu',
    locale: 'hu-HU',
    currency: 'HUF',
    country: 'HU',
    countryName: 'Hungary',
    nativeName: 'Magyarország',
  },
  id: {
    language: 'id',
    locale: 'id-ID',
    currency: 'IDR',
    country: 'ID',
    countryName: 'Indonesia',
    nativeName: 'Indonesia',
  },
  jp: { language: 'ja', locale: 'ja-JP', currency: 'JPY', country: 'JP', countryName: 'Japan', nativeName: '日本' },
  kr: {
    language: 'ko',
    locale: 'ko-KR',
    currency: 'KRW',
    country: 'KR',
    countryName: 'South Korea',
    nativeName: '대한민국',
  },
  kz: {
    language: 'kk',
    locale: 'kk-KZ',
    currency: 'KZT',
    country: 'KZ',
    countryName: 'Kazakhstan',
    nativeName: 'Қазақстан',
  },
  my: {
    language: 'ms',
    locale: 'ms-MY',
    currency: 'MYR',
    country: 'MY',
    countryName: 'Malaysia',
    nativeName: 'Malaysia',
  },
  nl: {
    language: 'nl',
    locale: 'nl-NL',
    currency: 'EUR',
    country: 'NL',
    countryName: 'Netherlands',
    nativeName: 'Nederland',
  },
  no: { language: 'nb', locale: 'nb-NO', currency: 'NOK', country: 'NO', countryName: 'Norway', nativeName: 'Norge' },
  pl: { language: 'pl', locale: 'pl-PL', currency: 'PLN', country: 'PL', countryName: 'Poland', nativeName: 'Polska' },
  ro: {
    language: 'ro',
    locale: 'ro-RO',
    currency: 'RON',
    country: 'RO',
    countryName: 'Romania',
    nativeName: 'România',
  },
  rs: { language: 'sr', locale: 'sr-RS', currency: 'RSD', country: 'RS', countryName: 'Serbia', nativeName: 'Србија' },
  se: { language: 'sv', locale: 'sv-SE', currency: 'SEK', country: 'SE', countryName: 'Sweden', nativeName: 'Sverige' },
  sk: {
    language: 'sk',
    locale: 'sk-SK',
    currency: 'EUR',
    country: 'SK',
    countryName: 'Slovakia',
    nativeName: 'Slovensko',
  },
  th: {
    language: 'th',
    locale: 'th-TH',
    currency: 'THB',
    country: 'TH',
    countryName: 'Thailand',
    nativeName: 'ประเทศไทย',
  },
  ua: {
    language: 'uk',
    locale: 'uk-UA',
    currency: 'UAH',
    country: 'UA',
    countryName: 'Ukraine',
    nativeName: 'Україна',
  },
};

const MAIN_SET = new Set<string>(MAIN_WORLDS);

export const WORLDS: readonly World[] = WORLD_CODES.map((code) => ({
  code,
  main: MAIN_SET.has(code),
  ...ROWS[code],
}));

const BY_CODE = new Map<string, World>(WORLDS.map((w) => [w.code, w]));

/** True when `value` is one of the 27 world codes. */
export function isWorldCode(value: unknown): value is WorldCode {
  return typeof value === 'string' && BY_CODE.has(value);
}

/** The world with this code; throws for an unknown code (callers validate first). */
export function getWorld(code: WorldCode): World {
  const world = BY_CODE.get(code);
  if (!world) throw new Error(`Unknown world ${code}`);
  return world;
}

/** The world for a possibly invalid code, falling back to the default world. */
export function getWorldOrDefault(code: string | null | undefined): World {
  return (code && BY_CODE.get(code)) || getWorld(DEFAULT_WORLD);
}

/** The world whose country is `countryCode` (ISO alpha-2), if Kreide has one. */
export function findWorldByCountry(countryCode: string): World | undefined {
  const upper = countryCode.toUpperCase();
  return WORLDS.find((w) => w.country === upper);
}
