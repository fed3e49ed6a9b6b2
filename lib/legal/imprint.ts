/**
 * The company behind Kreide as its imprint names it: the seller of record's name, address and
 * VAT id (which the invoices print as their issuer, lib/commerce/platform.ts) plus the register,
 * the people responsible and how to reach them. Configuration (PLATFORM_* and IMPRINT_*
 * variables) with the demo's values as defaults, so a fresh install shows a complete imprint and
 * an operator sets their own.
 */
export const IMPRINT = {
  name: process.env.PLATFORM_LEGAL_NAME ?? 'Kreide GmbH',
  street: process.env.PLATFORM_STREET ?? 'Tafelweg 1',
  postalCode: process.env.PLATFORM_POSTAL_CODE ?? '10115',
  city: process.env.PLATFORM_CITY ?? 'Berlin',
  country: 'DE',
  vatId: process.env.PLATFORM_VAT_ID ?? 'DE000000000',
  registerCourt: process.env.IMPRINT_REGISTER_COURT ?? 'Amtsgericht Charlottenburg',
  registerNumber: process.env.IMPRINT_REGISTER_NUMBER ?? 'HRB 000000 B',
  managingDirectors: process.env.IMPRINT_MANAGING_DIRECTORS ?? 'Erika Mustermann',
  /** The person responsible for content (§ 18 Abs. 2 MStV in Germany). */
  responsiblePerson: process.env.IMPRINT_RESPONSIBLE_PERSON ?? 'Erika Mustermann, Tafelweg 1, 10115 Berlin',
  email: process.env.IMPRINT_EMAIL ?? 'kontakt@kreide.de',
  phone: process.env.IMPRINT_PHONE ?? '+49 30 0000000',
} as const;

export type Imprint = typeof IMPRINT;
