import { euVatRateRows, rateAt } from './rate-source';
import { vatTreatment } from './treatment';
import { normaliseVatId, offlineVatIdChecker } from './vat-id';

describe('the dated EU rate table from the maintained source', () => {
  const rows = euVatRateRows();
  const at = (country: string, date: string) => rateAt(rows, country, new Date(date));

  it('has a rate in force today for all 27 member states, and none outside the EU', () => {
    expect(new Set(rows.map((row) => row.country)).size).toBe(27);
    for (const country of new Set(rows.map((row) => row.country)))
      expect(rows.filter((row) => row.country === country && row.validTo === null)).toHaveLength(1);
    expect(at('NO', '2026-11-24')).toBeNull();
  });

  it('knows the changes of recent years', () => {
    expect(at('DE', '2026-11-24')).toBe(1900);
    expect(at('DE', '2020-09-15')).toBe(1600);
    expect(at('DE', '2021-01-15')).toBe(1900);
    expect(at('FI', '2024-08-15')).toBe(2400);
    expect(at('FI', '2024-09-15')).toBe(2550);
    expect(at('EE', '2025-06-15')).toBe(2200);
    expect(at('EE', '2025-07-15')).toBe(2400);
    expect(at('RO', '2025-07-15')).toBe(1900);
    expect(at('RO', '2025-08-15')).toBe(2100);
    expect(at('SK', '2025-03-01')).toBe(2300);
    expect(at('GR', '2026-11-24')).toBe(2400);
  });

  it('writes consecutive rows per country: each starts where the one before ends', () => {
    const byCountry = new Map<string, typeof rows>();
    for (const row of rows) byCountry.set(row.country, [...(byCountry.get(row.country) ?? []), row]);
    for (const list of byCountry.values())
      for (let i = 1; i < list.length; i++) expect(list[i]!.validFrom).toBe(list[i - 1]!.validTo);
  });
});

describe('VAT ids, checked offline', () => {
  it('accepts a valid id with spaces and dots, and knows Greece by EL', async () => {
    expect(normaliseVatId(' de 136.695-976 ')).toBe('DE136695976');
    expect(await offlineVatIdChecker.check('DE 136 695 976')).toEqual({
      valid: true,
      country: 'DE',
      normalised: 'DE136695976',
    });
    expect(await offlineVatIdChecker.check('EL094259216')).toMatchObject({ valid: true, country: 'GR' });
  });

  it('refuses a wrong check digit, a short id and rubbish', async () => {
    expect((await offlineVatIdChecker.check('DE136695977')).valid).toBe(false);
    expect((await offlineVatIdChecker.check('DE123')).valid).toBe(false);
    expect((await offlineVatIdChecker.check('<script>')).valid).toBe(false);
  });
});

describe('the VAT treatment of a sale', () => {
  const validId = (country: string) => ({ valid: true, country, normalised: `${country}1` });

  it('charges an EU consumer their own country’s rate', () => {
    expect(vatTreatment({ buyerCountry: 'gr', vatId: null, platformCountry: 'DE', rateBasisPoints: 2400 })).toEqual({
      kind: 'eu-consumer',
      rateBasisPoints: 2400,
      country: 'GR',
    });
  });

  it('reverse-charges a business with a valid id of another member state', () => {
    expect(
      vatTreatment({ buyerCountry: 'IT', vatId: validId('IT'), platformCountry: 'DE', rateBasisPoints: 2200 }),
    ).toEqual({ kind: 'reverse-charge', rateBasisPoints: 0, country: 'IT' });
  });

  it('charges a business in the platform’s own country the domestic rate', () => {
    expect(
      vatTreatment({ buyerCountry: 'DE', vatId: validId('DE'), platformCountry: 'DE', rateBasisPoints: 1900 }).kind,
    ).toBe('domestic-business');
  });

  it('treats an invalid id, or one of another country than the address, as a consumer', () => {
    expect(
      vatTreatment({
        buyerCountry: 'IT',
        vatId: { ...validId('IT'), valid: false },
        platformCountry: 'DE',
        rateBasisPoints: 2200,
      }).kind,
    ).toBe('eu-consumer');
    expect(
      vatTreatment({ buyerCountry: 'IT', vatId: validId('FR'), platformCountry: 'DE', rateBasisPoints: 2200 }).kind,
    ).toBe('eu-consumer');
  });

  it('charges no VAT outside the EU, or where no rate is configured, and says which', () => {
    expect(vatTreatment({ buyerCountry: 'NO', vatId: null, platformCountry: 'DE', rateBasisPoints: 2500 })).toEqual({
      kind: 'outside-eu',
      rateBasisPoints: 0,
      country: 'NO',
    });
    expect(vatTreatment({ buyerCountry: 'DE', vatId: null, platformCountry: 'DE', rateBasisPoints: null }).kind).toBe(
      'no-rate-configured',
    );
  });
});
