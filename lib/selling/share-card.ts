/**
 * The image card of a material for social networks: a PNG of 1200 × 630 pixels (the size
 * Facebook, LinkedIn and X show a shared link at), drawn from an SVG with sharp.
 *
 * Text is drawn as outlines, not as SVG `<text>`: librsvg would look the fonts up through the
 * machine's fontconfig, and a server without Greek or Chinese fonts would draw empty boxes.
 * fontkit lays each run out in the Noto fonts that ship in node_modules (Latin, Greek and
 * Cyrillic, then Chinese and Japanese kana, Hangul, Thai, Devanagari: the order a download's
 * stamp uses, lib/downloads/fonts.ts), with kerning and the scripts' own shaping, and the
 * glyphs become path data. So a card looks the same on every machine and in every world, and
 * nothing a seller wrote is ever parsed as SVG. Text that still appears as text (the `<title>`)
 * is XML-escaped.
 *
 * No database and no `server-only`: the pages' tests and the route share it.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import sharp from 'sharp';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** A cover larger than this (pixels) is not decoded: a scanned page at 600 dpi still fits. */
const MAX_COVER_PIXELS = 40_000_000;

// ---------------------------------------------------------------------------------------------
// XML
// ---------------------------------------------------------------------------------------------

/**
 * Characters XML 1.0 does not allow at all (C0 controls but tab, line feed and carriage return;
 * lone surrogates; U+FFFE and U+FFFF). librsvg refuses a document that holds one, even escaped.
 */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML element or a quoted attribute: `& < > " '` escaped, characters XML forbids dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------------
// Fonts and text as outlines
// ---------------------------------------------------------------------------------------------

type Weight = 'regular' | 'bold';

/** The fonts tried for each character, in order (OFL; the licences ship in each package). */
const FONT_FAMILIES = [
  ['noto-sans', 'NotoSans'],
  ['noto-sans-sc', 'NotoSansSC'],
  ['noto-sans-kr', 'NotoSansKR'],
  ['noto-sans-thai', 'NotoSansThai'],
  ['noto-sans-devanagari', 'NotoSansDevanagari'],
] as const;

const WEIGHT_FOLDERS: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' };

const fonts = new Map<string, fontkit.Font>();

/**
 * A font, parsed once per process; the large ones (Chinese is 10 MB) only when a text needs
 * them. Paths from the project folder, as the stamp's fonts are found.
 */
function fontAt(index: number, weight: Weight): fontkit.Font {
  const key = `${index}:${weight}`;
  let font = fonts.get(key);
  if (!font) {
    const [folder, name] = FONT_FAMILIES[index]!;
    const file = path.join(
      process.cwd(),
      'node_modules',
      '@expo-google-fonts',
      folder,
      WEIGHT_FOLDERS[weight],
      `${name}_${WEIGHT_FOLDERS[weight]}.ttf`,
    );
    font = fontkit.create(fs.readFileSync(file)) as fontkit.Font;
    fonts.set(key, font);
  }
  return font;
}

interface Run {
  text: string;
  font: number;
}

/** Marks, joiners and variation selectors belong to the character before them. */
const ATTACHED = /[\p{M}\u200C\u200D\uFE00-\uFE0F]/u;
/** Spaces and punctuation stay in the run they are in, so a title is not cut into many runs. */
const NEUTRAL = /[\s\p{P}]/u;

/**
 * Splits text into runs by the first font that has each character. A character no font has (an
 * emoji) is left out with its marks, rather than drawn as an empty box.
 */
export function splitRuns(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  let dropping = false;
  for (const char of text) {
    const last = runs[runs.length - 1];
    if (ATTACHED.test(char)) {
      if (!dropping && last) last.text += char;
      continue;
    }
    let font: number;
    if (NEUTRAL.test(char) && last) font = last.font;
    else {
      const codePoint = char.codePointAt(0)!;
      font = FONT_FAMILIES.findIndex((_, index) => fontAt(index, weight).hasGlyphForCodePoint(codePoint));
      if (font === -1) {
        dropping = true;
        continue;
      }
    }
    dropping = false;
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/** Width of a text in pixels at a size. */
export function measure(text: string, size: number, weight: Weight): number {
  let units = 0;
  for (const run of splitRuns(text, weight)) {
    const font = fontAt(run.font, weight);
    units += (font.layout(run.text).advanceWidth / font.unitsPerEm) * size;
  }
  return units;
}

/** SVG path data of a line of text with its baseline's left end at (x, y). */
export function textPath(text: string, x: number, y: number, size: number, weight: Weight): string {
  let cursor = x;
  const parts: string[] = [];
  for (const run of splitRuns(text, weight)) {
    const font = fontAt(run.font, weight);
    const scale = size / font.unitsPerEm;
    const { glyphs, positions } = font.layout(run.text);
    glyphs.forEach((glyph, i) => {
      const position = positions[i]!;
      // Glyph 0 is the font's "missing" box.
      if (glyph.id !== 0) {
        const d = glyph.path
          .scale(scale, -scale)
          .translate(cursor + position.xOffset * scale, y - position.yOffset * scale)
          .toSVG();
        if (d) parts.push(d);
      }
      cursor += position.xAdvance * scale;
    });
  }
  return parts.join('');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The text shortened (by whole characters) until it and an ellipsis fit the width. */
export function truncate(text: string, width: number, size: number, weight: Weight): string {
  if (measure(text, size, weight) <= width) return text;
  const parts = [...graphemes.segment(text)].map((s) => s.segment);
  while (parts.length > 0) {
    parts.pop();
    const candidate = `${parts.join('').trimEnd()}…`;
    if (measure(candidate, size, weight) <= width) return candidate;
  }
  return '…';
}

/** Scripts written without spaces between words: a line may break between any two of their words. */
const NO_SPACES =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * The pieces a line may break between: at spaces, and between two words of a script written
 * without spaces (Chinese, Japanese, Thai). Punctuation stays with its word („Grundschule“,
 * "题：", "3/4").
 */
function breakUnits(text: string, locale?: string): string[] {
  const units: string[] = [];
  let unit = '';
  for (const { segment } of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    const before = unit.slice(-1);
    const breakHere =
      unit !== '' &&
      (/\s/.test(segment[0]!) || /\s/.test(before) || (NO_SPACES.test(before) && NO_SPACES.test(segment[0]!)));
    if (breakHere) {
      units.push(unit);
      unit = '';
    }
    unit += segment;
  }
  if (unit !== '') units.push(unit);
  return units;
}

/**
 * Breaks text into lines of at most `width` pixels (see `breakUnits`); a word longer than a
 * line is broken between characters. At most `maxLines`; the last one then ends with an ellipsis.
 */
export function wrapLines(
  text: string,
  options: { width: number; size: number; weight: Weight; maxLines: number; locale?: string },
): { lines: string[]; truncated: boolean } {
  const { width, size, weight } = options;
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    const candidate = line + piece;
    if (line === '' || measure(candidate.trimEnd(), size, weight) <= width) {
      line = line === '' ? piece.trimStart() : candidate;
      return;
    }
    lines.push(line.trimEnd());
    line = piece.trimStart();
  };
  for (const unit of breakUnits(text.replace(/\s+/g, ' ').trim(), options.locale)) {
    if (measure(unit.trim(), size, weight) <= width) push(unit);
    else for (const { segment: char } of graphemes.segment(unit)) push(char);
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  if (lines.length <= options.maxLines) return { lines, truncated: false };
  const kept = lines.slice(0, options.maxLines);
  // The next line did not fit after the last one kept, so the two together are cut with an ellipsis.
  kept[kept.length - 1] = truncate(`${kept[kept.length - 1]} ${lines[options.maxLines]}`, width, size, weight);
  return { lines: kept, truncated: true };
}

/**
 * The text without what no font can draw (an emoji, with its variation selector or skin tone),
 * spaces made single: what the card shows.
 */
export function drawableText(text: string, weight: Weight): string {
  let out = '';
  let dropping = false;
  for (const char of text.replace(NOT_XML, '')) {
    if (ATTACHED.test(char) || /[\u{1F3FB}-\u{1F3FF}]/u.test(char)) {
      if (!dropping) out += char;
      continue;
    }
    const codePoint = char.codePointAt(0)!;
    dropping =
      !/\s/.test(char) && !FONT_FAMILIES.some((_, index) => fontAt(index, weight).hasGlyphForCodePoint(codePoint));
    if (!dropping) out += char;
  }
  return out.replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// The card
// ---------------------------------------------------------------------------------------------

export interface ShareCardContent {
  /** The material's title, as the seller wrote it. */
  title: string;
  /** The line under it, already worded ("von Frau Demo"). */
  byline: string;
  /** The price as the material's world writes it ("4,99 €"), or the word for free. */
  price: string;
  /** The cover image's bytes (JPEG, PNG, WebP or GIF, judged by its bytes), or null for a drawn placeholder. */
  cover: Buffer | null;
  /** BCP 47 locale of the title, for line breaks. */
  locale?: string;
}

const COLORS = {
  board: '#1f3a32',
  boardEdge: '#2c5346',
  text: '#ffffff',
  muted: '#cfe3d9',
  chalk: '#f5c542',
  paper: '#f7f4ec',
};

/** Where the cover goes (3:4, the shape of a card's cover). */
export const COVER_BOX = { left: 70, top: 65, width: 375, height: 500, radius: 12 } as const;
const COLUMN = { left: 510, right: 1130, top: 95 } as const;
const PRICE = { top: 455, height: 76, size: 40, padding: 30 } as const;
const BYLINE_SIZE = 30;
const WORDMARK = { size: 44, baseline: 578 } as const;
/** Title sizes tried from the largest down; the smallest cuts the title off with an ellipsis. */
const TITLE_SIZES = [60, 54, 48, 42, 38] as const;

/** The title's lines at the largest size where all of it fits above the byline. */
function titleLayout(title: string, height: number, locale?: string) {
  for (const size of TITLE_SIZES) {
    const lineHeight = Math.round(size * 1.18);
    const maxLines = Math.max(1, Math.floor(height / lineHeight));
    const wrapped = wrapLines(title, {
      width: COLUMN.right - COLUMN.left,
      size,
      weight: 'bold',
      maxLines,
      locale,
    });
    if (!wrapped.truncated || size === TITLE_SIZES[TITLE_SIZES.length - 1])
      return { size, lineHeight, lines: wrapped.lines };
  }
  throw new Error('unreachable');
}

/** The ascent of the first font at a size: where a line's baseline sits below its top. */
const ascent = (size: number, weight: Weight) => {
  const font = fontAt(0, weight);
  return (font.ascent / font.unitsPerEm) * size;
};

/**
 * The card's SVG without the cover (composited by sharp in `COVER_BOX`). Every text is an
 * outline; the title is also the document's `<title>`, escaped.
 */
export function composeShareCardSvg(content: Omit<ShareCardContent, 'cover'> & { hasCover: boolean }): string {
  const width = COLUMN.right - COLUMN.left;
  const byline = truncate(drawableText(content.byline, 'regular'), width, BYLINE_SIZE, 'regular');
  const bylineHeight = Math.round(BYLINE_SIZE * 1.3);
  const titleHeight = PRICE.top - 36 - bylineHeight - 18 - COLUMN.top;
  const title = titleLayout(drawableText(content.title, 'bold'), titleHeight, content.locale);

  const paths: string[] = [];
  let y = COLUMN.top;
  const titleD = title.lines
    .map((line, i) =>
      textPath(line, COLUMN.left, y + i * title.lineHeight + ascent(title.size, 'bold'), title.size, 'bold'),
    )
    .join('');
  paths.push(`<path fill="${COLORS.text}" d="${titleD}"/>`);
  y += title.lines.length * title.lineHeight + 18;
  paths.push(
    `<path fill="${COLORS.muted}" d="${textPath(byline, COLUMN.left, y + ascent(BYLINE_SIZE, 'regular'), BYLINE_SIZE, 'regular')}"/>`,
  );

  const price = truncate(drawableText(content.price, 'bold'), width - 2 * PRICE.padding, PRICE.size, 'bold');
  const priceWidth = measure(price, PRICE.size, 'bold') + 2 * PRICE.padding;
  const priceBaseline = PRICE.top + PRICE.height / 2 + PRICE.size * 0.36;
  const wordmarkWidth = measure('Kreide', WORDMARK.size, 'bold');
  const wordmarkLeft = COLUMN.right - wordmarkWidth;

  const cover = content.hasCover
    ? // A shadow and a paper edge behind the composited cover.
      `<rect x="${COVER_BOX.left + 8}" y="${COVER_BOX.top + 10}" width="${COVER_BOX.width}" height="${COVER_BOX.height}" rx="${COVER_BOX.radius}" fill="#000" fill-opacity="0.28"/>` +
      `<rect x="${COVER_BOX.left - 4}" y="${COVER_BOX.top - 4}" width="${COVER_BOX.width + 8}" height="${COVER_BOX.height + 8}" rx="${COVER_BOX.radius + 4}" fill="${COLORS.paper}"/>`
    : `<rect x="${COVER_BOX.left}" y="${COVER_BOX.top}" width="${COVER_BOX.width}" height="${COVER_BOX.height}" rx="${COVER_BOX.radius}" fill="${COLORS.paper}"/>` +
      `<path fill="${COLORS.board}" d="${textPath(
        'Kreide',
        COVER_BOX.left + (COVER_BOX.width - measure('Kreide', 64, 'bold')) / 2,
        COVER_BOX.top + COVER_BOX.height / 2 + 22,
        64,
        'bold',
      )}"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">`,
    `<title>${escapeXml(content.title)}</title>`,
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="${COLORS.board}"/>`,
    `<rect x="14" y="14" width="${SHARE_CARD_WIDTH - 28}" height="${SHARE_CARD_HEIGHT - 28}" rx="18" fill="none" stroke="${COLORS.boardEdge}" stroke-width="6"/>`,
    cover,
    ...paths,
    `<rect x="${COLUMN.left}" y="${PRICE.top}" width="${priceWidth.toFixed(1)}" height="${PRICE.height}" rx="${PRICE.height / 2}" fill="${COLORS.chalk}"/>`,
    `<path fill="${COLORS.board}" d="${textPath(price, COLUMN.left + PRICE.padding, priceBaseline, PRICE.size, 'bold')}"/>`,
    `<path fill="${COLORS.text}" d="${textPath('Kreide', wordmarkLeft, WORDMARK.baseline, WORDMARK.size, 'bold')}"/>`,
    // A stroke of chalk under the wordmark.
    `<path d="M${(wordmarkLeft + 2).toFixed(1)} ${WORDMARK.baseline + 14} q${(wordmarkWidth / 2).toFixed(1)} -9 ${(wordmarkWidth - 4).toFixed(1)} -2" fill="none" stroke="${COLORS.chalk}" stroke-width="5" stroke-linecap="round"/>`,
    '</svg>',
  ].join('');
}

/**
 * True for the raster formats covers are stored in (JPEG, PNG, WebP, GIF), judged by their first
 * bytes. Anything else (an SVG above all, which librsvg would parse with its references) is
 * never handed to sharp.
 */
export function isRasterImage(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  return (
    (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) ||
    ascii(0, 8) === '\x89PNG\r\n\x1a\n' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    ascii(0, 6) === 'GIF87a' ||
    ascii(0, 6) === 'GIF89a'
  );
}

/** The cover cut to the box with rounded corners, or null when its bytes are not a raster image sharp reads. */
async function coverTile(bytes: Buffer): Promise<Buffer | null> {
  if (!isRasterImage(bytes)) return null;
  const { width, height, radius } = COVER_BOX;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`,
  );
  try {
    return await sharp(bytes, { limitInputPixels: MAX_COVER_PIXELS })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'north' })
      .ensureAlpha()
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** The card as PNG, 1200 × 630. A cover that cannot be read gives the drawn placeholder. */
export async function renderShareCard(content: ShareCardContent): Promise<Buffer> {
  const cover = content.cover ? await coverTile(content.cover) : null;
  const svg = composeShareCardSvg({ ...content, hasCover: cover !== null });
  const image = sharp(Buffer.from(svg));
  if (cover) image.composite([{ input: cover, left: COVER_BOX.left, top: COVER_BOX.top }]);
  return image.png({ compressionLevel: 8 }).toBuffer();
}
