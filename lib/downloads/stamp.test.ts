import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { splitIntoRuns } from './fonts';
import { stampPdf, UnreadablePdfError } from './stamp';

async function samplePdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) document.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, font });
  return document.save();
}

function embeddedFonts(document: PDFDocument): string[] {
  return document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFDict =>
        object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
    )
    .map((descriptor) => descriptor.get(PDFName.of('FontName'))?.toString() ?? '');
}

describe('splitIntoRuns', () => {
  it('gives each script the font that has its glyphs and keeps spaces with their run', () => {
    expect(splitIntoRuns('Anna Ζωή 王小明 김민수').map((run) => [run.text, run.fontIndex])).toEqual([
      ['Anna Ζωή ', 0],
      ['王小明 ', 1],
      ['김민수', 2],
    ]);
  });
});

describe('stampPdf', () => {
  it('stamps every page and embeds only the fonts the text needs, as subsets', async () => {
    const stamped = await PDFDocument.load(await stampPdf(await samplePdf(20), 'Einzellizenz für Ζωή 王小明 김민수'));
    expect(stamped.getPageCount()).toBe(20);
    const fonts = embeddedFonts(stamped);
    expect(fonts).toHaveLength(3);
    expect(fonts.every((name) => name.startsWith('/NotoSans'))).toBe(true);
    const latinOnly = await PDFDocument.load(await stampPdf(await samplePdf(2), 'Single licence for Anna'));
    expect(embeddedFonts(latinOnly)).toHaveLength(1);
  });

  it('refuses a broken file and an encrypted one', async () => {
    await expect(stampPdf(new TextEncoder().encode('%PDF-1.7 not really'), 'x')).rejects.toBeInstanceOf(
      UnreadablePdfError,
    );
    const document = await PDFDocument.create();
    document.addPage();
    document.context.trailerInfo.Encrypt = document.context.obj({ Filter: 'Standard', V: 2, R: 3 });
    await expect(stampPdf(await document.save(), 'x')).rejects.toThrow('encrypted');
  });
});
