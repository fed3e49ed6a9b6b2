import zlib from 'node:zlib';
import type { NonceTemplate } from './nonce-html';

/**
 * A cached page, gzip-compressed once, into which each response's nonce is spliced without
 * compressing again: the text between nonces is deflated into byte-aligned pieces (each ended
 * by a sync flush), and every nonce travels as a tiny stored (uncompressed) deflate block. The
 * gzip trailer's CRC-32 is affine in the nonce's bits, so it is precomputed too: a response
 * costs a few buffer copies and at most 8 × nonce length XORs, not a compression.
 *
 * The pieces keep back-references across nonces (each is compressed with the text before it as
 * its dictionary, where the nonce's place holds NUL bytes). A back-reference can only copy bytes
 * that equal the ones it replaces; the page never contains NUL, so no reference ever reaches
 * into a nonce's place. A page that does contain NUL is compressed piece by piece without them.
 */
export interface GzipTemplate {
  /** Deflate pieces; each but the last ends where a stored block's LEN/NLEN goes. */
  pieces: Buffer[];
  nonceLength: number;
  /** Uncompressed size, nonces included. */
  size: number;
  /** CRC-32 of the page with a nonce of NUL bytes. */
  crcBase: number;
  /** What flipping bit j of nonce byte k adds to the CRC (index k * 8 + j). */
  crcBits: Uint32Array;
}

const WINDOW = 32 * 1024;
const SYNC_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
// mtime 0, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** Compresses a template for a nonce of `nonceLength` bytes. */
export function buildGzipTemplate(template: NonceTemplate, nonceLength: number): GzipTemplate {
  const { segments } = template;
  const placeholder = Buffer.alloc(nonceLength);
  const chained = !segments.some((segment) => segment.includes(0));
  const pieces: Buffer[] = [];
  let history = Buffer.alloc(0);
  for (let i = 0; i < segments.length; i++) {
    const last = i === segments.length - 1;
    const piece = zlib.deflateRawSync(segments[i]!, {
      // Level 9 saves well under 1 % here and costs a third more time per stored page.
      level: 6,
      memLevel: 9,
      finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      ...(chained && history.length ? { dictionary: history } : {}),
    });
    if (last) {
      pieces.push(piece);
      break;
    }
    // A sync flush ends with an empty stored block: its LEN/NLEN become the nonce's.
    if (!piece.subarray(piece.length - 4).equals(SYNC_TAIL)) throw new Error('unexpected deflate flush');
    pieces.push(piece.subarray(0, piece.length - 4));
    if (chained) history = Buffer.concat([history, segments[i]!, placeholder]).subarray(-WINDOW);
  }

  let crcBase = 0;
  let size = 0;
  for (let i = 0; i < segments.length; i++) {
    if (i > 0) {
      crcBase = zlib.crc32(placeholder, crcBase);
      size += nonceLength;
    }
    crcBase = zlib.crc32(segments[i]!, crcBase);
    size += segments[i]!.length;
  }
  return { pieces, nonceLength, size, crcBase, crcBits: crcBitTable(segments, nonceLength) };
}

/** The gzip body of a template with this nonce (ASCII, `nonceLength` bytes). */
export function renderGzipTemplate(template: GzipTemplate, nonce: string): Buffer {
  const value = Buffer.from(nonce, 'latin1');
  if (value.length !== template.nonceLength) throw new Error('nonce length differs from the template');
  const stored = Buffer.allocUnsafe(4 + value.length);
  stored.writeUInt16LE(value.length, 0);
  stored.writeUInt16LE(~value.length & 0xffff, 2);
  value.copy(stored, 4);
  let crc = template.crcBase;
  for (let k = 0; k < value.length; k++) {
    const byte = value[k]!;
    for (let j = 0; j < 8; j++) if (byte & (1 << j)) crc ^= template.crcBits[k * 8 + j]!;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(template.size >>> 0, 4);
  const list: Buffer[] = [GZIP_HEADER];
  const { pieces } = template;
  for (let i = 0; i < pieces.length; i++) {
    list.push(pieces[i]!);
    if (i < pieces.length - 1) list.push(stored);
  }
  list.push(trailer);
  return Buffer.concat(list);
}

// CRC-32 arithmetic modulo its polynomial, as zlib's crc32_combine does it (reflected bits).
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    if (m === 0) break;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let n = 1; n < 32; n++) table.push((p = multModP(p, p)));
  return table;
})();

/** x^(8·bytes) modulo the polynomial: what appending that many bytes does to a CRC difference. */
function shiftBytes(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) if (n & 1) p = multModP(X2N[k & 31]!, p);
  return p;
}

/**
 * The CRC is affine in the page's bits: changing nonce bit j of byte k at every place changes
 * it by the same value whatever the rest is. Its difference for one byte with `r` bytes after
 * it is that byte's difference shifted by r bytes; the places add up (XOR).
 */
function crcBitTable(segments: Buffer[], nonceLength: number): Uint32Array {
  const table = new Uint32Array(nonceLength * 8);
  if (segments.length < 2) return table;
  // Sum over places of x^(8·bytes after the place's nonce).
  let after = 0;
  let placesShift = 0;
  for (let i = segments.length - 1; i >= 1; i--) {
    after += segments[i]!.length;
    placesShift ^= shiftBytes(after);
    after += nonceLength;
  }
  const zero = zlib.crc32(Buffer.from([0]));
  for (let k = 0; k < nonceLength; k++) {
    const shift = multModP(placesShift, shiftBytes(nonceLength - 1 - k));
    for (let j = 0; j < 8; j++) {
      const single = (zlib.crc32(Buffer.from([1 << j])) ^ zero) >>> 0;
      table[k * 8 + j] = multModP(shift, single);
    }
  }
  return table;
}
