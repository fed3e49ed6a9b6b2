import {
  accountCountrySchema,
  bankDetailsSchema,
  billingAddressSchema,
  deleteAccountSchema,
  fieldErrors,
  isValidPostalCode,
  normalizeIban,
  notificationPreferencesSchema,
  userSubjectsSchema,
} from './validation';

const address = {
  full_name: 'Erika Mustermann',
  street: 'Heidestraße 17',
  postal_code: '51147',
  city: 'Köln',
  country_code: 'DE',
};
const bank = { account_holder: 'Erika Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

describe('billing address rules', () => {
  it('trims, upper-cases codes and turns empty optional fields into null', () => {
    expect(
      billingAddressSchema.parse({
        ...address,
        full_name: '  Erika  ',
        country_code: 'de',
        company: '',
        vat_id: 'de 123.456-789',
      }),
    ).toEqual({
      ...address,
      full_name: 'Erika',
      company: null,
      vat_id: 'DE123456789',
    });
  });

  it.each([
    ['DE', '51147', true],
    ['DE', '5114', false],
    ['AT', '1010', true],
    ['NL', '1012 AB', true],
    ['NL', '1012AB', true],
    ['PL', '00-950', true],
    ['PL', '00950', false],
    ['GR', '105 57', true],
    ['GB', 'SW1A 1AA', true],
    ['ES', '28013', true],
    ['ES', '99999', false],
    ['JP', '100-0001', true],
    ['IE', '', true],
    ['DE', '', false],
    ['BR', '01310-100', true],
    ['BR', '!', false],
  ])('postal code of %s: %j is %s', (country, code, valid) => {
    expect(isValidPostalCode(country, code)).toBe(valid);
  });

  it('checks the postal code against the chosen country', () => {
    const result = billingAddressSchema.safeParse({ ...address, country_code: 'AT' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ postal_code: 'invalid' });
    expect(
      billingAddressSchema.safeParse({ ...address, postal_code: 'sw1a 1aa', country_code: 'gb' }).data?.postal_code,
    ).toBe('SW1A 1AA');
  });

  it.each([
    [{ ...address, full_name: '' }, { full_name: 'required' }],
    [{ ...address, city: 'x'.repeat(101) }, { city: 'tooLong' }],
    [{ ...address, country_code: 'XX' }, { country_code: 'invalid' }],
    [{ ...address, street: 'Line\nbreak' }, { street: 'invalid' }],
    [{ ...address, vat_id: 'no vat id' }, { vat_id: 'invalid' }],
    [{ ...address, postal_code: '' }, { postal_code: 'required' }],
    [{ ...address, id: 4 }, { '': 'invalid' }],
  ])('reports %j as %j', (input, errors) => {
    const result = billingAddressSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual(errors);
  });
});

describe('bank detail rules', () => {
  it('accepts an IBAN written with spaces and lower case, and stores it electronically', () => {
    expect(bankDetailsSchema.parse({ ...bank, iban: ' de89 3704 0044 0532 0130 00 ', bic: 'cobadeff' })).toEqual({
      ...bank,
      bic: 'COBADEFF',
    });
    expect(normalizeIban('fr14 2004 1010 0505 0001 3m02 606')).toBe('FR1420041010050500013M02606');
  });

  it.each([
    ['DE89370400440532013001', 'invalid'],
    ['DE8937040044053201300', 'invalid'],
    ['QQ89370400440532013000', 'invalid'],
    ['', 'required'],
    // A Swiss QR-IBAN is valid for QR bills only, not for payouts.
    ['CH4431999123000889012', 'invalid'],
  ])('refuses the IBAN %j as %s', (iban, kind) => {
    const result = bankDetailsSchema.safeParse({ ...bank, iban });
    expect(fieldErrors(result.error!)).toEqual({ iban: kind });
  });

  it.each([
    'NL91ABNA0417164300',
    'GB82WEST12345698765432',
    'IT60X0542811101000000123456',
    'GR1601101250000000012300695',
    'ES9121000418450200051332',
  ])('accepts the IBAN %s', (iban) => {
    expect(bankDetailsSchema.safeParse({ ...bank, iban }).success).toBe(true);
  });

  it.each([
    ['COBA1EFF', 'invalid'],
    ['COBAXXFF', 'invalid'],
    ['COBADEFFX', 'invalid'],
    ['', 'required'],
  ])('refuses the BIC %j as %s', (bic, kind) => {
    expect(fieldErrors(bankDetailsSchema.safeParse({ ...bank, bic }).error!)).toEqual({ bic: kind });
  });

  it('wants a real account holder', () => {
    expect(fieldErrors(bankDetailsSchema.safeParse({ ...bank, account_holder: 'E' }).error!)).toEqual({
      account_holder: 'tooShort',
    });
  });
});

describe('other settings', () => {
  it('takes some or all notification kinds, but not none and not unknown ones', () => {
    expect(notificationPreferencesSchema.parse({ newsletter: true })).toEqual({ newsletter: true });
    expect(notificationPreferencesSchema.safeParse({}).success).toBe(false);
    expect(notificationPreferencesSchema.safeParse({ sms: true }).success).toBe(false);
    expect(notificationPreferencesSchema.safeParse({ sales: 'no' }).success).toBe(false);
  });

  it('de-duplicates subject ids and refuses anything but positive whole numbers', () => {
    expect(userSubjectsSchema.parse({ subject_ids: [3, 1, 3] })).toEqual({ subject_ids: [3, 1] });
    for (const subject_ids of [[0], [1.5], ['1'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      expect(userSubjectsSchema.safeParse({ subject_ids }).success).toBe(false);
    }
  });

  it('knows real country codes only', () => {
    expect(accountCountrySchema.parse({ code: 'xk' })).toEqual({ code: 'XK' });
    for (const code of ['XX', 'EU', 'UK', 'DEU', ''])
      expect(accountCountrySchema.safeParse({ code }).success).toBe(false);
  });

  it('takes a password or an e-mail to confirm a deletion, and nothing else', () => {
    expect(deleteAccountSchema.parse({ password: 'x' })).toEqual({ password: 'x' });
    expect(deleteAccountSchema.parse({ email: ' a@b.c ' })).toEqual({ email: 'a@b.c' });
    expect(deleteAccountSchema.safeParse({ password: 'x', user_id: 2 }).success).toBe(false);
  });
});
