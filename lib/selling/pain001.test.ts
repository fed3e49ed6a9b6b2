/**
 * @jest-environment jsdom
 */
import { buildPain001, decimalAmount, nextBankingDay, toSepaText, type Pain001Input } from './pain001';
import { SepaCreditTransferProvider } from './payout-providers';

const NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** Parses the file back; a document that is not well-formed XML fails here. */
function parse(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(document.documentElement.namespaceURI).toBe(NS);
  return document;
}

const texts = (document: Document | Element, tag: string) =>
  [...document.getElementsByTagNameNS(NS, tag)].map((element) => element.textContent ?? '');

const input = (overrides: Partial<Pain001Input> = {}): Pain001Input => ({
  messageId: 'KREIDE-2026-01-7',
  createdAt: new Date('2026-02-01T00:10:05.123Z'),
  executionDate: '2026-02-02',
  debtor: { name: 'Kreide GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  transfers: [
    {
      endToEndId: 'GS-2026-000001',
      amountMinor: 123_456,
      currency: 'EUR',
      creditor: { name: 'Frau Demo', iban: 'de44 5001 0517 5407 3249 31', bic: 'INGDDEFFXXX' },
      remittance: 'Kreide GS-2026-000001 2026-01',
    },
    {
      endToEndId: 'GS-2026-000002',
      amountMinor: 1005,
      currency: 'EUR',
      creditor: { name: 'Jörg <Müller> & Söhne "GmbH"', iban: 'FR1420041010050500013M02606', bic: null },
      remittance: 'Kreide GS-2026-000002 2026-01',
    },
  ],
  ...overrides,
});

describe('pain.001.001.09', () => {
  it('writes a well-formed document with group header, payment block and one transaction per payout', () => {
    const document = parse(buildPain001(input()));
    const root = document.documentElement;
    expect(root.localName).toBe('Document');
    expect(root.firstElementChild?.localName).toBe('CstmrCdtTrfInitn');
    expect(texts(document, 'MsgId')).toEqual(['KREIDE-2026-01-7']);
    expect(texts(document, 'CreDtTm')).toEqual(['2026-02-01T00:10:05']);
    // Number of transactions and control sum in the header and in the payment block.
    expect(texts(document, 'NbOfTxs')).toEqual(['2', '2']);
    expect(texts(document, 'CtrlSum')).toEqual(['1244.61', '1244.61']);
    expect(texts(document, 'PmtMtd')).toEqual(['TRF']);
    expect(texts(document, 'ReqdExctnDt')).toEqual(['2026-02-02']);
    const debtor = document.getElementsByTagNameNS(NS, 'Dbtr')[0]!;
    expect(texts(debtor, 'Nm')).toEqual(['Kreide GmbH']);
    expect(texts(document.getElementsByTagNameNS(NS, 'DbtrAcct')[0]!, 'IBAN')).toEqual(['DE89370400440532013000']);
    expect(texts(document.getElementsByTagNameNS(NS, 'DbtrAgt')[0]!, 'BICFI')).toEqual(['COBADEFFXXX']);

    const transactions = [...document.getElementsByTagNameNS(NS, 'CdtTrfTxInf')];
    expect(transactions).toHaveLength(2);
    const [first, second] = transactions;
    expect(texts(first!, 'EndToEndId')).toEqual(['GS-2026-000001']);
    const amount = first!.getElementsByTagNameNS(NS, 'InstdAmt')[0]!;
    expect(amount.getAttribute('Ccy')).toBe('EUR');
    expect(amount.textContent).toBe('1234.56');
    expect(texts(second!, 'InstdAmt')).toEqual(['10.05']);
    // IBANs in electronic form: no spaces, upper case.
    expect(texts(first!, 'IBAN')).toEqual(['DE44500105175407324931']);
    expect(texts(first!, 'Ustrd')).toEqual(['Kreide GS-2026-000001 2026-01']);
    expect(texts(first!, 'BICFI')).toEqual(['INGDDEFFXXX']);
    // No BIC: the creditor agent is left out (IBAN-only SEPA).
    expect(second!.getElementsByTagNameNS(NS, 'CdtrAgt')).toHaveLength(0);
    // The control sum is the sum of the amounts.
    const sum = transactions.map((tx) => Math.round(Number(texts(tx, 'InstdAmt')[0]) * 100)).reduce((a, b) => a + b, 0);
    expect(decimalAmount(sum, 'EUR')).toBe(texts(document, 'CtrlSum')[0]);
  });

  it('keeps names to the SEPA character set: no markup gets through, umlauts and scripts are transliterated', () => {
    const xml = buildPain001(input());
    // Nothing a seller typed can open or close an element.
    expect(xml).not.toMatch(/<Müller>|&amp;|&lt;|"GmbH"/);
    const names = texts(parse(xml), 'Nm');
    expect(names).toEqual(['Kreide GmbH', 'Kreide GmbH', 'Frau Demo', 'Joerg Mueller + Soehne GmbH']);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);

    expect(toSepaText('Μαρία Παπαδοπούλου', 70)).toBe('Maria Papadopoulou');
    expect(toSepaText('Иван Петров', 70)).toBe('Ivan Petrov');
    expect(toSepaText('François Ñúñez-Łukasz', 70)).toBe('Francois Nunez-Lukasz');
    expect(toSepaText('王小明', 70)).toBe('NOTPROVIDED');
    expect(toSepaText('a\u0000b\nc\u202Ed😀e', 70)).toBe('a b c d e');
    expect(toSepaText('x'.repeat(100), 70)).toHaveLength(70);
  });

  it('escapes what the SEPA set allows but XML does not leave alone', () => {
    const xml = buildPain001(
      input({
        transfers: [
          { ...input().transfers[0]!, creditor: { name: "O'Brien", iban: 'IE29AIBK93115212345678', bic: null } },
        ],
      }),
    );
    expect(xml).toContain('<Nm>O&apos;Brien</Nm>');
    expect(texts(parse(xml), 'Nm')).toContain("O'Brien");
  });

  it('writes amounts as decimals from minor units, never through floats', () => {
    expect(decimalAmount(1, 'EUR')).toBe('0.01');
    expect(decimalAmount(10, 'EUR')).toBe('0.10');
    expect(decimalAmount(100, 'EUR')).toBe('1.00');
    expect(decimalAmount(123_456_789, 'EUR')).toBe('1234567.89');
    expect(decimalAmount(-250, 'EUR')).toBe('-2.50');
    expect(decimalAmount(1500, 'JPY')).toBe('1500');
  });

  it('refuses what a SEPA file cannot carry: no transfers, other currencies, amounts that are not positive', () => {
    expect(() => buildPain001(input({ transfers: [] }))).toThrow(/at least one/);
    const transfer = input().transfers[0]!;
    expect(() => buildPain001(input({ transfers: [{ ...transfer, currency: 'CHF' as unknown as 'EUR' }] }))).toThrow(
      /EUR/,
    );
    expect(() => buildPain001(input({ transfers: [{ ...transfer, amountMinor: 0 }] }))).toThrow(/positive/);
  });

  it('asks for execution on the next banking day', () => {
    expect(nextBankingDay(new Date('2026-02-01T00:10:00Z'))).toBe('2026-02-02'); // Sunday → Monday
    expect(nextBankingDay(new Date('2026-01-30T09:00:00Z'))).toBe('2026-02-02'); // Friday → Monday
    expect(nextBankingDay(new Date('2026-03-03T09:00:00Z'))).toBe('2026-03-04');
  });

  it('puts only euro payouts into the file, with the credit note number as end-to-end id and remittance', async () => {
    const provider = new SepaCreditTransferProvider({ name: 'Kreide GmbH', iban: 'DE89370400440532013000', bic: null });
    const payout = {
      sellerId: 1,
      accountHolder: 'Frau Demo',
      iban: 'DE44500105175407324931',
      bic: null,
    };
    const run = { id: 3, period: '2026-01', createdAt: new Date('2026-02-01T00:00:00Z') };
    const result = await provider.submit(run, [
      { ...payout, id: 1, currency: 'EUR', amountMinor: 2000, creditNoteNumber: 'GS-2026-000004' },
      { ...payout, id: 2, currency: 'CHF', amountMinor: 5000, creditNoteNumber: 'GS-2026-000005' },
    ]);
    const document = parse(result.file!.toString('utf8'));
    expect(texts(document, 'EndToEndId')).toEqual(['GS-2026-000004']);
    expect(texts(document, 'Ustrd')).toEqual(['Kreide GS-2026-000004 2026-01']);
    expect(texts(document, 'CtrlSum')).toEqual(['20.00', '20.00']);
    expect(texts(document.getElementsByTagNameNS(NS, 'DbtrAgt')[0]!, 'Id')).toEqual(['NOTPROVIDED']);
    // The same run gives the same file (a completed-again run hands over the same transfers).
    expect(
      (
        await provider.submit(run, [
          { ...payout, id: 1, currency: 'EUR', amountMinor: 2000, creditNoteNumber: 'GS-2026-000004' },
        ])
      ).file!.equals(result.file!),
    ).toBe(true);
    expect(
      await provider.submit(run, [{ ...payout, id: 2, currency: 'CHF', amountMinor: 5000, creditNoteNumber: 'X' }]),
    ).toEqual({});
  });
});
