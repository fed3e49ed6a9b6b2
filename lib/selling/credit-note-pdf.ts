/**
 * Self-billing credit notes as PDF, drawn with pdf-lib like the invoices (lib/commerce/invoice-pdf.ts)
 * and with the same per-script fonts, so a Greek or Cyrillic name prints as written.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import { LEFT, RIGHT, Writer } from '@/lib/commerce/invoice-pdf';
import { embedRunFonts, splitIntoRuns } from '@/lib/downloads/fonts';
import { getMessages } from '@/lib/i18n/messages';
import { formatPrice } from '@/lib/pricing/format-price';
import { fill } from '@/lib/text/fill';
import type { Language } from '@/lib/worlds/worlds';
import { periodBounds } from './payout-plan';

/** The platform as printed on a credit note, copied at issue. */
export interface CreditNoteIssuer {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string;
}

/** The seller as printed on a credit note, copied at issue. */
export interface CreditNoteSeller {
  name: string;
  company: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  countryCode: string | null;
  vatId: string | null;
  accountHolder: string;
  /** The last four characters of the IBAN paid to: enough to recognise it, not to reuse it. */
  ibanEnd: string;
}

/** One line of a credit note: a sale's share, or a paid share taken back after a refund. */
export interface CreditNoteLine {
  orderItemId: number;
  kind: 'sale' | 'refund';
  orderReference: string;
  /** When the order was paid (sale) or the item refunded (refund), ISO 8601. */
  date: string;
  title: string;
  licence: string;
  /** The net of the item's price before any voucher (minor units): what the share was taken of. */
  netMinor: number;
  /** The seller's share recorded with the sale, in basis points. */
  shareBasisPoints: number;
  /** What the line pays; negative for a refund. */
  amountMinor: number;
}

/** Everything a credit note prints, frozen at issue. */
export interface CreditNoteDocument {
  number: string;
  issuedAt: string;
  period: string;
  currency: string;
  issuer: CreditNoteIssuer;
  seller: CreditNoteSeller;
  lines: CreditNoteLine[];
  totals: { sales: number; refunds: number; total: number };
}

/** The texts of a printed credit note, from the cabinet-settings group (language → en → de). */
interface CreditNoteTexts {
  title: string;
  date: string;
  period: string;
  issuer: string;
  supplier: string;
  vatIdOf: string;
  columns: { date: string; order: string; item: string; net: string; share: string; amount: string };
  refund: string;
  totals: { sales: string; refunds: string; total: string };
  paidTo: string;
  selfBilling: string;
  amounts: string;
}

/**
 * A credit note as a PDF in `language`: issuer (Kreide, the recipient of the supply that issues
 * the note) and supplier (the seller) as copied at issue, the period, every line with its order,
 * date, net price, recorded share and amount, the totals, where the money went, and the
 * statement that this is a self-billing credit note.
 */
export async function renderCreditNotePdf(
  document: CreditNoteDocument,
  language: Language,
  locale: string,
): Promise<Uint8Array> {
  const texts = getMessages(language)['cabinet-settings'] as unknown as {
    fees: { pdf: CreditNoteTexts };
    invoices: { pdf: { licences: Record<string, string> } };
  };
  const t = texts.fees.pdf;
  const licences = texts.invoices.pdf.licences;
  const money = (minor: number) => formatPrice(minor, document.currency, locale);
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const shortDate = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const bounds = periodBounds(document.period);
  const period = bounds
    ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(bounds.start)
    : document.period;
  const date = longDate.format(new Date(document.issuedAt));
  const { issuer, seller } = document;
  const allText = [
    JSON.stringify(document),
    JSON.stringify(t),
    JSON.stringify(licences),
    date,
    period,
    money(document.totals.total),
    percent.format(0.5),
    '0123456789−–…',
  ].join(' ');

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${document.number}`);
  pdf.setAuthor(issuer.name);
  pdf.setProducer('Kreide');
  const fonts = await embedRunFonts(pdf, splitIntoRuns(allText));
  const w = new Writer(pdf, fonts);

  w.text(issuer.name, LEFT, 14);
  w.text(`${t.title} ${document.number}`, RIGHT, 14, 'right');
  w.down(18);
  w.text(`${issuer.street} · ${issuer.postalCode} ${issuer.city} · ${issuer.country}`, LEFT, 9);
  w.text(fill(t.date, { date }), RIGHT, 9, 'right');
  w.down(12);
  w.text(fill(t.vatIdOf, { vatId: issuer.vatId }), LEFT, 9);
  w.text(fill(t.period, { period }), RIGHT, 9, 'right');
  w.down(12);
  w.text(t.issuer, LEFT, 8, 'left', rgb(0.4, 0.4, 0.4));
  w.down(26);
  w.text(t.supplier, LEFT, 8, 'left', rgb(0.4, 0.4, 0.4));
  w.down(13);
  for (const line of [
    seller.name,
    seller.company,
    seller.street,
    seller.postalCode || seller.city ? `${seller.postalCode ?? ''} ${seller.city ?? ''}`.trim() : null,
    seller.countryCode,
    seller.vatId ? fill(t.vatIdOf, { vatId: seller.vatId }) : null,
  ]) {
    if (!line) continue;
    w.text(line, LEFT, 10);
    w.down(13);
  }
  w.down(14);

  const columns = { order: 112, item: 192, net: 430, share: 474, amount: RIGHT };
  w.text(t.columns.date, LEFT, 9);
  w.text(t.columns.order, columns.order, 9);
  w.text(t.columns.item, columns.item, 9);
  w.text(t.columns.net, columns.net, 9, 'right');
  w.text(t.columns.share, columns.share, 9, 'right');
  w.text(t.columns.amount, columns.amount, 9, 'right');
  w.down(14);
  w.rule();
  for (const line of document.lines) {
    const label = `${line.kind === 'refund' ? `${t.refund}: ` : ''}${line.title} (${licences[line.licence] ?? line.licence})`;
    w.text(shortDate.format(new Date(line.date)), LEFT, 8);
    w.text(line.orderReference, columns.order, 8);
    w.text(label.length > 40 ? `${label.slice(0, 39)}…` : label, columns.item, 8);
    w.text(money(line.netMinor), columns.net, 8, 'right');
    w.text(percent.format(line.shareBasisPoints / 10_000), columns.share, 8, 'right');
    w.text(money(line.amountMinor), columns.amount, 8, 'right');
    w.down(13);
  }
  w.rule();
  w.down(8);

  const total = (label: string, amount: string, size = 10) => {
    w.text(label, 330, size);
    w.text(amount, RIGHT, size, 'right');
    w.down(size + 5);
  };
  total(t.totals.sales, money(document.totals.sales));
  if (document.totals.refunds !== 0) total(t.totals.refunds, money(document.totals.refunds));
  total(t.totals.total, money(document.totals.total), 12);
  w.down(16);

  w.paragraph(fill(t.paidTo, { holder: seller.accountHolder, ibanEnd: seller.ibanEnd }));
  w.paragraph(t.amounts);
  w.paragraph(t.selfBilling);
  return pdf.save({ useObjectStreams: true });
}
