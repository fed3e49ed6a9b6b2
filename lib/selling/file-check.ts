import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { findActiveContent } from '@/lib/downloads/active-content';
import sharp from 'sharp';
import { AppError, type ErrorCode } from '@/lib/errors/app-error';
import { detectImageFormat } from '@/lib/images/detect';

/**
 * Checks of a file a seller uploads for a material, by its content: the signature decides what
 * the file is, never its name or the type the browser declared, and the file is then opened far
 * enough to know it is sound (a PDF parses and has pages, an image decodes, an archive's
 * directory is consistent) and harmless (no macros, no scripts or programs in an archive, no
 * paths that climb out of the folder it is unpacked into, no zip bomb).
 *
 * No `server-only` import: the checks also run in a job thread.
 */

export type UploadSlot = 'material_file' | 'sources' | 'cover';
export type FileKind = 'pdf' | 'docx' | 'pptx' | 'xlsx' | 'png' | 'jpeg' | 'webp' | 'zip';

/** An upload that passed every check, with what to store and serve it as. */
export interface CheckedFile {
  kind: FileKind;
  mimeType: string;
  /** Without the dot: what a download is named with, whatever the client called the file. */
  extension: string;
  sizeBytes: number;
  /** Pages of a PDF; null for every other kind. */
  pageCount: number | null;
  /** Hex SHA-256 of the bytes, to recognise the same file uploaded again. */
  sha256: string;
}

/** What each upload slot takes: the material itself, its editable sources, its cover image. */
export const SLOT_KINDS: Record<UploadSlot, readonly FileKind[]> = {
  material_file: ['pdf', 'docx', 'pptx', 'xlsx', 'zip', 'png', 'jpeg', 'webp'],
  sources: ['docx', 'pptx', 'xlsx', 'zip', 'pdf'],
  cover: ['png', 'jpeg', 'webp'],
};

const MB = 1024 * 1024;

/**
 * Largest upload per kind.
 * - pdf 100 MB: scanned worksheets and textbook chapters with photos reach tens of MB; pdf-lib
 *   holds a parsed copy of the whole file in memory, so much more would strain the job thread.
 * - docx/pptx/xlsx 50 MB: Office files are already zip-compressed; a slide deck full of photos
 *   stays well below, and anything bigger is usually an embedded video, which does not belong in
 *   a worksheet.
 * - png/jpeg/webp 20 MB: a 48-megapixel phone photo is about 15 MB as JPEG.
 * - zip 200 MB: a bundle of several of the above.
 */
export const MAX_BYTES_BY_KIND: Record<FileKind, number> = {
  pdf: 100 * MB,
  docx: 50 * MB,
  pptx: 50 * MB,
  xlsx: 50 * MB,
  png: 20 * MB,
  jpeg: 20 * MB,
  webp: 20 * MB,
  zip: 200 * MB,
};

/**
 * All files of one material together (material file, sources and cover): the largest zip plus a
 * full-size PDF, and no more. The caller sums the stored sizes; this module sees one file.
 */
export const MAX_MATERIAL_BYTES = 300 * MB;

/**
 * Largest image in pixels: a 48-megapixel photo passes, a small file that claims 20,000 × 20,000
 * pixels (a decompression bomb) does not.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * Limits on what an archive (a zip or an Office file) may unpack to, judged from its directory
 * without unpacking anything.
 */
export const ARCHIVE_LIMITS = {
  /** Files in one archive: a year of worksheets is hundreds; tens of thousands is an attack. */
  maxEntries: 10_000,
  /** Sum of the declared unpacked sizes: five times the largest zip. */
  maxUnpackedBytes: 1024 * MB,
  /**
   * Unpacked : packed of one entry. Text and XML reach 10–50, sparse spreadsheets somewhat more;
   * deflate tops out near 1,030, where bombs live.
   */
  maxCompressionRatio: 200,
  /** Entries below this size are not judged by ratio: a small file cannot hurt, whatever it packs to. */
  ratioCheckFromBytes: MB,
} as const;

/** `[Content_Types].xml` is a few kB; it is the one part this module unpacks. */
const MAX_CONTENT_TYPES_BYTES = MB;

/**
 * Why an upload was refused, as `details.reason` of the AppError (the API layer turns these into
 * translated messages, so they never change). Numbers that go with them in `details`:
 * file_too_large `maxBytes`; type_not_allowed `kind` and `allowed`; image_too_many_pixels
 * `maxPixels`; zip_too_large_unpacked one of `maxBytes`, `maxEntries`, `maxRatio` (none when
 * entries overlap, a bomb that needs no large numbers); pdf_active_content `kinds` (from
 * ACTIVE_CONTENT_KINDS, named to the seller in their language).
 */
export const FILE_REFUSAL_REASONS = [
  'empty_file',
  'file_too_large',
  'type_not_allowed',
  'unknown_type',
  'pdf_encrypted',
  'pdf_broken',
  'pdf_no_pages',
  'pdf_active_content',
  'office_macros',
  'office_broken',
  'zip_broken',
  'zip_encrypted',
  'zip_unsafe_path',
  'zip_too_large_unpacked',
  'zip_forbidden_entry',
  'image_broken',
  'image_too_many_pixels',
] as const;
export type FileRefusalReason = (typeof FILE_REFUSAL_REASONS)[number];

/**
 * The HTTP meaning of each reason: 415 for what we do not take (whatever its state), 422 for an
 * accepted format that cannot be read, 413 for sizes.
 */
const REFUSAL_CODES: Record<FileRefusalReason, ErrorCode> = {
  empty_file: 'validation_failed',
  file_too_large: 'payload_too_large',
  type_not_allowed: 'unsupported_media_type',
  unknown_type: 'unsupported_media_type',
  pdf_encrypted: 'invalid_image',
  pdf_broken: 'invalid_image',
  pdf_no_pages: 'invalid_image',
  pdf_active_content: 'unsupported_media_type',
  office_macros: 'unsupported_media_type',
  office_broken: 'invalid_image',
  zip_broken: 'invalid_image',
  zip_encrypted: 'invalid_image',
  zip_unsafe_path: 'unsupported_media_type',
  zip_too_large_unpacked: 'payload_too_large',
  zip_forbidden_entry: 'unsupported_media_type',
  image_broken: 'invalid_image',
  image_too_many_pixels: 'payload_too_large',
};

function refuse(reason: FileRefusalReason, extra: Record<string, unknown> = {}): AppError {
  return new AppError(REFUSAL_CODES[reason], undefined, { reason, ...extra });
}

const FORMATS: Record<FileKind, { mimeType: string; extension: string }> = {
  pdf: { mimeType: 'application/pdf', extension: 'pdf' },
  docx: { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  pptx: { mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx' },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  png: { mimeType: 'image/png', extension: 'png' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  zip: { mimeType: 'application/zip', extension: 'zip' },
};

const ARCHIVE_KINDS: readonly FileKind[] = ['docx', 'pptx', 'xlsx', 'zip'];

/**
 * Checks an uploaded file for a slot, by content. Returns what it is; refuses (AppError with
 * `details.reason` from FILE_REFUSAL_REASONS) anything unknown, not allowed in the slot, too
 * large, unreadable or unsafe. The order matters for the message a seller gets: what the file
 * is comes before how large it is, and both before what is wrong inside.
 */
export async function checkUploadedFile(bytes: Buffer, slot: UploadSlot): Promise<CheckedFile> {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  if (buffer.length === 0) throw refuse('empty_file');
  const allowed = SLOT_KINDS[slot];
  // Nothing larger than the slot's largest kind is worth parsing.
  const slotMaxBytes = Math.max(...allowed.map((kind) => MAX_BYTES_BY_KIND[kind]));
  if (buffer.length > slotMaxBytes) throw refuse('file_too_large', { maxBytes: slotMaxBytes });

  const family = detectFamily(buffer);
  if (!family) throw refuse('unknown_type');
  const notAllowed = (kind: FileKind) => refuse('type_not_allowed', { kind, allowed: [...allowed] });

  let kind: FileKind;
  let archive: ArchiveEntry[] | null = null;
  if (family === 'archive') {
    try {
      archive = readArchiveDirectory(buffer);
    } catch (error) {
      // In a slot that takes no archive, a broken one is still just the wrong type.
      if (!allowed.some((candidate) => ARCHIVE_KINDS.includes(candidate))) throw notAllowed('zip');
      throw error;
    }
    kind = looksLikeOffice(archive) ?? 'zip';
  } else {
    kind = family;
  }
  if (!allowed.includes(kind)) throw notAllowed(kind);
  if (buffer.length > MAX_BYTES_BY_KIND[kind]) throw refuse('file_too_large', { maxBytes: MAX_BYTES_BY_KIND[kind] });

  let pageCount: number | null = null;
  if (kind === 'pdf') pageCount = await checkPdf(buffer);
  else if (kind === 'png' || kind === 'jpeg' || kind === 'webp') await checkImage(buffer, kind);
  else if (archive) {
    checkArchiveSafety(archive);
    if (kind === 'zip') checkZipEntries(archive);
    else kind = checkOffice(buffer, archive);
  }

  return {
    kind,
    ...FORMATS[kind],
    sizeBytes: buffer.length,
    pageCount,
    sha256: createHash('sha256').update(buffer).digest('hex'),
  };
}

// ---------------------------------------------------------------------------------------------
// What a file is

type Family = 'pdf' | 'png' | 'jpeg' | 'webp' | 'archive';

/** How far into a file a PDF header may start: PDF readers accept leading junk up to 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

/**
 * The format family from the leading bytes. A PDF header after a markup start is refused: that
 * is an HTML or SVG page with a PDF inside, which a browser would run as a page.
 */
function detectFamily(bytes: Buffer): Family | null {
  const image = detectImageFormat(bytes);
  if (image === 'png' || image === 'jpeg' || image === 'webp') return image;
  if (image) return null; // GIF: an image, but not one we take.
  // Only an archive that starts with a local file header: a zip appended to something else (a
  // self-extracting program, an HTML page) is that something else.
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER) return 'archive';
  if (bytes.length >= 22 && bytes.readUInt32LE(0) === END_OF_DIRECTORY) return 'archive';
  const pdfStart = bytes.subarray(0, PDF_HEADER_WINDOW).indexOf('%PDF-');
  if (pdfStart === 0) return 'pdf';
  if (pdfStart > 0 && !/<\s*[a-z!?/]/i.test(bytes.toString('latin1', 0, pdfStart))) return 'pdf';
  return null;
}

// ---------------------------------------------------------------------------------------------
// PDF

/**
 * A PDF must parse, must not be encrypted (we could neither render previews nor promise buyers a
 * file they can open), must have pages and must carry no active content: scripts, launch
 * actions, embedded files, actions that run by themselves, forms that send data, rich media, XFA
 * (lib/downloads/active-content.ts). Such a file is refused rather than cleaned, as macros in
 * Office files are: the seller learns what their file does and keeps the one file they sent, and
 * buyers never get a file that differs from the seller's. `ignoreEncryption` lets pdf-lib report encryption as
 * `isEncrypted` instead of throwing EncryptedPDFError, which is compiled to ES5 and so fails
 * `instanceof`.
 */
async function checkPdf(bytes: Buffer): Promise<number> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    // Encrypted objects often do not parse at all; the trailer still says why.
    throw refuse(hasEncryptEntry(bytes) ? 'pdf_encrypted' : 'pdf_broken');
  }
  if (document.isEncrypted) throw refuse('pdf_encrypted');
  let pageCount: number;
  try {
    // pdf-lib loads a file without a catalogue or page tree and fails only here. It also skips
    // pages whose objects are missing (a file cut short), so the pages it finds must be as many
    // as the page tree says; pdf.js, which renders the previews, goes by that number.
    pageCount = document.getPageCount();
    if (document.catalog.Pages().Count().asNumber() !== pageCount) throw new Error('Pages missing');
  } catch {
    throw refuse('pdf_broken');
  }
  if (pageCount === 0) throw refuse('pdf_no_pages');
  const activeContent = findActiveContent(document);
  if (activeContent.length > 0) throw refuse('pdf_active_content', { kinds: activeContent });
  return pageCount;
}

/** PDF delimiters and white space: what may follow a name such as `/Encrypt`. */
const PDF_NAME_END = new Set([...'\0\t\n\f\r ()<>[]{}/%'].map((char) => char.charCodeAt(0)));

/** Whether the file names an /Encrypt dictionary (and not merely /EncryptMetadata). */
function hasEncryptEntry(bytes: Buffer): boolean {
  for (let at = bytes.indexOf('/Encrypt'); at !== -1; at = bytes.indexOf('/Encrypt', at + 1)) {
    const next = bytes[at + '/Encrypt'.length];
    if (next === undefined || PDF_NAME_END.has(next)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Images

/**
 * The decoder must agree with the signature and decode the whole image: the header alone
 * (metadata) does not notice a truncated file, so a thumbnail is decoded too. libvips streams
 * it and JPEG shrinks while loading, so this costs well under a second even at 20 MB.
 */
async function checkImage(bytes: Buffer, kind: 'png' | 'jpeg' | 'webp'): Promise<void> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true } as const;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== kind || !metadata.width || !metadata.height) throw refuse('image_broken');
    await sharp(bytes, options).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw refuse('image_too_many_pixels', { maxPixels: MAX_IMAGE_PIXELS });
    }
    throw refuse('image_broken');
  }
}

// ---------------------------------------------------------------------------------------------
// Archives: the zip directory, read by hand.
//
// fflate's unzipSync lists entries (name, sizes, method) but does not check record signatures,
// does not expose the flags (encryption), the file attributes (symbolic links), the extra fields
// (Info-ZIP Unicode names) or the local headers, which unpackers that stream use instead of the
// directory. All of these decide whether an archive is safe, so the directory is read here, with
// every offset checked against the file; nothing is unpacked except `[Content_Types].xml`.

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;
const UINT16_MAX = 0xffff;
const UINT32_MAX = 0xffffffff;

const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8_NAME = 0x0800;
const FLAG_ENCRYPTED_DIRECTORY = 0x2000;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
const METHOD_AES = 99;
const HOST_UNIX = 3;
const UNIX_FILE_TYPE = 0o170000;
const UNIX_SYMLINK = 0o120000;

interface ArchiveEntry {
  /** The name in the central directory, which most unpackers use. */
  name: string;
  /** Every name an unpacker might use: the directory's, the local header's and an Info-ZIP Unicode path. */
  names: string[];
  encrypted: boolean;
  method: number;
  compressedSize: number;
  unpackedSize: number;
  headerOffset: number;
  dataStart: number;
  dataEnd: number;
  isSymlink: boolean;
}

/** Thrown while reading the directory; becomes zip_broken. */
class BrokenArchive extends Error {}

function need(condition: boolean): asserts condition {
  if (!condition) throw new BrokenArchive();
}

function readUInt64(bytes: Buffer, at: number): number {
  return bytes.readUInt32LE(at) + bytes.readUInt32LE(at + 4) * 2 ** 32;
}

/**
 * The end-of-directory record: searched from the end, and only one whose comment runs exactly
 * to the end of the file counts (a comment can contain a fake record).
 */
function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - UINT16_MAX);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY && at + 22 + bytes.readUInt16LE(at + 20) === bytes.length) {
      return at;
    }
  }
  throw new BrokenArchive();
}

/** The extra fields of a header as id → data. */
function readExtraFields(extra: Buffer): Map<number, Buffer> {
  const fields = new Map<number, Buffer>();
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    need(at + 4 + size <= extra.length);
    fields.set(id, extra.subarray(at + 4, at + 4 + size));
    at += 4 + size;
  }
  return fields;
}

/**
 * Bytes 0x80–0xFF of code page 437, the encoding of names without the UTF-8 flag. Windows'
 * own zip writes German umlauts there (ö is 0x94), which latin1 would turn into control
 * characters.
 */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

function decodeName(raw: Buffer, flags: number): string {
  if (flags & FLAG_UTF8_NAME) return new TextDecoder('utf-8').decode(raw);
  return Array.from(raw, (byte) => (byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80]!)).join('');
}

/**
 * Every entry of the archive's central directory, each cross-checked with its local header.
 * Refuses (zip_broken) a directory that does not add up, and (zip_too_large_unpacked) one that
 * lists more entries than allowed before reading them.
 */
function readArchiveDirectory(bytes: Buffer): ArchiveEntry[] {
  try {
    return readDirectory(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // RangeError from a read past the end means the same as a failed check.
    if (error instanceof BrokenArchive || error instanceof RangeError) throw refuse('zip_broken');
    throw error;
  }
}

function readDirectory(bytes: Buffer): ArchiveEntry[] {
  need(bytes.length >= 22);
  const end = findEndOfDirectory(bytes);
  need(bytes.readUInt16LE(end + 4) === 0 && bytes.readUInt16LE(end + 6) === 0); // split archives
  let entryCount = bytes.readUInt16LE(end + 10);
  let directorySize = bytes.readUInt32LE(end + 12);
  let directoryOffset = bytes.readUInt32LE(end + 16);
  need(bytes.readUInt16LE(end + 8) === entryCount);
  let directoryEnd = end;
  const overflowed = entryCount === UINT16_MAX || directorySize === UINT32_MAX || directoryOffset === UINT32_MAX;
  // Info-ZIP writes the ZIP64 records whenever it streams, overflow or not; they then govern.
  if (overflowed || (end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_LOCATOR)) {
    need(end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_LOCATOR);
    const record = readUInt64(bytes, end - 12);
    need(record + 56 <= end - 20 && bytes.readUInt32LE(record) === ZIP64_END_OF_DIRECTORY);
    entryCount = readUInt64(bytes, record + 32);
    need(readUInt64(bytes, record + 24) === entryCount);
    directorySize = readUInt64(bytes, record + 40);
    directoryOffset = readUInt64(bytes, record + 48);
    directoryEnd = record;
  }
  if (entryCount > ARCHIVE_LIMITS.maxEntries) {
    throw refuse('zip_too_large_unpacked', { maxEntries: ARCHIVE_LIMITS.maxEntries });
  }
  // The directory ends where its end record starts: nothing hidden between them.
  need(directoryOffset + directorySize === directoryEnd);
  need(entryCount * 46 <= directorySize);

  const entries: ArchiveEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    need(at + 46 <= directoryEnd && bytes.readUInt32LE(at) === CENTRAL_HEADER);
    const madeBy = bytes.readUInt16LE(at + 4) >> 8;
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    let compressedSize = bytes.readUInt32LE(at + 20);
    let unpackedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const attributes = bytes.readUInt32LE(at + 38);
    let headerOffset = bytes.readUInt32LE(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    need(next <= directoryEnd);
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    const extra = readExtraFields(bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));

    // ZIP64: the fields that overflowed, in this order, in the extra field.
    const zip64 = extra.get(ZIP64_EXTRA);
    let zip64At = 0;
    const fromZip64 = (value: number): number => {
      if (value !== UINT32_MAX) return value;
      need(zip64 !== undefined && zip64At + 8 <= zip64.length);
      const wide = readUInt64(zip64, zip64At);
      zip64At += 8;
      return wide;
    };
    unpackedSize = fromZip64(unpackedSize);
    compressedSize = fromZip64(compressedSize);
    headerOffset = fromZip64(headerOffset);

    const names = [decodeName(rawName, flags)];
    const unicodePath = extra.get(UNICODE_PATH_EXTRA);
    if (unicodePath && unicodePath.length > 5) names.push(new TextDecoder('utf-8').decode(unicodePath.subarray(5)));

    // The local header must describe the same file: streaming unpackers trust it alone.
    need(headerOffset + 30 <= directoryOffset && bytes.readUInt32LE(headerOffset) === LOCAL_HEADER);
    const localFlags = bytes.readUInt16LE(headerOffset + 6);
    need(bytes.readUInt16LE(headerOffset + 8) === method);
    const localNameLength = bytes.readUInt16LE(headerOffset + 26);
    const localExtraLength = bytes.readUInt16LE(headerOffset + 28);
    const dataStart = headerOffset + 30 + localNameLength + localExtraLength;
    need(bytes.subarray(headerOffset + 30, headerOffset + 30 + localNameLength).equals(rawName));
    const localExtra = readExtraFields(bytes.subarray(headerOffset + 30 + localNameLength, dataStart));
    const localUnicodePath = localExtra.get(UNICODE_PATH_EXTRA);
    if (localUnicodePath && localUnicodePath.length > 5) {
      names.push(new TextDecoder('utf-8').decode(localUnicodePath.subarray(5)));
    }
    // Sizes follow the data (flag bit 3) or overflowed to ZIP64; otherwise they must agree.
    const localCompressed = bytes.readUInt32LE(headerOffset + 18);
    const localUnpacked = bytes.readUInt32LE(headerOffset + 22);
    if (!(localFlags & 0x0008) && localCompressed !== UINT32_MAX && localUnpacked !== UINT32_MAX) {
      need(localCompressed === compressedSize && localUnpacked === unpackedSize);
    }
    const dataEnd = dataStart + compressedSize;
    need(dataEnd <= directoryOffset);

    const encryptionFlags = FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_ENCRYPTED_DIRECTORY;
    entries.push({
      name: names[0]!,
      names: [...new Set(names)],
      encrypted: Boolean((flags | localFlags) & encryptionFlags) || method === METHOD_AES,
      method,
      compressedSize,
      unpackedSize,
      headerOffset,
      dataStart,
      dataEnd,
      isSymlink: madeBy === HOST_UNIX && ((attributes >>> 16) & UNIX_FILE_TYPE) === UNIX_SYMLINK,
    });
    at = next;
  }
  need(at === directoryEnd);
  return entries;
}

const isDirectory = (entry: ArchiveEntry) => entry.name.endsWith('/') || entry.name.endsWith('\\');

/** Bidirectional overrides and isolates: they make `exe.pdf` display as `fdp.exe`. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Whether an unpacker could write this entry outside the folder it unpacks into, or under a name
 * that is not what it seems. Backslashes count as separators because Windows unpackers treat them
 * so. A colon elsewhere is harmless (macOS writes a `/` typed in Finder, as in `Klasse 5/6`, as
 * `:`); at the start of a segment it names a drive.
 */
function isUnsafePath(name: string): boolean {
  if (!name || CONTROL_CHARACTERS.test(name) || BIDI_CONTROLS.test(name)) return true;
  const path = name.replace(/\\/g, '/');
  if (path.startsWith('/')) return true;
  return path.split('/').some(
    (segment) =>
      /^[a-z]:/i.test(segment) ||
      // Windows drops trailing dots and spaces, so `.. ` and `...` are the parent folder there too.
      (/^[. ]+$/.test(segment) && segment.includes('..')),
  );
}

/** Encryption, unsafe paths and bombs: what makes any archive, Office files included, unsafe. */
function checkArchiveSafety(entries: ArchiveEntry[]): void {
  if (entries.some((entry) => entry.encrypted)) throw refuse('zip_encrypted');
  if (entries.some((entry) => entry.isSymlink || entry.names.some(isUnsafePath))) throw refuse('zip_unsafe_path');

  const unpackedTotal = entries.reduce((sum, entry) => sum + entry.unpackedSize, 0);
  if (unpackedTotal > ARCHIVE_LIMITS.maxUnpackedBytes) {
    throw refuse('zip_too_large_unpacked', { maxBytes: ARCHIVE_LIMITS.maxUnpackedBytes });
  }
  const ratioBomb = entries.some(
    (entry) =>
      entry.unpackedSize >= ARCHIVE_LIMITS.ratioCheckFromBytes &&
      entry.unpackedSize > Math.max(entry.compressedSize, 1) * ARCHIVE_LIMITS.maxCompressionRatio,
  );
  if (ratioBomb) throw refuse('zip_too_large_unpacked', { maxRatio: ARCHIVE_LIMITS.maxCompressionRatio });
  // Entries that share compressed data (one file's data inside another's) unpack the same bytes
  // many times over: the non-recursive zip bomb.
  const byOffset = [...entries].sort((a, b) => a.headerOffset - b.headerOffset);
  if (byOffset.some((entry, index) => index > 0 && entry.headerOffset < byOffset[index - 1]!.dataEnd)) {
    throw refuse('zip_too_large_unpacked');
  }
}

/** Programs, scripts and pages: what runs when a buyer double-clicks it after unpacking. */
// prettier-ignore
const FORBIDDEN_EXTENSIONS = new Set([
  'exe', 'bat', 'cmd', 'com', 'js', 'vbs', 'ps1', 'sh', 'jar', 'msi', 'dll', 'scr', 'html', 'htm', 'svg', 'hta', 'lnk',
  // Their close relatives: Windows script hosts, installers, control panel items, registry files.
  'jse', 'vbe', 'wsf', 'wsh', 'psm1', 'pif', 'cpl', 'msp', 'reg', 'xhtml', 'mht', 'mhtml',
  // Macro-enabled Office documents, templates and add-ins.
  'docm', 'dotm', 'xlsm', 'xltm', 'xlam', 'pptm', 'potm', 'ppsm', 'ppam', 'sldm',
]);

function extensionOf(name: string): string {
  // Windows drops trailing dots and spaces: `run.exe.` is `run.exe`.
  const base = name
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/[. ]+$/, '');
  const dot = base.lastIndexOf('.');
  return dot === -1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** A plain zip: not empty, and nothing in it that runs. Nested archives are not opened. */
function checkZipEntries(entries: ArchiveEntry[]): void {
  if (!entries.some((entry) => !isDirectory(entry))) throw refuse('empty_file');
  const forbidden = entries.some(
    (entry) => !isDirectory(entry) && entry.names.some((name) => FORBIDDEN_EXTENSIONS.has(extensionOf(name))),
  );
  if (forbidden) throw refuse('zip_forbidden_entry');
}

// ---------------------------------------------------------------------------------------------
// Office Open XML (docx, pptx, xlsx): zip packages with a `[Content_Types].xml`.

const CONTENT_TYPES = '[content_types].xml';
const OFFICE_FOLDERS: ReadonlyArray<readonly [string, FileKind]> = [
  ['word/', 'docx'],
  ['ppt/', 'pptx'],
  ['xl/', 'xlsx'],
];

/** The main part content types we take, each with what a download is named and served as. */
const DOCUMENT_CONTENT_TYPES = new Map<string, FileKind>([
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'docx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', 'pptx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xlsx'],
]);

/**
 * Other main parts, once macros are ruled out: templates (dotx, potx, xltx) and slide shows
 * (ppsx). Office refuses to open those under a docx/pptx/xlsx name, so they are not taken.
 */
const OTHER_MAIN_CONTENT_TYPE =
  /^application\/vnd\.(openxmlformats-officedocument\.(wordprocessingml|presentationml|spreadsheetml)|ms-(word|powerpoint|excel))\.[\w.-]+\.main\+xml$/;

/** Content types of VBA projects, ActiveX controls and Excel 4.0 macro sheets. */
const MACRO_CONTENT_TYPE = /macroenabled|vbaproject|vbadata|activex|macrosheet/;

/** Part names that carry macros or controls whatever the content types claim. */
function isMacroPart(name: string): boolean {
  const segments = name.toLowerCase().replace(/\\/g, '/').split('/');
  const base = segments.at(-1)!;
  return (
    base === 'vbaproject.bin' ||
    base === 'vbadata.xml' ||
    segments.slice(0, -1).some((segment) => segment === 'activex' || segment === 'macrosheets')
  );
}

/** The Office kind an archive claims by its layout, or null for a plain zip. */
function looksLikeOffice(entries: ArchiveEntry[]): FileKind | null {
  const names = entries.map((entry) => entry.name.toLowerCase());
  if (!names.includes(CONTENT_TYPES)) return null;
  const match = OFFICE_FOLDERS.find(([folder]) => names.some((name) => name.startsWith(folder)));
  return match ? match[1] : null;
}

/**
 * An Office file: no macros or ActiveX, and exactly one main document part of a type we take,
 * present in the package. Returns the kind its content types name.
 */
function checkOffice(bytes: Buffer, entries: ArchiveEntry[]): FileKind {
  const contentTypesEntry = entries.find((entry) => entry.name.toLowerCase() === CONTENT_TYPES)!;
  const contentTypes = readContentTypes(bytes, contentTypesEntry);
  const partNames = new Set(entries.map((entry) => entry.name.toLowerCase()));
  const extensions = new Set(entries.map((entry) => extensionOf(entry.name)));

  const declaredTypes = [
    ...contentTypes.overrides.values(),
    // A default applies only to parts with its extension; a stale one names nothing.
    ...[...contentTypes.defaults].filter(([extension]) => extensions.has(extension)).map(([, type]) => type),
  ];
  if (declaredTypes.some((type) => MACRO_CONTENT_TYPE.test(type)) || entries.some((entry) => isMacroPart(entry.name))) {
    throw refuse('office_macros');
  }

  const mainParts = [...contentTypes.overrides].filter(([, type]) => DOCUMENT_CONTENT_TYPES.has(type));
  if (mainParts.length === 0) {
    if ([...contentTypes.overrides.values()].some((type) => OTHER_MAIN_CONTENT_TYPE.test(type))) {
      throw refuse('unknown_type');
    }
    throw refuse('office_broken');
  }
  if (mainParts.length > 1) throw refuse('office_broken');
  const [partName, type] = mainParts[0]!;
  if (!partNames.has(partName.replace(/^\//, ''))) throw refuse('office_broken');
  return DOCUMENT_CONTENT_TYPES.get(type)!;
}

interface ContentTypes {
  /** Extension (lower case) → content type (lower case). */
  defaults: Map<string, string>;
  /** Part name (lower case, with its leading slash) → content type (lower case). */
  overrides: Map<string, string>;
}

/**
 * Unpacks and reads `[Content_Types].xml`, never more than MAX_CONTENT_TYPES_BYTES however small
 * its declared size claims to be. Part names and MIME types are case-insensitive in OPC, so
 * both are lower-cased.
 */
function readContentTypes(bytes: Buffer, entry: ArchiveEntry): ContentTypes {
  if (entry.unpackedSize > MAX_CONTENT_TYPES_BYTES) throw refuse('office_broken');
  const packed = bytes.subarray(entry.dataStart, entry.dataEnd);
  let xmlBytes: Buffer;
  try {
    if (entry.method === METHOD_STORED) xmlBytes = packed;
    else if (entry.method === METHOD_DEFLATED)
      xmlBytes = inflateRawSync(packed, { maxOutputLength: MAX_CONTENT_TYPES_BYTES });
    else throw new Error(`Compression method ${entry.method} in an Office file`);
  } catch {
    throw refuse('office_broken');
  }
  const xml = decodeXml(xmlBytes);
  if (!/<(?:[\w.-]+:)?Types[\s>]/.test(xml)) throw refuse('office_broken');

  const contentTypes: ContentTypes = { defaults: new Map(), overrides: new Map() };
  for (const [, tag, attributeText] of xml.matchAll(/<(?:[\w.-]+:)?(Default|Override)\b([^>]*)>/g)) {
    const attributes = new Map<string, string>();
    for (const [, attribute, doubleQuoted, singleQuoted] of attributeText!.matchAll(
      /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
    )) {
      attributes.set(attribute!, (doubleQuoted ?? singleQuoted ?? '').trim().toLowerCase());
    }
    const type = attributes.get('ContentType');
    if (!type) continue;
    if (tag === 'Default') {
      const extension = attributes.get('Extension');
      if (extension) contentTypes.defaults.set(extension.replace(/^\./, ''), type);
    } else {
      const partName = attributes.get('PartName');
      if (partName) contentTypes.overrides.set(partName, type);
    }
  }
  return contentTypes;
}

/** OPC allows UTF-8 and UTF-16, told apart by the byte order mark. */
function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

// ---------------------------------------------------------------------------------------------
// Download names

const MAX_DOWNLOAD_NAME_LENGTH = 120;

/** DOS device names: Windows will not create a file called `CON.pdf` or `lpt1.tar.zip`. */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * A client's file name made safe to send back in Content-Disposition and to save on any system:
 * only the last path segment; letters, marks and digits of any script, space, `-`, `_` and `.`
 * (everything else becomes a space, invisible format characters such as the right-to-left
 * override vanish); the client's own extension replaced by the detected one; at most 120
 * characters (code points) in all. Nothing left → `material`.
 */
export function safeDownloadName(name: string, extension: string): string {
  const suffix = extension
    .replace(/^\.+/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const dotSuffix = suffix ? `.${suffix}` : '';
  const lastSegment = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let base = lastSegment
    .replace(/\p{Cf}/gu, '')
    .replace(/[^\p{L}\p{M}\p{N} ._-]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/\.{2,}/g, '.')
    // The client's extension says nothing true about the content; the detected one replaces it.
    .replace(/\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,8}$/i, '');
  // Leading dots hide files, leading dashes read as options; trailing dots and spaces Windows drops.
  const trim = (text: string) => text.replace(/^[\s.-]+/, '').replace(/[\s.]+$/, '');
  base = trim(base);
  if (WINDOWS_DEVICE_NAME.test(base)) base = `_${base}`;
  const room = MAX_DOWNLOAD_NAME_LENGTH - dotSuffix.length;
  const codePoints = Array.from(base);
  if (codePoints.length > room) base = trim(codePoints.slice(0, room).join(''));
  return `${base || 'material'}${dotSuffix}`;
}
