import type { AcceptedFormat } from './rules';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * The image format of a file, read from its leading bytes (its signature), never from its name
 * or the type a client declared. Null for anything that is not JPEG, PNG, WebP or GIF.
 */
export function detectImageFormat(bytes: Uint8Array): AcceptedFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((value, i) => bytes[i] === value)) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * A name for what a refused file looks like, for the error details only (so a user who picked
 * an SVG or a PDF is told so). Never used to accept anything.
 */
export function describeRefusedFile(bytes: Uint8Array): string {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<')) return /<svg[\s>]/.test(head) ? 'svg' : 'html';
  if (head.startsWith('%pdf')) return 'pdf';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') return 'heif';
  if (bytes.length >= 4 && (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*')) return 'tiff';
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === 'BM') return 'bmp';
  return 'unknown';
}
