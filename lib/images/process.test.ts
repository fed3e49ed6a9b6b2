import sharp from 'sharp';
import { errorStatus } from '@/lib/api/errors';
import { AppError } from '@/lib/errors/app-error';
import { backgroundSize, checkImage, renderBackground, renderUserImages } from './process';
import { MAX_INPUT_PIXELS } from './rules';
import { animatedGif, pixelAt, solidImage, twoToneImage } from './test-images';

/** Order in which a baseline JPEG writes its 64 quantisation values (libjpeg's natural order). */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
];
/** The luminance table of the JPEG standard (Annex K), which libjpeg scales by the quality. */
const ANNEX_K_LUMINANCE = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];

/** The luminance table libjpeg writes for a quality (its jpeg_quality_scaling). */
function expectedLuminanceTable(quality: number): number[] {
  const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - quality * 2;
  return ZIGZAG.map((natural) =>
    Math.min(255, Math.max(1, Math.floor((ANNEX_K_LUMINANCE[natural]! * scale + 50) / 100))),
  );
}

/** The first quantisation table of a JPEG file (the luminance one), read from its DQT segment. */
function luminanceTable(jpeg: Buffer): number[] {
  for (let i = 2; i < jpeg.length - 4;) {
    if (jpeg[i] !== 0xff) throw new Error('not a JPEG segment');
    const marker = jpeg[i + 1]!;
    const length = jpeg.readUInt16BE(i + 2);
    if (marker === 0xdb) return [...jpeg.subarray(i + 5, i + 5 + 64)];
    i += 2 + length;
  }
  throw new Error('no DQT segment');
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('checkImage', () => {
  it.each(['jpeg', 'png', 'webp', 'gif'] as const)('accepts %s, detected from the bytes', async (format) => {
    const checked = await checkImage(await solidImage(64, 48, format));
    expect(checked).toMatchObject({ format, width: 64, height: 48 });
  });

  it('refuses SVG, even a well-formed one libvips could render (415)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const error = await refusal(checkImage(svg));
    expect(errorStatus(error.code)).toBe(415);
    expect(error.details).toMatchObject({ reason: 'unsupported_format', detected: 'svg' });
  });

  it('refuses HTML (415)', async () => {
    const error = await refusal(
      checkImage(Buffer.from('\n  <!doctype html><html><body><img src=x onerror=alert(1)></body></html>')),
    );
    expect(errorStatus(error.code)).toBe(415);
    expect(error.details).toMatchObject({ detected: 'html' });
  });

  it('refuses formats outside the four, such as TIFF, whatever the file is called (415)', async () => {
    const error = await refusal(checkImage(await solidImage(10, 10, 'tiff')));
    expect(errorStatus(error.code)).toBe(415);
    expect(error.details).toMatchObject({ detected: 'tiff' });
  });

  it('refuses a file with an image signature that is HTML after it (422)', async () => {
    const error = await refusal(checkImage(Buffer.from('GIF89a<html><script>alert(document.cookie)</script></html>')));
    expect(error.code).toBe('invalid_image');
    expect(errorStatus(error.code)).toBe(422);
  });

  it('refuses a decompression bomb by its pixel count before decoding it (413)', async () => {
    // Small PNGs whose headers claim 30,000 × 30,000 pixels (3.6 GB once decoded) and 8,000 ×
    // 7,000 (just over our limit, well under libvips' own).
    const png = await solidImage(8, 8, 'png');
    for (const [width, height] of [
      [30_000, 30_000],
      [8_000, 7_000],
    ] as const) {
      const bomb = Buffer.from(png);
      bomb.writeUInt32BE(width, 16);
      bomb.writeUInt32BE(height, 20);
      bomb.writeInt32BE(crc32(bomb.subarray(12, 29)), 29);
      expect(bomb.length).toBeLessThan(1024);
      const error = await refusal(checkImage(bomb));
      expect(errorStatus(error.code)).toBe(413);
      expect(error.details).toMatchObject({ reason: 'too_many_pixels', maxPixels: MAX_INPUT_PIXELS });
    }
  });
});

describe('renderUserImages (author image 200, avatar 32×32 quality 95)', () => {
  it('renders a 200×200 author image and a 32×32 avatar, as WebP and JPEG', async () => {
    const { authorImage, avatar } = await renderUserImages(await checkImage(await solidImage(640, 480, 'jpeg')));
    expect(authorImage.webp).toMatchObject({ format: 'webp', width: 200, height: 200 });
    expect(authorImage.jpeg).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(avatar.webp).toMatchObject({ format: 'webp', width: 32, height: 32 });
    expect(avatar.jpeg).toMatchObject({ format: 'jpeg', width: 32, height: 32 });
    expect((await sharp(avatar.webp.data).metadata()).format).toBe('webp');
    expect((await sharp(avatar.jpeg.data).metadata()).format).toBe('jpeg');
  });

  it('encodes at quality 95: the JPEG carries the quality-95 quantisation table, the WebP equals a quality-95 encoding', async () => {
    const upload = await twoToneImage(300, 300);
    const { authorImage, avatar } = await renderUserImages(await checkImage(upload));
    expect(luminanceTable(avatar.jpeg.data)).toEqual(expectedLuminanceTable(95));
    expect(luminanceTable(authorImage.jpeg.data)).toEqual(expectedLuminanceTable(95));
    expect(luminanceTable(avatar.jpeg.data)).not.toEqual(expectedLuminanceTable(80));
    const reference95 = await sharp(upload).resize(32, 32, { fit: 'cover' }).webp({ quality: 95 }).toBuffer();
    const reference80 = await sharp(upload).resize(32, 32, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
    expect(reference95.equals(reference80)).toBe(false);
    expect(avatar.webp.data.equals(reference95)).toBe(true);
  });

  it('cuts the square from the middle of a wide picture', async () => {
    // Left half red, right half green: the middle column of the square shows both.
    const { authorImage } = await renderUserImages(await checkImage(await twoToneImage(800, 200)));
    const left = await pixelAt(authorImage.jpeg.data, 10, 100);
    const right = await pixelAt(authorImage.jpeg.data, 190, 100);
    expect(left[0]).toBeGreaterThan(200);
    expect(right[1]).toBeGreaterThan(200);
  });

  it('keeps transparency in WebP and puts it on white in the JPEG fallback', async () => {
    const transparent = await solidImage(100, 100, 'png', '#ff000000');
    const { avatar } = await renderUserImages(await checkImage(transparent));
    expect((await pixelAt(avatar.webp.data, 16, 16))[3]).toBe(0);
    expect(await pixelAt(avatar.jpeg.data, 16, 16)).toEqual([255, 255, 255, 255]);
  });

  it('uses the first frame of an animated GIF', async () => {
    const { avatar } = await renderUserImages(await checkImage(await animatedGif()));
    const [r, g, b] = await pixelAt(avatar.jpeg.data, 16, 16);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    expect(g).toBeLessThan(60);
  });

  it('applies the EXIF orientation and drops the metadata (camera, GPS) of the upload', async () => {
    const withExif = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#808080' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const checked = await checkImage(withExif);
    expect(checked).toMatchObject({ width: 100, height: 300 });
    const { authorImage } = await renderUserImages(checked);
    for (const data of [authorImage.webp.data, authorImage.jpeg.data]) {
      const metadata = await sharp(data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(data.includes('secret camera owner')).toBe(false);
    }
  });

  it('refuses a truncated JPEG and a truncated PNG (422)', async () => {
    const jpeg = await twoToneImage(400, 300).then((png) => sharp(png).jpeg().toBuffer());
    const png = await twoToneImage(400, 300);
    for (const truncated of [jpeg.subarray(0, Math.floor(jpeg.length / 2)), png.subarray(0, png.length - 40)]) {
      const error = await refusal(checkImage(truncated).then(renderUserImages));
      expect(error.code).toBe('invalid_image');
      expect(errorStatus(error.code)).toBe(422);
    }
  });

  it('stores nothing of a polyglot: script text hidden in a valid image is gone after re-encoding', async () => {
    const payload = '<script>alert(document.cookie)</script>';
    const jpeg = await solidImage(120, 120, 'jpeg');
    // Valid JPEG, then HTML after the end-of-image marker (a JPEG/HTML polyglot).
    const polyglot = Buffer.concat([jpeg, Buffer.from(`<html><body>${payload}</body></html>`)]);
    const png = await sharp(await solidImage(120, 120, 'png'))
      .png()
      .withMetadata()
      .toBuffer();
    // A PNG with the payload in a text chunk (tEXt): valid, and carrying the script.
    const text = Buffer.from(`Comment\0${payload}`, 'latin1');
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    chunk.writeInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
    const pngPolyglot = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
    for (const upload of [polyglot, pngPolyglot]) {
      expect(upload.includes(payload)).toBe(true);
      const { authorImage, avatar } = await renderUserImages(await checkImage(upload));
      for (const rendition of [authorImage.webp, authorImage.jpeg, avatar.webp, avatar.jpeg])
        expect(rendition.data.includes('<script')).toBe(false);
    }
  });
});

describe('renderBackground (height 204, width up to 1200, quality 80, WebP)', () => {
  it.each([
    [1600, 800, 408],
    [4000, 500, 1200],
    [100, 50, 408],
    [204, 2000, 21],
  ])('%i×%i becomes %i×204', (width, height, expected) => {
    expect(backgroundSize(width, height)).toEqual({ width: expected, height: 204 });
  });

  it('renders a 1200×204 WebP (and JPEG fallback) at quality 80 from a very wide picture', async () => {
    const upload = await twoToneImage(3000, 300);
    const background = await renderBackground(await checkImage(upload));
    expect(background.webp).toMatchObject({ format: 'webp', width: 1200, height: 204 });
    expect(background.jpeg).toMatchObject({ format: 'jpeg', width: 1200, height: 204 });
    expect(luminanceTable(background.jpeg.data)).toEqual(expectedLuminanceTable(80));
    const reference = await sharp(upload).resize(1200, 204, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
    expect(background.webp.data.equals(reference)).toBe(true);
  });

  it('keeps the proportions of a narrower picture and names its main colour', async () => {
    const background = await renderBackground(await checkImage(await solidImage(1000, 500, 'png', '#3366cc')));
    expect(background.webp).toMatchObject({ width: 408, height: 204 });
    expect(background.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.dominantColor.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r! + 80);
    expect(b).toBeGreaterThan(g!);
  });
});

/** CRC-32 of a PNG chunk (type and data). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc;
}
