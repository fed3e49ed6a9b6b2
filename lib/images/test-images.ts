import sharp from 'sharp';

/** Generated test images (sharp can create them): a solid colour, optionally with transparency. */
export function solidImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff',
  background = '#3366cc',
): Promise<Buffer> {
  const channels = format === 'png' || format === 'webp' ? 4 : 3;
  return sharp({ create: { width, height, channels, background } })[format]().toBuffer();
}

/** An image with a left half and a right half in different colours: shows where a crop was taken. */
export async function twoToneImage(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const right = await sharp({ create: { width: width - half, height, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: right, left: half, top: 0 }])
    .png()
    .toBuffer();
}

/** An animated GIF: a red first frame, a blue second one. */
export async function animatedGif(): Promise<Buffer> {
  const red = await solidImage(40, 30, 'png', '#ff0000');
  const blue = await solidImage(40, 30, 'png', '#0000ff');
  return sharp([red, blue], { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * 4;
  return [...data.subarray(offset, offset + 4)];
}
