import sharp from 'sharp';
import {
  composeShareCardSvg,
  COVER_BOX,
  drawableText,
  escapeXml,
  isRasterImage,
  measure,
  renderShareCard,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  textPath,
  wrapLines,
} from './share-card';

/** How many pixels of a region are nearly white (the card's text colour on the dark board). */
async function whitePixels(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(png).extract(region).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (data[i]! > 230 && data[i + 1]! > 230 && data[i + 2]! > 230) count++;
  return count;
}

/** The title's first line on the card. */
const TITLE_LINE = { left: 510, top: 95, width: 620, height: 70 };

describe('the share card', () => {
  it('escapes text for XML and drops what XML forbids', () => {
    expect(escapeXml(`<script>alert("x") & 'y'</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;) &amp; &apos;y&apos;&lt;/script&gt;',
    );
    expect(escapeXml('a\u0000b\u0008c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    // Tab, line feed, umlauts, Greek and a whole surrogate pair stay.
    expect(escapeXml('Größe\tΕλληνικά\n😀')).toBe('Größe\tΕλληνικά\n😀');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('puts the title into the SVG only escaped, and every drawn text as outlines', () => {
    const svg = composeShareCardSvg({
      title: '</title><script>alert(1)</script><image href="file:///etc/passwd"/> & Ü',
      byline: 'von <b>Frau</b> "Demo"',
      price: '4,99 €',
      hasCover: false,
    });
    expect(svg).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;image href=&quot;file:///etc/passwd&quot;/&gt; &amp; Ü</title>',
    );
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<image');
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('Frau');
    expect(svg.match(/<title>/g)).toHaveLength(1);
  });

  it('breaks lines at spaces, keeps quotes with their word, and cuts off with an ellipsis', () => {
    const { lines, truncated } = wrapLines('Übungsblätter für die „Grundschule“ mit Lösungen', {
      width: 300,
      size: 40,
      weight: 'bold',
      maxLines: 5,
    });
    expect(truncated).toBe(false);
    expect(lines.join(' ')).toBe('Übungsblätter für die „Grundschule“ mit Lösungen');
    expect(lines.some((line) => line.includes('„Grundschule“'))).toBe(true);
    for (const line of lines) expect(measure(line, 40, 'bold')).toBeLessThanOrEqual(300);

    const cut = wrapLines('eins zwei drei vier fünf sechs sieben acht neun zehn', {
      width: 200,
      size: 40,
      weight: 'bold',
      maxLines: 2,
    });
    expect(cut.truncated).toBe(true);
    expect(cut.lines).toHaveLength(2);
    expect(cut.lines[1]!.endsWith('…')).toBe(true);
    expect(measure(cut.lines[1]!, 40, 'bold')).toBeLessThanOrEqual(200);

    // Chinese has no spaces: it breaks between words; a word longer than a line between characters.
    const chinese = wrapLines('小学数学练习题分数与小数', { width: 200, size: 40, weight: 'bold', maxLines: 5 });
    expect(chinese.lines.length).toBeGreaterThan(1);
    expect(chinese.lines.join('')).toBe('小学数学练习题分数与小数');
    const long = wrapLines('Donaudampfschifffahrtsgesellschaftskapitänsmütze', {
      width: 300,
      size: 40,
      weight: 'bold',
      maxLines: 5,
    });
    expect(long.lines.join('')).toBe('Donaudampfschifffahrtsgesellschaftskapitänsmütze');
    for (const line of long.lines) expect(measure(line, 40, 'bold')).toBeLessThanOrEqual(300);
  });

  it('draws Greek, umlauts and Chinese from the bundled fonts and leaves out what no font has', () => {
    for (const text of ['Ελληνικά', 'Größe Übung', '分数与小数', 'ภาษาไทย', 'हिन्दी']) {
      expect(drawableText(text, 'bold')).toBe(text);
      expect(textPath(text, 0, 50, 40, 'bold').length).toBeGreaterThan(100);
    }
    expect(drawableText('Brüche 😀 👍🏽 üben', 'bold')).toBe('Brüche üben');
  });

  it('renders a PNG of 1200 × 630 with the title drawn, Greek and German alike', async () => {
    const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    for (const [title, cover_] of [
      ['Ελληνική γλώσσα: ασκήσεις ορθογραφίας για την Γ΄ Δημοτικού', cover],
      ['Übungsblätter zur Größenlehre: Maße & Gewichte', null],
    ] as const) {
      const png = await renderShareCard({ title, byline: 'von Frau Müller', price: '4,99 €', cover: cover_ });
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT]);
      expect(await whitePixels(png, TITLE_LINE)).toBeGreaterThan(1500);
    }
    // The cover sits in its box (blue), the placeholder without one is paper-coloured.
    const withCover = await renderShareCard({ title: 'A', byline: 'b', price: '1 €', cover });
    const { data } = await sharp(withCover)
      .extract({ left: COVER_BOX.left + 100, top: COVER_BOX.top + 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0x3a, 0x7b, 0xd5]);
  });

  it('draws no box for a title of emoji only, and survives a cover that is not an image', async () => {
    const png = await renderShareCard({
      title: '😀😀😀',
      byline: 'x',
      price: '1 €',
      cover: Buffer.from('<svg>not really</svg>'),
    });
    expect((await sharp(png).metadata()).width).toBe(SHARE_CARD_WIDTH);
    expect(await whitePixels(png, TITLE_LINE)).toBe(0);
  });

  it('takes only raster covers, by their bytes', async () => {
    const raster = await Promise.all(
      (['png', 'jpeg', 'webp', 'gif'] as const).map((format) =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .toFormat(format)
          .toBuffer(),
      ),
    );
    for (const bytes of raster) expect(isRasterImage(bytes)).toBe(true);
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '<?xml version="1.0"?><svg/>', 'RIFF....WAVE', ''])
      expect(isRasterImage(Buffer.from(text))).toBe(false);
    // An SVG "cover" is not drawn: the placeholder's paper shows in the box.
    const svgCover = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#3a7bd5"/></svg>',
    );
    const png = await renderShareCard({ title: 'A', byline: 'b', price: '1 €', cover: svgCover });
    const { data } = await sharp(png)
      .extract({ left: COVER_BOX.left + 20, top: COVER_BOX.top + 20, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0xf7, 0xf4, 0xec]);
  });
});
