import { csvDocument, csvRow, csvText, formatMinorUnits, neutraliseFormula, UTF8_BOM } from './sales-csv';

describe('sales CSV', () => {
  it('neutralises every text that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutraliseFormula(`${start}HYPERLINK("http://evil.example")`)).toBe(
        `'${start}HYPERLINK("http://evil.example")`,
      );
    expect(neutraliseFormula('Bruchrechnen = leicht')).toBe('Bruchrechnen = leicht');
    expect(neutraliseFormula('')).toBe('');
    expect(neutraliseFormula("'already")).toBe("'already");
  });

  it('quotes every text field and doubles its quotes (RFC 4180)', () => {
    expect(csvText('Plain')).toBe('"Plain"');
    expect(csvText('Say "hello", then\r\nleave')).toBe('"Say ""hello"", then\r\nleave"');
    expect(csvText('=1+1')).toBe(`"'=1+1"`);
    expect(csvText('=cmd|"/c calc"!A0')).toBe(`"'=cmd|""/c calc""!A0"`);
    expect(csvText(null)).toBe('""');
  });

  it('leaves our own numbers bare, negative ones included, and refuses anything else as a number', () => {
    expect(csvRow([{ number: 12 }, { number: '-0.50' }, { text: 'x' }, { number: '19.99' }])).toBe(
      '12,-0.50,"x",19.99',
    );
    expect(() => csvRow([{ number: '=1+1' }])).toThrow(RangeError);
    expect(() => csvRow([{ number: '1e3' }])).toThrow(RangeError);
  });

  it('writes amounts in the currency’s exponent from integers, never through a float', () => {
    expect(formatMinorUnits(1999, 'EUR')).toBe('19.99');
    expect(formatMinorUnits(5, 'EUR')).toBe('0.05');
    expect(formatMinorUnits(0, 'EUR')).toBe('0.00');
    expect(formatMinorUnits(-50, 'EUR')).toBe('-0.50');
    expect(formatMinorUnits(-1234567, 'CZK')).toBe('-12345.67');
    expect(formatMinorUnits(500, 'JPY')).toBe('500');
    expect(formatMinorUnits(-7, 'KRW')).toBe('-7');
    // 0.1 + 0.2 style drift cannot happen: 2^53 − 1 cents print exactly.
    expect(formatMinorUnits(9007199254740991, 'EUR')).toBe('90071992547409.91');
    expect(() => formatMinorUnits(1.5, 'EUR')).toThrow(RangeError);
  });

  it('starts with a BOM, ends every line with CRLF and quotes the header', () => {
    const text = csvDocument(['sale', 'title'], [[{ number: 1 }, { text: '@SUM(A1)' }]]);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1)).toBe(`"sale","title"\r\n1,"'@SUM(A1)"\r\n`);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
