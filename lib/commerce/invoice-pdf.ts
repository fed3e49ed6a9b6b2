import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { embedRunFonts, splitIntoRuns } from '@/lib/downloads/fonts';
import { drawText, textWidth, wrapText, type RunFonts } from '@/lib/downloads/pdf-text';
import { getMessages } from '@/lib/i18n/messages';
import { formatPrice } from '@/lib/pricing/format-price';
import { fill } from '@/lib/text/fill';
import type { Language } from '@/lib/worlds/worlds';
import type { InvoiceDocument } from './invoice-document';

/** The texts of a printed invoice, from the cabinet-settings group (language → en → de). */
interface InvoiceTexts {
  invoice: string;
  cancellation: string;
  number: string;
  date: string;
  order: string;
  cancels: string;
  buyer: string;
  vatIdOf: string;
  testPayment: string;
  columns: { item: string; licence: string; net: string; vat: string; gross: string };
  licences: Record<string, string>;
  totals: {
    original: string;
    voucher: string;
    gross: string;
    vatIncluded: string;
    net: string;
    credits: string;
    due: string;
    refund: string;
  };
  vatNotes: Record<string, string>;
  deemedSupplier: string;
  payBy: string;
  paid: string;
}

/** A4 in points, and the margins of the text. */
export const PAGE = { width: 595, height: 842 };
export const LEFT = 56;
export const RIGHT = PAGE.width - 56;

/** Writes lines top-down on A4 pages (shared with the credit notes, lib/selling/credit-note-pdf.ts). */
export class Writer {
  private page: PDFPage;
  y = PAGE.height - 64;

  constructor(
    private readonly document: PDFDocument,
    private readonly fonts: RunFonts,
  ) {
    this.page = document.addPage([PAGE.width, PAGE.height]);
  }

  width(text: string, size: number): number {
    return textWidth(text, size, this.fonts);
  }

  /** Text at x (or ending at x when `align` is right), on the current line. */
  text(value: string, x: number, size = 10, align: 'left' | 'right' = 'left', color = rgb(0.1, 0.1, 0.1)) {
    const left = align === 'right' ? x - this.width(value, size) : x;
    drawText(this.page, value, { x: left, y: this.y, size, fonts: this.fonts, color });
  }

  /** Moves down a line; starts a new page when the foot is reached. */
  down(by = 15) {
    this.y -= by;
    if (this.y < 72) {
      this.page = this.document.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - 64;
    }
  }

  rule() {
    this.page.drawLine({
      start: { x: LEFT, y: this.y + 10 },
      end: { x: RIGHT, y: this.y + 10 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
  }

  /** Wraps a paragraph to the page's width. */
  paragraph(value: string, size = 9) {
    for (const line of wrapText(value, RIGHT - LEFT, size, this.fonts)) {
      this.text(line, LEFT, size);
      this.down(size + 4);
    }
  }
}

/**
 * An issued invoice or cancellation invoice as a PDF, in the buyer's language: issuer and
 * buyer as copied at issue, lines with net, VAT and gross, the totals, the VAT treatment stated
 * in words (reverse charge, outside the EU, OSS) and, for a test payment, a mark on the page.
 * Drawn with pdf-lib and the same per-script fonts as the stamped downloads.
 */
export async function renderInvoicePdf(
  document: InvoiceDocument,
  language: Language,
  locale: string,
): Promise<Uint8Array> {
  const t = (getMessages(language)['cabinet-settings'] as unknown as { invoices: { pdf: InvoiceTexts } }).invoices.pdf;
  const money = (minor: number) => formatPrice(minor, document.currency, locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(document.issuedAt),
  );
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    document.vat.rateBasisPoints / 10_000,
  );
  const { issuer, buyer } = document;
  const title = document.kind === 'cancellation' ? t.cancellation : t.invoice;
  const allText = [
    JSON.stringify(document),
    JSON.stringify(t),
    title,
    date,
    rate,
    money(document.totals.due),
    '0123456789−–',
  ].join(' ');

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${document.number}`);
  pdf.setAuthor(issuer.name);
  pdf.setProducer('Kreide');
  const fonts = await embedRunFonts(pdf, splitIntoRuns(allText));
  const w = new Writer(pdf, fonts);

  w.text(issuer.name, LEFT, 14);
  w.text(`${title} ${document.number}`, RIGHT, 14, 'right');
  w.down(18);
  w.text(`${issuer.street} · ${issuer.postalCode} ${issuer.city} · ${issuer.country}`, LEFT, 9);
  w.text(fill(t.date, { date }), RIGHT, 9, 'right');
  w.down(12);
  w.text(fill(t.vatIdOf, { vatId: issuer.vatId }), LEFT, 9);
  w.text(fill(t.order, { reference: document.orderReference }), RIGHT, 9, 'right');
  w.down(12);
  if (document.cancels) {
    w.text(fill(t.cancels, { number: document.cancels }), RIGHT, 9, 'right');
    w.down(12);
  }
  w.down(18);
  w.text(t.buyer, LEFT, 8, 'left', rgb(0.4, 0.4, 0.4));
  w.down(13);
  for (const line of [
    buyer.fullName,
    buyer.company,
    buyer.street,
    `${buyer.postalCode} ${buyer.city}`,
    buyer.countryCode,
    buyer.vatId ? fill(t.vatIdOf, { vatId: buyer.vatId }) : null,
  ]) {
    if (!line) continue;
    w.text(line, LEFT, 10);
    w.down(13);
  }
  w.down(14);
  if (document.isTestPayment) {
    w.text(t.testPayment, LEFT, 12, 'left', rgb(0.7, 0.1, 0.1));
    w.down(22);
  }

  const columns = { licence: 300, net: 425, vat: 480, gross: RIGHT };
  w.text(t.columns.item, LEFT, 9);
  w.text(t.columns.licence, columns.licence, 9);
  w.text(t.columns.net, columns.net, 9, 'right');
  w.text(t.columns.vat, columns.vat, 9, 'right');
  w.text(t.columns.gross, columns.gross, 9, 'right');
  w.down(14);
  w.rule();
  for (const line of document.lines) {
    const title = line.title.length > 44 ? `${line.title.slice(0, 43)}…` : line.title;
    w.text(title, LEFT, 9);
    w.text(t.licences[line.licence] ?? line.licence, columns.licence, 9);
    w.text(money(line.net), columns.net, 9, 'right');
    w.text(money(line.vat), columns.vat, 9, 'right');
    w.text(money(line.gross), columns.gross, 9, 'right');
    w.down(14);
  }
  w.rule();
  w.down(8);

  const total = (label: string, amount: string, size = 10) => {
    w.text(label, 330, size);
    w.text(amount, RIGHT, size, 'right');
    w.down(size + 5);
  };
  const { totals } = document;
  total(t.totals.original, money(totals.original));
  if (totals.voucherDiscount !== 0) total(t.totals.voucher, money(-totals.voucherDiscount));
  total(t.totals.gross, money(totals.gross));
  total(fill(t.totals.vatIncluded, { rate, country: document.vat.country }), money(totals.vat), 9);
  total(t.totals.net, money(totals.net), 9);
  if (totals.creditsUsed !== 0) total(t.totals.credits, money(-totals.creditsUsed));
  total(document.kind === 'cancellation' ? t.totals.refund : t.totals.due, money(totals.due), 12);
  w.down(16);

  const note = t.vatNotes[document.vat.kind];
  if (note) w.paragraph(fill(note, { country: document.vat.country, rate }));
  w.paragraph(t.deemedSupplier);
  if (document.kind === 'invoice')
    w.paragraph(
      document.provider === 'invoice'
        ? fill(t.payBy, { iban: issuer.iban, bic: issuer.bic, reference: document.orderReference })
        : t.paid,
    );
  return pdf.save({ useObjectStreams: true });
}
