import sharp, { type Sharp } from 'sharp';
import { AppError } from '@/lib/errors/app-error';
import { describeRefusedFile, detectImageFormat } from './detect';
import { IMAGE_RULES, MAX_INPUT_PIXELS, type AcceptedFormat } from './rules';

/** One stored rendition of an image. */
export interface EncodedImage {
  data: Buffer;
  format: 'webp' | 'jpeg';
  width: number;
  height: number;
}

/** The WebP rendition pages use and its JPEG fallback (see rules.ts). */
export interface ImagePair {
  webp: EncodedImage;
  jpeg: EncodedImage;
}

/** An upload that passed the content checks. */
export interface CheckedImage {
  bytes: Buffer;
  format: AcceptedFormat;
  /** Size of the first frame after the EXIF orientation is applied. */
  width: number;
  height: number;
}

/**
 * Opens an upload for decoding: the first frame only (animated GIF and WebP), the pixel limit
 * against decompression bombs, and a refusal of truncated files. The EXIF orientation is applied
 * and, as with every sharp output, metadata (camera, GPS) is not carried over.
 */
function open(bytes: Buffer): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 }).autoOrient();
}

/** What a libvips failure means for the uploader: too many pixels (413) or an unreadable file (422). */
function decodingError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError('payload_too_large', undefined, { reason: 'too_many_pixels', maxPixels: MAX_INPUT_PIXELS });
  }
  return new AppError('invalid_image', undefined, { reason: 'undecodable' });
}

/**
 * Checks an upload by its content: the signature must say JPEG, PNG, WebP or GIF (SVG, HTML and
 * everything else are refused with 415), the decoder must agree, and the first frame must stay
 * under the pixel limit (413). Undecodable files are a 422.
 */
export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  const format = detectImageFormat(bytes);
  if (!format)
    throw new AppError('unsupported_media_type', undefined, {
      reason: 'unsupported_format',
      detected: describeRefusedFile(bytes),
      accepted: ['jpeg', 'png', 'webp', 'gif'],
    });
  let metadata: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    metadata = await sharp(bytes, { pages: 1, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw decodingError(error);
  }
  // The signature and the decoder must name the same format: a file that is one thing to us and
  // another to libvips is not let through.
  if (metadata.format !== format) throw new AppError('invalid_image', undefined, { reason: 'format_mismatch' });
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new AppError('invalid_image', undefined, { reason: 'undecodable' });
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError('payload_too_large', undefined, {
      reason: 'too_many_pixels',
      width,
      height,
      maxPixels: MAX_INPUT_PIXELS,
    });
  }
  return { bytes, format, width, height };
}

async function encode(pipeline: Sharp, format: EncodedImage['format'], quality: number): Promise<EncodedImage> {
  // JPEG has no transparency: transparent parts become white rather than black. Standard
  // (non-mozjpeg) quantisation keeps "quality 95" meaning what libjpeg says it means.
  const encoder =
    format === 'webp'
      ? pipeline.webp({ quality })
      : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return { data, format, width: info.width, height: info.height };
}

async function pair(pipeline: Sharp, quality: number): Promise<ImagePair> {
  const [webp, jpeg] = await Promise.all([
    encode(pipeline.clone(), 'webp', quality),
    encode(pipeline.clone(), 'jpeg', quality),
  ]);
  return { webp, jpeg };
}

/** Runs the decoding steps; a file that fails to decode here (truncated, corrupt) is a 422. */
async function decoding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw decodingError(error);
  }
}

/**
 * The author image (200×200) and the avatar (32×32), both quality 95, cut square from
 * the middle of the upload.
 */
export async function renderUserImages(image: CheckedImage): Promise<{ authorImage: ImagePair; avatar: ImagePair }> {
  return decoding(async () => {
    const { authorImage, avatar } = IMAGE_RULES;
    const square = (size: { width: number; height: number }) =>
      open(image.bytes).resize(size.width, size.height, { fit: 'cover', position: 'centre' });
    const [big, small] = await Promise.all([
      pair(square(authorImage), authorImage.quality),
      pair(square(avatar), avatar.quality),
    ]);
    return { authorImage: big, avatar: small };
  });
}

/** Size of the background for an upload of `width`×`height`: 204 high, at most 1200 wide. */
export function backgroundSize(width: number, height: number): { width: number; height: number } {
  const { height: target, maxWidth } = IMAGE_RULES.background;
  return { width: Math.max(1, Math.min(maxWidth, Math.round((width * target) / height))), height: target };
}

/**
 * The profile background: scaled to 204 high keeping its proportions, wider images
 * cut to 1200 around the middle; quality 80. Also answers the main colour, which pages may show
 * while the image loads.
 */
export async function renderBackground(image: CheckedImage): Promise<ImagePair & { dominantColor: string }> {
  return decoding(async () => {
    const size = backgroundSize(image.width, image.height);
    const pipeline = open(image.bytes).resize(size.width, size.height, { fit: 'cover', position: 'centre' });
    const rendered = await pair(pipeline, IMAGE_RULES.background.quality);
    const { dominant } = await sharp(rendered.jpeg.data).stats();
    const hex = (value: number) => value.toString(16).padStart(2, '0');
    return { ...rendered, dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}` };
  });
}
