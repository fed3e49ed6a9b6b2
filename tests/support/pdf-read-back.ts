/**
 * Draws PDFs with the app's renderers and reads their text layer back, in a process of its own:
 * the parsed fonts are shared by every document of a process (lib/downloads/fonts.ts), so what
 * one document leaves in them can only be seen from a fresh start. Run by
 * lib/downloads/text-layer.test.ts as `node --import tsx tests/support/pdf-read-back.ts` with
 * the plan as JSON on stdin: a list of steps, each a list of documents drawn at the same time.
 * Prints, for every document, the text drawn on each page and the text pdf.js reads back from it.
 */
import { PDFDocument, PDFPage } from 'pdf-lib';
import { renderInvoicePdf } from '@/lib/commerce/invoice-pdf';
import type { InvoiceDocument } from '@/lib/commerce/invoice-document';
import { stampPdf } from '@/lib/downloads/stamp';
import { renderCreditNotePdf, type CreditNoteDocument } from '@/lib/selling/credit-note-pdf';
import type { Language } from '@/lib/worlds/worlds';

export type ReadBackJob =
  | { kind: 'stamp'; label: string; text: string }
  | { kind: 'invoice'; label: string; document: InvoiceDocument; language: Language; locale: string }
  | { kind: 'credit-note'; label: string; document: CreditNoteDocument; language: Language; locale: string };

export interface ReadBackResult {
  label: string;
  pages: { drawn: string[]; read: string }[];
}

// What each page was given to draw, by document, and what each saved file was drawn with. Every
// renderer returns the bytes of its document's save() as they are, so they identify the document.
const drawnBy = new WeakMap<PDFDocument, Map<PDFPage, string[]>>();
const drawnInto = new WeakMap<Uint8Array, string[][]>();

const drawText = PDFPage.prototype.drawText;
PDFPage.prototype.drawText = function (this: PDFPage, text, options) {
  const pages = drawnBy.get(this.doc) ?? new Map<PDFPage, string[]>();
  drawnBy.set(this.doc, pages);
  pages.set(this, [...(pages.get(this) ?? []), text]);
  return drawText.call(this, text, options);
};
const save = PDFDocument.prototype.save;
PDFDocument.prototype.save = async function (this: PDFDocument, options) {
  const bytes = await save.call(this, options);
  const pages = drawnBy.get(this);
  drawnInto.set(
    bytes,
    this.getPages().map((page) => pages?.get(page) ?? []),
  );
  return bytes;
};

async function blankPdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index++) document.addPage([595, 842]);
  return document.save();
}

function render(job: ReadBackJob): Promise<Uint8Array> {
  if (job.kind === 'stamp') return blankPdf(2).then((source) => stampPdf(source, job.text));
  if (job.kind === 'invoice') return renderInvoicePdf(job.document, job.language, job.locale);
  return renderCreditNotePdf(job.document, job.language, job.locale);
}

/** The text of every page as pdf.js gives it to search and copying: items in order, line ends kept. */
async function readBack(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

async function run(plan: ReadBackJob[][]): Promise<ReadBackResult[]> {
  const results: ReadBackResult[] = [];
  for (const step of plan) {
    const drawn = await Promise.all(step.map(render));
    for (const [index, bytes] of drawn.entries()) {
      const read = await readBack(bytes);
      const pages = drawnInto.get(bytes) ?? [];
      results.push({
        label: step[index]!.label,
        pages: read.map((text, page) => ({ drawn: pages[page] ?? [], read: text })),
      });
    }
  }
  return results;
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (input += chunk));
process.stdin.on('end', () => {
  run(JSON.parse(input) as ReadBackJob[][]).then(
    (results) => process.stdout.write(JSON.stringify(results)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
});
