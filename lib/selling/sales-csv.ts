/**
 * CSV for the seller's sales export: RFC 4180 (comma-separated, CRLF line ends, fields with
 * quotes doubled), UTF-8 with a byte-order mark so Excel reads umlauts and Greek right.
 *
 * - **Comma, not semicolon.** RFC 4180 and every tool that reads CSV by its standard expect it,
 *   and amounts are written with a decimal point, so the two never collide. German Excel opens a
 *   double-clicked CSV with `;` as its list separator; there "Data → From Text/CSV" reads the
 *   file (a `sep=,` line would help Excel but break every other reader and Excel's BOM detection).
 * - **Text is quoted, always; amounts never.** A title may hold commas, quotes and line breaks.
 * - **No formulas from sellers' text.** A text cell starting with `=`, `+`, `-`, `@`, a tab or a
 *   carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of
 *   running it (titles are typed by sellers, and a file may travel to an accountant).
 *   Amounts we write ourselves (`-0.50`) are numbers and stay as they are.
 * - **Amounts as decimal strings** in the currency's ISO 4217 exponent, from the integer minor
 *   units without passing through a float (`1999` EUR → `19.99`, `500` JPY → `500`).
 */
import { currencyExponent } from '@/lib/money/money';

/** The byte-order mark that tells Excel the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

/** Characters that make a spreadsheet read a cell as a formula (or hide its start). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` made safe to open in a spreadsheet: a leading apostrophe when it could start a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One text field: formula-neutralised, quoted, inner quotes doubled. */
export function csvText(value: string | null | undefined): string {
  return `"${neutraliseFormula(value ?? '').replace(/"/g, '""')}"`;
}

/**
 * `minor` units of `currency` as a plain decimal string with the currency's exponent: no
 * thousands separators, a point for decimals, a minus for negatives (`-50` EUR → `-0.50`).
 */
export function formatMinorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`formatMinorUnits: ${minor} is not a whole amount`);
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(minor));
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/** A field of a CSV row: text (quoted and neutralised) or a number we wrote (bare). */
export type CsvField = { text: string | null | undefined } | { number: string | number };

/** One row, comma-separated, without its line end. */
export function csvRow(fields: readonly CsvField[]): string {
  return fields
    .map((field) => {
      if ('text' in field) return csvText(field.text);
      const value = String(field.number);
      // Only what we produce passes bare: digits with an optional sign and decimals.
      if (!/^-?\d+(\.\d+)?$/.test(value)) throw new RangeError(`csvRow: ${value} is not a number`);
      return value;
    })
    .join(',');
}

/** A whole document: BOM, header and rows, each line ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvField[])[]): string {
  const lines = [csvRow(header.map((name) => ({ text: name }))), ...rows.map(csvRow)];
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
