/**
 * The platform as the seller of record: for digital goods sold through a marketplace the platform
 * is the deemed supplier, invoices buyers in its own name and is the VAT-registered party.
 * The issuer details are configuration (PLATFORM_* variables) with demo defaults.
 */
export const PLATFORM = {
  name: process.env.PLATFORM_LEGAL_NAME ?? 'Kreide GmbH',
  street: process.env.PLATFORM_STREET ?? 'Tafelweg 1',
  postalCode: process.env.PLATFORM_POSTAL_CODE ?? '10115',
  city: process.env.PLATFORM_CITY ?? 'Berlin',
  country: 'DE',
  vatId: process.env.PLATFORM_VAT_ID ?? 'DE000000000',
  /** The account invoice purchases are paid to. */
  iban: process.env.PLATFORM_IBAN ?? 'DE89 3704 0044 0532 0130 00',
  bic: process.env.PLATFORM_BIC ?? 'COBADEFFXXX',
} as const;
