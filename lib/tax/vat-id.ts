import { checkVAT, countries } from 'jsvat';

export interface VatIdCheck {
  valid: boolean;
  /** ISO 3166-1 alpha-2 country of the id (GR for a Greek EL… id); '' when unknown. */
  country: string;
  /** Upper case, without spaces, dots or dashes. */
  normalised: string;
}

/**
 * Checks a VAT id. The offline checker tests format and check digits only; a live VIES lookup
 * (is the id registered now?) would be another implementation of the same interface.
 */
export interface VatIdChecker {
  check(vatId: string): Promise<VatIdCheck>;
}

export function normaliseVatId(vatId: string): string {
  return vatId.replace(/[\s.\-]/g, '').toUpperCase();
}

export const offlineVatIdChecker: VatIdChecker = {
  async check(vatId) {
    const normalised = normaliseVatId(vatId);
    const result = checkVAT(normalised, countries);
    return { valid: result.isValid, country: result.country?.isoCode.short ?? '', normalised };
  },
};
