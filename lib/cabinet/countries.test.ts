import { COUNTRY_CODES, countryName, isCountryCode, listCountries } from './countries';

describe('countries', () => {
  it('has every assigned ISO code once, plus Kosovo', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('XK')).toBe(true);
    expect(isCountryCode('de')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
  });

  it('names and sorts countries in the language of the world', () => {
    expect(countryName('DE', 'de-DE')).toBe('Deutschland');
    expect(countryName('DE', 'it-IT')).toBe('Germania');
    const greek = listCountries('el-GR');
    expect(greek).toHaveLength(COUNTRY_CODES.length);
    expect(greek.find((c) => c.code === 'GR')?.name).toBe('Ελλάδα');
    const names = listCountries('de-DE').map((c) => c.name);
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
  });
});
