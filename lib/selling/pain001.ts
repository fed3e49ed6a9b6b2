/**
 * SEPA credit transfer initiation files, ISO 20022 pain.001.001.09: one group header, one payment
 * information block with Kreide as debtor, one transaction per payout. Pure: the payout provider
 * (lib/selling/payout-providers.ts) stores what this returns.
 */
import { currencyExponent } from '@/lib/money/money';
import { GREEK_TO_LATIN } from '@/lib/text/slugify';

/** Letters SEPA's basic character set lacks, written the way banks and passports write them. */
/** The Greek letters of slugs (lib/text/slugify.ts), with their capitals. */
const GREEK_TO_LATIN_WITH_CAPITALS: Record<string, string> = Object.fromEntries(
  Object.entries(GREEK_TO_LATIN).flatMap(([letter, latin]) => [
    [letter, latin],
    [letter.toUpperCase(), latin.charAt(0).toUpperCase() + latin.slice(1)],
  ]),
);

const TRANSLITERATION: Readonly<Record<string, string>> = {
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
  '&': '+',
  // Greek: the same transliteration as slugs, with capitals.
  ...GREEK_TO_LATIN_WITH_CAPITALS,
  // Cyrillic (Bulgarian, Serbian, Ukrainian and Russian letters; scientific-style, simplified).
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Ґ: 'G',
  Д: 'D',
  Ђ: 'Dj',
  Е: 'E',
  Є: 'Ye',
  Ё: 'Yo',
  Ж: 'Zh',
  З: 'Z',
  И: 'I',
  І: 'I',
  Ї: 'Yi',
  Й: 'Y',
  Ј: 'J',
  К: 'K',
  Л: 'L',
  Љ: 'Lj',
  М: 'M',
  Н: 'N',
  Њ: 'Nj',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  Ћ: 'C',
  У: 'U',
  Ф: 'F',
  Х: 'Kh',
  Ц: 'Ts',
  Ч: 'Ch',
  Џ: 'Dz',
  Ш: 'Sh',
  Щ: 'Sht',
  Ъ: 'A',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'Yu',
  Я: 'Ya',
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ђ: 'dj',
  е: 'e',
  є: 'ye',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** SEPA's basic Latin character set, the only one every bank must accept. */
const SEPA_CHARACTER = /[A-Za-z0-9/\-?:().,'+ ]/;

/**
 * Text as SEPA's basic character set allows it, at most `maxLength` characters: umlauts, Greek
 * and Cyrillic are transliterated, other accents dropped (é → e), `&` becomes `+`, and anything
 * else that is left (`<`, `>`, `"`, CJK, emoji, control characters) becomes a space; runs of
 * spaces are collapsed. A name left empty becomes `fallback`.
 */
export function toSepaText(value: string, maxLength: number, fallback = 'NOTPROVIDED'): string {
  const single = (c: string) => TRANSLITERATION[c] ?? (SEPA_CHARACTER.test(c) ? c : ' ');
  // Greek writes "ou" with two letters.
  const text = value.normalize('NFC').replace(/ο[υύ]/g, 'ou').replace(/Ο[υύ]/g, 'Ou').replace(/Ο[ΥΎ]/g, 'OU');
  let out = '';
  for (const char of text) {
    const mapped = TRANSLITERATION[char];
    // Other accented letters (é, ř, ά): the base letter without its marks, then as above.
    out += mapped ?? [...char.normalize('NFD').replace(/\p{M}/gu, '')].map(single).join('');
  }
  const cleaned = out.replace(/\s+/g, ' ').trim().slice(0, maxLength).trim();
  return cleaned === '' ? fallback : cleaned;
}

/** Escapes text for an XML element or attribute (after toSepaText nothing is left to escape; kept as a guard). */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An IBAN in electronic form: no spaces, upper case. */
export function electronicIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** An amount of minor units as the decimal text ISO 20022 wants ("1234.50"); never a float. */
export function decimalAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`decimalAmount: ${minor} is not a whole amount`);
  const digits = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An identifier (MsgId, EndToEndId): SEPA characters without spaces or slashes, at most 35. */
function sepaId(value: string): string {
  const id = toSepaText(value, 35).replace(/[ /]/g, '-');
  if (!/^[A-Za-z0-9\-?:().,'+]{1,35}$/.test(id)) throw new Error(`pain.001: unusable identifier "${value}"`);
  return id;
}

export interface Pain001Account {
  name: string;
  iban: string;
  /** Optional since IBAN-only SEPA transfers; the debtor's agent is then NOTPROVIDED. */
  bic: string | null;
}

export interface Pain001Transfer {
  /** Unique per transfer and kept by the banks through to the creditor (the credit note number). */
  endToEndId: string;
  amountMinor: number;
  currency: 'EUR';
  creditor: Pain001Account;
  /** The remittance text the seller sees on their statement (140 characters at most). */
  remittance: string;
}

export interface Pain001Input {
  /** Unique per file (banks refuse a message id they have seen). */
  messageId: string;
  createdAt: Date;
  /** The day the bank should execute the transfers, 'YYYY-MM-DD'. */
  executionDate: string;
  debtor: Pain001Account;
  transfers: readonly Pain001Transfer[];
}

/** A date-time as ISO 20022 writes it: UTC, whole seconds, no zone letter. */
function isoDateTime(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/**
 * The next banking day after `date` (Saturdays and Sundays skipped; TARGET holidays are left to
 * the bank, which moves a transfer to its next business day itself), as 'YYYY-MM-DD'.
 */
export function nextBankingDay(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The pain.001.001.09 document for `input`: every user-given text (names, remittance) reduced to
 * SEPA's character set and XML-escaped, IBANs in electronic form, amounts as decimals, and the
 * number of transactions and their control sum in the group header and the payment block. Only
 * euro transfers belong in a SEPA file: anything else is a programming error and throws, as does
 * a file with no transfer or an amount that is not positive.
 */
export function buildPain001(input: Pain001Input): string {
  if (input.transfers.length === 0) throw new Error('pain.001: a file needs at least one transfer');
  for (const transfer of input.transfers) {
    if (transfer.currency !== 'EUR') throw new Error(`pain.001: SEPA transfers are in EUR, not ${transfer.currency}`);
    if (!Number.isSafeInteger(transfer.amountMinor) || transfer.amountMinor <= 0)
      throw new Error(`pain.001: transfer ${transfer.endToEndId} has no positive amount`);
  }
  const total = input.transfers.reduce((sum, transfer) => sum + transfer.amountMinor, 0);
  const count = String(input.transfers.length);
  const controlSum = decimalAmount(total, 'EUR');
  const text = (value: string, max: number) => escapeXml(toSepaText(value, max));
  const agent = (bic: string | null) =>
    bic
      ? `<FinInstnId><BICFI>${escapeXml(bic.replace(/\s+/g, '').toUpperCase())}</BICFI></FinInstnId>`
      : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
  const debtorName = text(input.debtor.name, 70);
  const transactions = input.transfers.map((transfer) =>
    [
      '      <CdtTrfTxInf>',
      `        <PmtId><EndToEndId>${escapeXml(sepaId(transfer.endToEndId))}</EndToEndId></PmtId>`,
      `        <Amt><InstdAmt Ccy="EUR">${decimalAmount(transfer.amountMinor, 'EUR')}</InstdAmt></Amt>`,
      ...(transfer.creditor.bic ? [`        <CdtrAgt>${agent(transfer.creditor.bic)}</CdtrAgt>`] : []),
      `        <Cdtr><Nm>${text(transfer.creditor.name, 70)}</Nm></Cdtr>`,
      `        <CdtrAcct><Id><IBAN>${escapeXml(electronicIban(transfer.creditor.iban))}</IBAN></Id></CdtrAcct>`,
      `        <RmtInf><Ustrd>${text(transfer.remittance, 140)}</Ustrd></RmtInf>`,
      '      </CdtTrfTxInf>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${escapeXml(sepaId(input.messageId))}</MsgId>`,
    `      <CreDtTm>${isoDateTime(input.createdAt)}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${controlSum}</CtrlSum>`,
    `      <InitgPty><Nm>${debtorName}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${escapeXml(sepaId(`${input.messageId}-1`))}</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${controlSum}</CtrlSum>`,
    '      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>',
    `      <ReqdExctnDt><Dt>${escapeXml(input.executionDate)}</Dt></ReqdExctnDt>`,
    `      <Dbtr><Nm>${debtorName}</Nm></Dbtr>`,
    `      <DbtrAcct><Id><IBAN>${escapeXml(electronicIban(input.debtor.iban))}</IBAN></Id></DbtrAcct>`,
    `      <DbtrAgt>${agent(input.debtor.bic)}</DbtrAgt>`,
    '      <ChrgBr>SLEV</ChrgBr>',
    ...transactions,
    '    </PmtInf>',
    '  </CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
}
