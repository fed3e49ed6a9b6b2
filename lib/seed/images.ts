import sharp from 'sharp';

/**
 * Generated demo images: covers that show the material's title, and preview pages that look like
 * a worksheet. They are drawn as SVG and stored as WebP, as an uploaded cover or a rendered PDF
 * page would be: a browser paints an SVG image on the main thread (text layout included) and
 * decodes WebP off it, so SVG demo images made every page's load slower than real ones.
 */
const PALETTE = [
  '#1f6f8b',
  '#99a8b2',
  '#e6a157',
  '#c75d5d',
  '#5d8c5a',
  '#7b5ea7',
  '#d4a017',
  '#3d7ea6',
  '#b5651d',
  '#2e8b57',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 5);
}

/** Cover files: 375×500 is the first preview's displayed size and 2.5× a card's 150×200. */
export const COVER_SIZE = { width: 375, height: 500 } as const;
/** Preview files: 1.5× the displayed 354×500 (heights are capped at 500). */
export const PREVIEW_SIZE = { width: 530, height: 750 } as const;

/** Rasterises one of the drawings below at `width` pixels (the drawing keeps its proportions). */
export async function toWebp(svg: string, drawingWidth: number, width: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * width) / drawingWidth })
    .resize({ width })
    .webp({ quality: 70, effort: 2 })
    .toBuffer();
}

export function coverWebp(title: string, subject: string, colorIndex: number): Promise<Buffer> {
  return toWebp(coverSvg(title, subject, colorIndex), 600, COVER_SIZE.width);
}

export function previewWebp(heading: string, variant: number): Promise<Buffer> {
  return toWebp(previewSvg(heading, variant), 794, PREVIEW_SIZE.width);
}

/** A 600×800 cover with the title and subject on the subject's colour. */
export function coverSvg(title: string, subject: string, colorIndex: number): string {
  const color = PALETTE[colorIndex % PALETTE.length];
  const lines = wrap(title, 22)
    .map(
      (l, i) => `<text x="48" y="${300 + i * 52}" font-size="40" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800"><rect width="600" height="800" fill="${color}"/><rect x="24" y="24" width="552" height="752" fill="none" stroke="#fff" stroke-width="4" rx="16"/><text x="48" y="120" font-size="28" fill="#fff" font-family="sans-serif">${escapeXml(subject)}</text><g font-family="sans-serif">${lines}</g><circle cx="500" cy="690" r="50" fill="#fff" opacity=".25"/></svg>`;
}

/** A worksheet-like preview page (A4 proportions, 794×1123). */
export function previewSvg(heading: string, variant: number): string {
  const rows: string[] = [];
  for (let i = 0; i < 14; i++) {
    const y = 240 + i * 58;
    const w = 460 + ((i * 37 + variant * 53) % 220);
    rows.push(`<rect x="80" y="${y}" width="${w}" height="14" rx="7" fill="#d5dbe1"/>`);
    if ((i + variant) % 4 === 0) rows.push(`<rect x="80" y="${y + 24}" width="634" height="2" fill="#9aa5b1"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="794" height="1123" viewBox="0 0 794 1123"><rect width="794" height="1123" fill="#fff"/><rect x="40" y="40" width="714" height="1043" fill="none" stroke="#c8d0d8" stroke-width="2"/><text x="80" y="140" font-family="sans-serif" font-size="34" font-weight="700" fill="#27323d">${escapeXml(heading.slice(0, 40))}</text><text x="80" y="190" font-family="sans-serif" font-size="20" fill="#66737f">Name: ________________  Datum: ________</text>${rows.join('')}</svg>`;
}
