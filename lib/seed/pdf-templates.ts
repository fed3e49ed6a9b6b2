import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { embedRunFonts, splitIntoRuns } from '@/lib/downloads/fonts';
import { drawText, wrapText, type RunFonts } from '@/lib/downloads/pdf-text';
import { fill } from '@/lib/text/fill';
import type { SeedVocabulary } from './vocabulary/types';

const PAGE = { width: 595, height: 842 };
const PAGES = 4;

const write = (page: PDFPage, text: string, x: number, y: number, size: number, fonts: RunFonts) =>
  drawText(page, text, { x, y, size, fonts });

/**
 * A demo worksheet of a few pages in the world's language for one subject: a title page with an
 * introduction, then exercise pages on the subject's topics. Demo materials of that subject share
 * it; what a buyer downloads is still personal, because every copy is stamped for its licence.
 */
export async function demoWorksheetPdf(vocab: SeedVocabulary, subjectIndex: number): Promise<Uint8Array> {
  const subject = vocab.subjects[subjectIndex]!;
  const document = await PDFDocument.create();
  document.setTitle(`${subject.title} – ${subject.topics[0]}`);
  document.setProducer('Kreide demo catalogue');
  const paragraphs = vocab.blogParagraphs
    .slice(0, 3)
    .map((p) => fill(p, { topic: subject.topics[0]!, subject: subject.title }));
  const allText = [subject.title, ...subject.topics, ...paragraphs, '1234567890.:_'].join(' ');
  const fonts = await embedRunFonts(document, splitIntoRuns(allText));
  for (let index = 0; index < PAGES; index++) {
    const page = document.addPage([PAGE.width, PAGE.height]);
    let y = PAGE.height - 72;
    const topic = subject.topics[index % subject.topics.length]!;
    write(page, `${subject.title} · ${topic}`, 56, y, index === 0 ? 22 : 16, fonts);
    y -= 40;
    if (index === 0) {
      for (const paragraph of paragraphs) {
        for (const line of wrapText(paragraph, PAGE.width - 112, 11, fonts)) {
          write(page, line, 56, y, 11, fonts);
          y -= 16;
        }
        y -= 10;
      }
    } else {
      for (let exercise = 1; exercise <= 8; exercise++) {
        write(page, `${exercise}. ${subject.topics[(index + exercise) % subject.topics.length]}:`, 56, y, 12, fonts);
        y -= 22;
        for (let blank = 0; blank < 2; blank++) {
          page.drawLine({
            start: { x: 56, y },
            end: { x: PAGE.width - 56, y },
            thickness: 0.5,
            color: rgb(0.6, 0.6, 0.6),
          });
          y -= 22;
        }
      }
    }
    write(page, `${index + 1} / ${PAGES}`, PAGE.width - 90, 40, 9, fonts);
  }
  return document.save({ useObjectStreams: true });
}
