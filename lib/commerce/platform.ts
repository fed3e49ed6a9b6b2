import { IMPRINT } from '@/lib/legal/imprint';

/**
 * The platform as the seller of record: for digital goods sold through a marketplace the platform
 * is the deemed supplier, invoices buyers in its own name and is the VAT-registered party.
 * Its name, address and VAT id are the imprint's (lib/legal/imprint.ts); the account invoice
 * purchases are paid to is configuration too (PLATFORM_IBAN, PLATFORM_BIC) with demo defaults.
 */
export const PLATFORM = {
  name: IMPRINT.name,
  street: IMPRINT.street,
  postalCode: IMPRINT.postalCode,
  city: IMPRINT.city,
  country: IMPRINT.country,
  vatId: IMPRINT.vatId,
  /** The account invoice purchases are paid to. */
  iban: process.env.PLATFORM_IBAN ?? 'DE89 3704 0044 0532 0130 00',
  bic: process.env.PLATFORM_BIC ?? 'COBADEFFXXX',
} as const;
