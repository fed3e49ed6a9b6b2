import { isEuCountry } from './eu';
import type { VatIdCheck } from './vat-id';

/**
 * How a sale of digital content by the platform (the deemed supplier) is taxed:
 * - eu-consumer: an EU buyer without a valid VAT id pays the VAT of their country (OSS);
 * - domestic-business: a business in the platform's own country pays the domestic rate;
 * - reverse-charge: a business with a valid VAT id of another member state pays no VAT, the
 *   invoice says the customer accounts for it;
 * - outside-eu: no EU VAT, stated on the invoice;
 * - no-rate-configured: an EU country the rate table does not know at that time: no VAT charged,
 *   and the invoice can say why instead of silently pretending.
 */
export const VAT_KINDS = [
  'eu-consumer',
  'domestic-business',
  'reverse-charge',
  'outside-eu',
  'no-rate-configured',
] as const;
export type VatKind = (typeof VAT_KINDS)[number];

export interface VatTreatment {
  kind: VatKind;
  rateBasisPoints: number;
  /** The country whose VAT applies (the buyer's). */
  country: string;
}

export function vatTreatment(input: {
  buyerCountry: string;
  vatId: VatIdCheck | null;
  platformCountry: string;
  /** The buyer country's standard rate at the time, null when none is configured. */
  rateBasisPoints: number | null;
}): VatTreatment {
  const country = input.buyerCountry.toUpperCase();
  if (!isEuCountry(country)) return { kind: 'outside-eu', rateBasisPoints: 0, country };
  if (input.rateBasisPoints === null) return { kind: 'no-rate-configured', rateBasisPoints: 0, country };
  // A VAT id counts only when it is valid and belongs to the country of the billing address: an
  // id of another state than where the buyer is would not show the business is established there.
  const business = input.vatId?.valid === true && input.vatId.country === country;
  if (business && country === input.platformCountry.toUpperCase())
    return { kind: 'domestic-business', rateBasisPoints: input.rateBasisPoints, country };
  if (business) return { kind: 'reverse-charge', rateBasisPoints: 0, country };
  return { kind: 'eu-consumer', rateBasisPoints: input.rateBasisPoints, country };
}
