/**
 * The input rules of the settings cabinet, as zod schemas. Pure (no database, no Node APIs):
 * the API validates with them, and the browser runs the same schemas before sending, so a user
 * sees the same verdict in their language before and after a round trip.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { idSchema, issueKind, type FieldErrorKind } from '@/lib/input/schemas';
import { isCountryCode } from './countries';

// Control characters have no place in names and addresses and break invoices and mails.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A trimmed single-line text of `min`…`max` characters. */
function line(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, min === 1 ? 'Required' : `At least ${min} characters`)
    .max(max, `At most ${max} characters`)
    .refine((value) => !CONTROL.test(value), { message: 'Contains control characters', params: { key: 'invalid' } });
}

/** An optional text: empty or missing becomes null. */
function optionalLine(max: number) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((value) => !CONTROL.test(value), { message: 'Contains control characters', params: { key: 'invalid' } })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A country code, case-insensitive on input, upper case after parsing. */
export const countryCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value): boolean => isCountryCode(value), {
    message: 'Unknown country code (ISO 3166-1 alpha-2)',
    params: { key: 'invalid' },
  });

/**
 * Postal-code shapes of the worlds' countries and their neighbours. Other countries get a
 * generic shape, and countries without postal codes accept an empty field.
 */
const POSTAL_CODES: Record<string, RegExp> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  BG: /^\d{4}$/,
  CH: /^\d{4}$/,
  CN: /^\d{6}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  ES: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  GR: /^\d{3} ?\d{2}$/,
  HR: /^\d{5}$/,
  HU: /^\d{4}$/,
  ID: /^\d{5}$/,
  IN: /^\d{3} ?\d{3}$/,
  IT: /^\d{5}$/,
  JP: /^\d{3}-?\d{4}$/,
  KR: /^\d{5}$/,
  LI: /^\d{4}$/,
  LU: /^(L-)?\d{4}$/,
  MY: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  NO: /^\d{4}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  RO: /^\d{6}$/,
  RS: /^\d{5}$/,
  SE: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/,
  TH: /^\d{5}$/,
  UA: /^\d{5}$/,
  US: /^\d{5}(-\d{4})?$/,
};
const GENERIC_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;
const WITHOUT_POSTAL_CODES = new Set([
  'AE',
  'AG',
  'AO',
  'AW',
  'BS',
  'BZ',
  'CW',
  'FJ',
  'GD',
  'GH',
  'HK',
  'IE',
  'JM',
  'KN',
  'LC',
  'MO',
  'QA',
  'SR',
  'TT',
  'UG',
  'VU',
  'YE',
  'ZW',
]);

/** Whether `postalCode` (already upper-cased and trimmed) fits the country; '' where none is used. */
export function isValidPostalCode(countryCode: string, postalCode: string): boolean {
  if (postalCode === '') return WITHOUT_POSTAL_CODES.has(countryCode);
  return (POSTAL_CODES[countryCode] ?? GENERIC_POSTAL_CODE).test(postalCode);
}

/** A VAT id as written without spaces, dots and dashes, upper case. */
export function normalizeVatId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}
/** EU VAT ids and their likes: a country prefix (EL for Greece), then 2–14 letters or digits, some digits among them. */
function isVatId(value: string): boolean {
  return /^[A-Z]{2}[A-Z0-9+*]{2,14}$/.test(value) && /\d{2}/.test(value);
}

/** The billing address (`POST v3/addresses/billing`). */
export const billingAddressSchema = z
  .object({
    full_name: line(1, 120),
    company: optionalLine(120),
    street: line(1, 200),
    postal_code: z
      .string()
      .trim()
      .max(12, 'At most 12 characters')
      .transform((value) => value.replace(/\s+/g, ' ').toUpperCase()),
    city: line(1, 100),
    country_code: countryCodeSchema,
    vat_id: z
      .string()
      .max(30, 'At most 30 characters')
      .nullish()
      .transform((value) => (value ? normalizeVatId(value) : null))
      .refine((value) => value === null || isVatId(value), {
        message: 'Not a VAT identification number',
        params: { key: 'invalid' },
      }),
  })
  .strict()
  .superRefine((address, ctx) => {
    if (!isValidPostalCode(address.country_code, address.postal_code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postal_code'],
        message: address.postal_code === '' ? 'Required' : `Not a postal code of ${address.country_code}`,
        params: { key: address.postal_code === '' ? 'required' : 'invalid' },
      });
    }
  });

export type BillingAddressInput = z.input<typeof billingAddressSchema>;
export type BillingAddress = z.output<typeof billingAddressSchema>;

/** An IBAN in its electronic form (no spaces, upper case), or null when the input is none. */
export function normalizeIban(value: string): string | null {
  return electronicFormatIBAN(value.replace(/[^0-9A-Za-z]/g, '')) ?? null;
}

/** The bank details for payouts (`POST v3/bank-details`): IBAN checksum and BIC shape checked. */
export const bankDetailsSchema = z
  .object({
    account_holder: line(2, 120),
    iban: z
      .string()
      .max(50, 'At most 50 characters')
      .transform((value) => normalizeIban(value) ?? '')
      .refine((value) => value !== '', { message: 'Required', params: { key: 'required' } })
      // QR-IBANs belong to Swiss QR bills only; a payout cannot go to one.
      .refine((value) => value === '' || isValidIBAN(value, { allowQRIBAN: false }), {
        message: 'Not a valid IBAN',
        params: { key: 'invalid' },
      }),
    bic: z
      .string()
      .max(20, 'At most 20 characters')
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine((value) => value !== '', { message: 'Required', params: { key: 'required' } })
      .refine((value) => value === '' || isValidBIC(value), { message: 'Not a valid BIC', params: { key: 'invalid' } }),
  })
  .strict();

export type BankDetailsInput = z.input<typeof bankDetailsSchema>;
export type BankDetails = z.output<typeof bankDetailsSchema>;

/** Mail kinds a user can switch on or off (stored in account_states.notification_preferences). */
export const NOTIFICATION_KINDS = ['newsletter', 'followed_authors', 'sales', 'material_updates', 'comments'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationPreferences = Record<NotificationKind, boolean>;

/**
 * Until a user chooses: marketing mail only with consent (GDPR), the mails about their own
 * sales, comments and followed authors on.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  newsletter: false,
  followed_authors: true,
  sales: true,
  material_updates: true,
  comments: true,
};

/** Some or all preferences (`POST v3/notification-preferences`); unknown kinds are refused. */
export const notificationPreferencesSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      NotificationKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'Name at least one preference',
    params: { key: 'required' },
  });

/** The subjects a teacher teaches (`POST v3/user-subjects`): ids of the world's subjects. */
export const userSubjectsSchema = z
  .object({
    subject_ids: z
      .array(idSchema)
      .max(100, 'At most 100 subjects')
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();

/** The country a signed-in user chose (`POST v3/account/country`). */
export const accountCountrySchema = z.object({ code: countryCodeSchema }).strict();

/**
 * Confirmation of an account deletion (`POST v3/account/delete`): the password, or for an
 * account without one (provider sign-in only) the account's e-mail address typed out.
 */
export const deleteAccountSchema = z
  .object({
    password: z.string().max(1000).optional(),
    email: z.string().trim().max(320).optional(),
  })
  .strict();

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export { issueKind, type FieldErrorKind };

/** The first error kind per field path of a failed parse. */
export function fieldErrors(error: z.ZodError): Record<string, FieldErrorKind> {
  const out: Record<string, FieldErrorKind> = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? String(issue.path[0]) : '';
    out[path] ??= issueKind(issue);
  }
  return out;
}
