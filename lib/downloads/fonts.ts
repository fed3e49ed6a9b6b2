import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts a stamp may need, in the order they are tried for each character: Noto Sans covers
 * Latin, Greek and Cyrillic; SC adds Chinese and Japanese kana; KR Hangul; Thai and Devanagari
 * their scripts (OFL, the licences ship in each package). A buyer's name can be in any of them.
 */
const FONT_FILES = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
] as const;

interface LoadedFont {
  bytes: Buffer;
  font: fontkit.Font;
}

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
type SubsettingFont = fontkit.Font & { createSubset(): { encode(): Uint8Array } };

/** Parsed fonts by their bytes: parsing Noto Sans SC takes longer than stamping a page. */
const parsedFonts = new WeakMap<ArrayBufferLike, SubsettingFont>();

type GlyphClass = new (id: number, codePoints: number[], font: fontkit.Font) => fontkit.Glyph;

const sameCodePoints = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((codePoint, index) => codePoint === b[index]);

/**
 * Makes a font answer every glyph with the characters it is asked for. fontkit keeps one glyph
 * object per id for the font's life, with the characters of its first use; pdf-lib writes a
 * document's text layer (ToUnicode) from those characters. A glyph first reached without
 * characters (as a component of another glyph when a subset is written: Greek capitals are built
 * from Latin shapes) or for another character drawn with the same shape would read back wrong in
 * every later document that shares the parsed font (`USt- d r.` for `USt-IdNr.`). So a request
 * with characters that the kept glyph lacks gets its own glyph object; the kept one still serves
 * what asks without characters (subsetting, outlines).
 */
function withCharactersPerUse(font: SubsettingFont): void {
  const getGlyph = font.getGlyph.bind(font);
  // Such glyphs are kept too (by id and characters), so their decoded metrics are reused; there
  // are at most as many as pairs of glyph and characters the app's texts reach.
  const variants = new Map<string, fontkit.Glyph>();
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || codePoints.length === 0 || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    const key = `${id}:${codePoints.join(',')}`;
    let variant = variants.get(key);
    if (!variant) {
      variant = new (glyph.constructor as GlyphClass)(id, [...codePoints], font);
      variants.set(key, variant);
    }
    return variant;
  };
}

/**
 * Parses a font once per process (keyed by its bytes, which fontAt keeps), with the one method
 * pdf-lib's engine interface needs and fontkit 2 renamed: pdf-lib asks a subset for
 * `encodeStream()`, fontkit 2 calls it `encode()` (and the old `@pdf-lib/fontkit` drops CJK
 * glyphs when subsetting). A parsed font is only read: each embedding makes its own subset.
 */
function parseFont(data: Uint8Array): SubsettingFont {
  const cacheable = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  const cached = cacheable ? parsedFonts.get(data.buffer) : undefined;
  if (cached) return cached;
  const font = fontkit.create(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) as SubsettingFont;
  withCharactersPerUse(font);
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, { encodeStream: () => Readable.from([Buffer.from(subset.encode())]) });
  };
  if (cacheable) parsedFonts.set(data.buffer, font);
  return font;
}

const loaded = new Map<number, LoadedFont>();

function fontAt(index: number): LoadedFont {
  let entry = loaded.get(index);
  if (!entry) {
    const bytes = fs.readFileSync(path.join(process.cwd(), 'node_modules', FONT_FILES[index]!));
    entry = { bytes, font: parseFont(bytes) };
    loaded.set(index, entry);
  }
  return entry;
}

/** pdf-lib's font engine over fontkit 2 (see parseFont). */
export const fontkitForPdfLib: PdfLibFontkit = {
  create: (data: Uint8Array) => parseFont(data) as unknown as ReturnType<PdfLibFontkit['create']>,
};

/** A run of text that one font can draw. */
export interface TextRun {
  text: string;
  fontIndex: number;
}

/** Splits text into runs by the first font that has each character (a missing glyph falls back to the first font). */
export function splitIntoRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    let fontIndex = 0;
    // Spaces and punctuation stay with the run they are in.
    if (!/[\s\p{P}]/u.test(char) || runs.length === 0) {
      const found = FONT_FILES.findIndex((_, index) => fontAt(index).font.hasGlyphForCodePoint(codePoint));
      fontIndex = found === -1 ? 0 : found;
    } else {
      fontIndex = runs[runs.length - 1]!.fontIndex;
    }
    const last = runs[runs.length - 1];
    if (last && last.fontIndex === fontIndex) last.text += char;
    else runs.push({ text: char, fontIndex });
  }
  return runs;
}

/** Embeds (subset) each font a document's runs need, once per document. */
export async function embedRunFonts(document: PDFDocument, runs: TextRun[]): Promise<Map<number, PDFFont>> {
  document.registerFontkit(fontkitForPdfLib);
  const fonts = new Map<number, PDFFont>();
  for (const run of runs) {
    if (!fonts.has(run.fontIndex))
      fonts.set(run.fontIndex, await document.embedFont(fontAt(run.fontIndex).bytes, { subset: true }));
  }
  return fonts;
}
