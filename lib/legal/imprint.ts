import { PLATFORM } from '@/lib/commerce/platform';

/**
 * The company behind Kreide as its imprint names it: the seller of record's name, address and
 * VAT id (the invoices' issuer, `PLATFORM`) plus the register, the people responsible and how to
 * reach them. Configuration (IMPRINT_* variables) with the demo's values as defaults, so a
 * fresh install shows a complete imprint and an operator sets their own.
 */
export const IMPRINT = {
  name: PLATFORM.name,
  street: PLATFORM.street,
  postalCode: PLATFORM.postalCode,
  city: PLATFORM.city,
  country: PLATFORM.country,
  vatId: PLATFORM.vatId,
  registerCourt: process.env.IMPRINT_REGISTER_COURT ?? 'Amtsgericht Charlottenburg',
  registerNumber: process.env.IMPRINT_REGISTER_NUMBER ?? 'HRB 000000 B',
  managingDirectors: process.env.IMPRINT_MANAGING_DIRECTORS ?? 'Erika Mustermann',
  /** The person responsible for content (§ 18 Abs. 2 MStV in Germany). */
  responsiblePerson: process.env.IMPRINT_RESPONSIBLE_PERSON ?? 'Erika Mustermann, Tafelweg 1, 10115 Berlin',
  email: process.env.IMPRINT_EMAIL ?? 'kontakt@kreide.de',
  phone: process.env.IMPRINT_PHONE ?? '+49 30 0000000',
} as const;

export type Imprint = typeof IMPRINT;
