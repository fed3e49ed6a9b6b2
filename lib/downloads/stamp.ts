import { PDFDocument, rgb } from 'pdf-lib';
import { removeActiveContent } from './active-content';
import { embedRunFonts, splitIntoRuns } from './fonts';
import { drawText, textWidth } from './pdf-text';

/** A file that pdf-lib cannot open or that is encrypted (pdf-lib would write blank pages). */
export class UnreadablePdfError extends Error {
  constructor(reason: 'broken' | 'encrypted') {
    super(`unreadable PDF: ${reason}`);
  }
}

const STAMP_SIZE = 7;
const MIN_STAMP_SIZE = 4;
const MARGIN = 24;

/**
 * Writes the licence line on the foot of every page of a PDF: the buyer, the order and the
 * licence, in whichever scripts the text needs (fonts subset, one per script). Long text is set
 * smaller rather than cut, so the buyer's whole name is always there. The copy carries no active
 * content (scripts, launch actions, embedded files, actions that run by themselves).
 */
export async function stampPdf(source: Uint8Array, text: string): Promise<Uint8Array> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(source, { updateMetadata: false });
    // pdf-lib's parser is lenient: a file without a page tree loads and fails only here.
    if (document.getPageCount() === 0) throw new Error('no pages');
  } catch (error) {
    // pdf-lib's EncryptedPDFError is compiled to ES5 and fails instanceof: its message says it.
    throw new UnreadablePdfError(/is encrypted/.test((error as Error).message) ? 'encrypted' : 'broken');
  }
  if (document.isEncrypted) throw new UnreadablePdfError('encrypted');
  // Uploads with active content are refused (lib/selling/file-check.ts), but files stored before
  // that check, or content the check missed, must still never reach a buyer's copy.
  removeActiveContent(document);
  const fonts = await embedRunFonts(document, splitIntoRuns(text));
  const fullWidth = textWidth(text, STAMP_SIZE, fonts);
  for (const page of document.getPages()) {
    const box = page.getCropBox();
    const room = box.width - 2 * MARGIN;
    const size = fullWidth > room ? Math.max(MIN_STAMP_SIZE, (STAMP_SIZE * room) / fullWidth) : STAMP_SIZE;
    drawText(page, text, { x: box.x + MARGIN, y: box.y + 12, size, fonts, color: rgb(0.35, 0.35, 0.35) });
  }
  return document.save({ useObjectStreams: true });
}
