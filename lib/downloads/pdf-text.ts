import { rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import { splitIntoRuns } from './fonts';

/** The fonts embedded in one document, by their index in the font list (see embedRunFonts). */
export type RunFonts = Map<number, PDFFont>;

/** The width of mixed-script text at a size, each run measured in its own font. */
export function textWidth(text: string, size: number, fonts: RunFonts): number {
  return splitIntoRuns(text).reduce((sum, run) => sum + fonts.get(run.fontIndex)!.widthOfTextAtSize(run.text, size), 0);
}

/** Draws mixed-script text from (x, y), run after run, each in the font that has its glyphs. */
export function drawText(
  page: PDFPage,
  text: string,
  at: { x: number; y: number; size: number; fonts: RunFonts; color?: Color },
): void {
  let x = at.x;
  for (const run of splitIntoRuns(text)) {
    const font = at.fonts.get(run.fontIndex)!;
    page.drawText(run.text, { x, y: at.y, size: at.size, font, color: at.color ?? rgb(0.1, 0.1, 0.1) });
    x += font.widthOfTextAtSize(run.text, at.size);
  }
}

/** Breaks a paragraph into lines of at most `width` points at word boundaries. */
export function wrapText(text: string, width: number, size: number, fonts: RunFonts): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, fonts) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
