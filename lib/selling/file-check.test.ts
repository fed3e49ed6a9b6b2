import { createHash } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { errorStatus } from '@/lib/api/errors';
import { AppError } from '@/lib/errors/app-error';
import { solidImage } from '@/lib/images/test-images';
import {
  ARCHIVE_LIMITS,
  checkUploadedFile,
  FILE_REFUSAL_REASONS,
  MAX_BYTES_BY_KIND,
  MAX_IMAGE_PIXELS,
  safeDownloadName,
  SLOT_KINDS,
  type UploadSlot,
} from './file-check';

const MB = 1024 * 1024;

/** The status and details of the refusal of a file; fails the test when the file passes. */
async function refusal(bytes: Buffer, slot: UploadSlot = 'material_file') {
  const error = await checkUploadedFile(bytes, slot).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, details } = error as AppError;
  expect(FILE_REFUSAL_REASONS).toContain((details as { reason: string }).reason);
  return { status: errorStatus(code), details };
}

// ---------------------------------------------------------------------------------------------
// Fixtures

async function pdfWithPages(pages: number, options: { useObjectStreams?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page++) document.addPage([595, 842]);
  // pdf-lib adds a page to a document without one unless told not to.
  return Buffer.from(await document.save({ ...options, addDefaultPage: false }));
}

/**
 * A one-page PDF whose trailer names an /Encrypt dictionary (RC4, revision 2), as a PDF saved with
 * a password has: the objects themselves are left readable, which pdf-lib does not look at.
 */
async function encryptedPdf(): Promise<Buffer> {
  const text = (await pdfWithPages(1, { useObjectStreams: false })).toString('latin1');
  const encrypt = '99 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>\nendobj\n';
  const withEncrypt = text
    .replace(/\nxref\n/, `\n${encrypt}xref\n`)
    .replace(/trailer\s*<</, (trailer) => `${trailer}\n/Encrypt 99 0 R`);
  expect(withEncrypt).toContain('/Encrypt 99 0 R');
  return Buffer.from(withEncrypt, 'latin1');
}

const MAIN_TYPES = {
  docx: ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  pptx: ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
  xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
} as const;

function contentTypesXml(overrides: Record<string, string>, defaults: Record<string, string> = {}): string {
  const allDefaults = {
    rels: 'application/vnd.openxmlformats-package.relationships+xml',
    xml: 'application/xml',
    ...defaults,
  };
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    Object.entries(allDefaults)
      .map(([extension, type]) => `<Default Extension="${extension}" ContentType="${type}"/>`)
      .join('') +
    Object.entries(overrides)
      .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
      .join('') +
    '</Types>'
  );
}

/** A minimal Office Open XML package: content types, the package relationships and the main part. */
function officeFile(
  kind: keyof typeof MAIN_TYPES,
  options: {
    mainType?: string;
    defaults?: Record<string, string>;
    overrides?: Record<string, string>;
    parts?: Zippable;
    contentTypes?: Uint8Array;
  } = {},
): Buffer {
  const [mainPart, mainType] = MAIN_TYPES[kind];
  const contentTypes =
    options.contentTypes ??
    strToU8(contentTypesXml({ [mainPart]: options.mainType ?? mainType, ...options.overrides }, options.defaults));
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': contentTypes,
      '_rels/.rels': strToU8('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
      [mainPart]: strToU8('<root/>'),
      ...options.parts,
    }),
  );
}

function zip(files: Record<string, string | Uint8Array>): Buffer {
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    zippable[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return Buffer.from(zipSync(zippable));
}

/**
 * One entry of a zip written byte by byte, for what fflate will not write: flags, lying sizes,
 * Unix attributes, extra fields, a local name that differs from the directory's.
 */
interface RawEntry {
  name: string;
  data?: Buffer;
  flags?: number;
  method?: number;
  declaredSize?: number;
  madeBy?: number;
  attributes?: number;
  extra?: Buffer;
  localName?: string;
}

/** A name as a zip stores it: UTF-8 when flagged so, otherwise one byte per character (CP437 below 0x80). */
function nameBytes(name: string, flags = 0): Buffer {
  return Buffer.from(name, flags & 0x0800 ? 'utf8' : 'latin1');
}

function localHeader(entry: RawEntry): Buffer {
  const name = nameBytes(entry.localName ?? entry.name, entry.flags);
  const data = entry.data ?? Buffer.alloc(0);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags ?? 0, 6);
  header.writeUInt16LE(entry.method ?? 0, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(entry.declaredSize ?? data.length, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(entry.extra?.length ?? 0, 28);
  return Buffer.concat([header, name, entry.extra ?? Buffer.alloc(0), data]);
}

function centralHeader(entry: RawEntry, offset: number): Buffer {
  const name = nameBytes(entry.name, entry.flags);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(entry.madeBy ?? 20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.flags ?? 0, 8);
  header.writeUInt16LE(entry.method ?? 0, 10);
  header.writeUInt32LE(entry.data?.length ?? 0, 20);
  header.writeUInt32LE(entry.declaredSize ?? entry.data?.length ?? 0, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(entry.extra?.length ?? 0, 30);
  header.writeUInt32LE(entry.attributes ?? 0, 38);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name, entry.extra ?? Buffer.alloc(0)]);
}

function endOfDirectory(count: number, directorySize: number, directoryOffset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(directorySize, 12);
  record.writeUInt32LE(directoryOffset, 16);
  return record;
}

function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const local = localHeader(entry);
    centrals.push(centralHeader(entry, offset));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endOfDirectory(entries.length, directory.length, offset)]);
}

/** The Info-ZIP Unicode Path extra field, which some unpackers prefer to the entry's name. */
function unicodePathExtra(name: string): Buffer {
  const path = Buffer.from(name);
  const field = Buffer.alloc(9);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + path.length, 2);
  field.writeUInt8(1, 4);
  return Buffer.concat([field, path]);
}

// ---------------------------------------------------------------------------------------------

describe('checkUploadedFile: PDF', () => {
  beforeEach(() => {
    // pdf-lib reports every object it cannot parse on the console.
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([1, 3])('takes a PDF with %i page(s) and counts them', async (pages) => {
    const bytes = await pdfWithPages(pages);
    await expect(checkUploadedFile(bytes, 'material_file')).resolves.toEqual({
      kind: 'pdf',
      mimeType: 'application/pdf',
      extension: 'pdf',
      sizeBytes: bytes.length,
      pageCount: pages,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it('takes a PDF whose header follows some leading bytes, as PDF readers do', async () => {
    const bytes = Buffer.concat([Buffer.alloc(100, 0x0a), await pdfWithPages(2)]);
    await expect(checkUploadedFile(bytes, 'sources')).resolves.toMatchObject({ kind: 'pdf', pageCount: 2 });
  });

  it('refuses an encrypted PDF (422)', async () => {
    expect(await refusal(await encryptedPdf())).toEqual({ status: 422, details: { reason: 'pdf_encrypted' } });
  });

  /** A PDF that pdf-lib cannot parse, with a trailer that ends in `trailer`. */
  const unparseable = (trailer: string) =>
    Buffer.from(`%PDF-1.7\n1 0 obj <</Length 5>> stream\n\u00ff\u00fe\nendstream\ntrailer <<${trailer}`);

  it('calls an encrypted PDF encrypted even when its objects do not parse', async () => {
    expect(await refusal(unparseable('/Encrypt 3 0 R'))).toEqual({
      status: 422,
      details: { reason: 'pdf_encrypted' },
    });
  });

  it('does not take /EncryptMetadata for encryption', async () => {
    expect(await refusal(unparseable('/EncryptMetadata false'))).toEqual({
      status: 422,
      details: { reason: 'pdf_broken' },
    });
  });

  it('refuses a truncated PDF (422)', async () => {
    const bytes = await pdfWithPages(3);
    expect(await refusal(bytes.subarray(0, Math.floor(bytes.length * 0.6)))).toEqual({
      status: 422,
      details: { reason: 'pdf_broken' },
    });
  });

  it('refuses a PDF whose page tree counts pages that are not there', async () => {
    const text = (await pdfWithPages(3, { useObjectStreams: false })).toString('latin1');
    expect(text).toContain('/Count 3');
    expect(await refusal(Buffer.from(text.replace('/Count 3', '/Count 4'), 'latin1'))).toEqual({
      status: 422,
      details: { reason: 'pdf_broken' },
    });
  });

  it('refuses a PDF header followed by anything but a PDF', async () => {
    expect(await refusal(Buffer.from('%PDF-1.4\nhello world\n'))).toEqual({
      status: 422,
      details: { reason: 'pdf_broken' },
    });
  });

  it('refuses a PDF without pages (422)', async () => {
    expect(await refusal(await pdfWithPages(0))).toEqual({ status: 422, details: { reason: 'pdf_no_pages' } });
  });

  it('refuses an HTML page named .pdf, even one with a PDF header inside (415)', async () => {
    const page = Buffer.concat([
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>\n'),
      await pdfWithPages(1),
    ]);
    expect(await refusal(page)).toEqual({ status: 415, details: { reason: 'unknown_type' } });
  });

  it('refuses a PDF as cover', async () => {
    expect(await refusal(await pdfWithPages(1), 'cover')).toEqual({
      status: 415,
      details: { reason: 'type_not_allowed', kind: 'pdf', allowed: ['png', 'jpeg', 'webp'] },
    });
  });
});

describe('checkUploadedFile: Office files', () => {
  it.each([
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const)('takes a %s by its content types', async (kind, mimeType) => {
    const bytes = officeFile(kind);
    await expect(checkUploadedFile(bytes, 'sources')).resolves.toMatchObject({
      kind,
      mimeType,
      extension: kind,
      sizeBytes: bytes.length,
      pageCount: null,
    });
  });

  it('reads content types stored uncompressed and in UTF-16', async () => {
    const xml = contentTypesXml({ [MAIN_TYPES.docx[0]]: MAIN_TYPES.docx[1] });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace('UTF-8', 'UTF-16'), 'utf16le')]);
    const bytes = Buffer.from(
      zipSync({ '[Content_Types].xml': [utf16, { level: 0 }], 'word/document.xml': strToU8('<root/>') }),
    );
    await expect(checkUploadedFile(bytes, 'material_file')).resolves.toMatchObject({ kind: 'docx' });
  });

  it('refuses a macro-enabled document (.docm) with its VBA project (415)', async () => {
    const bytes = officeFile('docx', {
      mainType: 'application/vnd.ms-word.document.macroEnabled.main+xml',
      defaults: { bin: 'application/vnd.ms-office.vbaProject' },
      parts: { 'word/vbaProject.bin': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) },
    });
    expect(await refusal(bytes)).toEqual({ status: 415, details: { reason: 'office_macros' } });
  });

  it('refuses a VBA project whatever the content types claim', async () => {
    const bytes = officeFile('docx', { parts: { 'word/vbaProject.bin': new Uint8Array([1, 2, 3]) } });
    expect(await refusal(bytes)).toMatchObject({ details: { reason: 'office_macros' } });
  });

  it('refuses a macro-enabled content type without a VBA part (.pptm)', async () => {
    const bytes = officeFile('pptx', {
      mainType: 'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml',
    });
    expect(await refusal(bytes)).toMatchObject({ details: { reason: 'office_macros' } });
  });

  it('refuses ActiveX controls and Excel 4.0 macro sheets', async () => {
    const activeX = officeFile('docx', {
      overrides: { 'word/activeX/activeX1.xml': 'application/vnd.ms-office.activeX+xml' },
      parts: { 'word/activeX/activeX1.xml': strToU8('<ax/>') },
    });
    expect(await refusal(activeX)).toMatchObject({ details: { reason: 'office_macros' } });
    const macroSheet = officeFile('xlsx', { parts: { 'xl/macrosheets/sheet1.xml': strToU8('<xm/>') } });
    expect(await refusal(macroSheet)).toMatchObject({ details: { reason: 'office_macros' } });
  });

  it('ignores a default content type that names no part', async () => {
    const bytes = officeFile('docx', { defaults: { bin: 'application/vnd.ms-office.vbaProject' } });
    await expect(checkUploadedFile(bytes, 'material_file')).resolves.toMatchObject({ kind: 'docx' });
  });

  it('refuses templates and slide shows, which Office will not open under a docx/pptx name', async () => {
    const template = officeFile('docx', {
      mainType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
    });
    expect(await refusal(template)).toEqual({ status: 415, details: { reason: 'unknown_type' } });
  });

  it.each([
    ['no main part type', { contentTypes: strToU8(contentTypesXml({})) }],
    ['content types that are not XML', { contentTypes: strToU8('not xml at all') }],
    [
      'a main part that is missing',
      { contentTypes: strToU8(contentTypesXml({ 'word/other.xml': MAIN_TYPES.docx[1] })) },
    ],
    ['two main parts', { overrides: { 'word/other.xml': MAIN_TYPES.docx[1] } }],
  ])('refuses an Office file with %s (422)', async (_, options) => {
    expect(await refusal(officeFile('docx', options))).toEqual({ status: 422, details: { reason: 'office_broken' } });
  });

  it('refuses an Office file as cover, naming what it is', async () => {
    expect(await refusal(officeFile('docx'), 'cover')).toEqual({
      status: 415,
      details: { reason: 'type_not_allowed', kind: 'docx', allowed: ['png', 'jpeg', 'webp'] },
    });
  });

  it('applies the archive checks to Office files too', async () => {
    const bytes = rawZip([
      { name: '[Content_Types].xml', data: Buffer.from(contentTypesXml({})) },
      { name: 'word/document.xml', data: Buffer.from('<root/>'), flags: 0x0001 },
    ]);
    expect(await refusal(bytes)).toMatchObject({ details: { reason: 'zip_encrypted' } });
  });
});

describe('checkUploadedFile: zip archives', () => {
  it('takes a zip of materials, in folders, with Windows separators', async () => {
    const bytes = zip({
      'Klasse 5/Brüche.pdf': await pdfWithPages(1),
      'Klasse 5\\Lösungen.docx': officeFile('docx'),
      'Klasse 5:6 Brüche.pdf': await pdfWithPages(1),
      'Bilder/': new Uint8Array(0),
      'Bilder/tafel.png': await solidImage(4, 4, 'png'),
      'liesmich.txt': 'Viel Spaß!',
    });
    await expect(checkUploadedFile(bytes, 'sources')).resolves.toMatchObject({
      kind: 'zip',
      mimeType: 'application/zip',
      extension: 'zip',
      pageCount: null,
    });
  });

  it('reads the ZIP64 records Info-ZIP writes when it streams (`echo hallo | zip stream.zip -`)', async () => {
    const streamed = Buffer.from(
      'UEsDBC0AAAAAAAxbel3glrrD//////////8BABQALQEAEAAGAAAAAAAAAAYAAAAAAAAAaGFsbG8KUEsBAh4DLQAAAAAADFt6XeCWusMGAAAABgAA' +
        'AAEAAAAAAAAAAQAAAIARAAAAAC1QSwYGLAAAAAAAAAAeAy0AAAAAAAAAAAABAAAAAAAAAAEAAAAAAAAALwAAAAAAAAA5AAAAAAAAAFBLBgcAAAAA' +
        'aAAAAAAAAAABAAAAUEsFBgAAAAABAAEALwAAADkAAAAAAA==',
      'base64',
    );
    await expect(checkUploadedFile(streamed, 'sources')).resolves.toMatchObject({ kind: 'zip' });
  });

  it('reads names without the UTF-8 flag as code page 437, as Windows writes them', async () => {
    // 0x94 is ö in CP437 and a control character in latin1.
    const bytes = rawZip([{ name: 'L\u0094sungen.pdf', data: Buffer.from('%PDF-') }]);
    await expect(checkUploadedFile(bytes, 'sources')).resolves.toMatchObject({ kind: 'zip' });
  });

  it.each([
    '../evil.txt',
    'ok/../../evil.txt',
    '/etc/cron.d/evil',
    '..\\..\\evil.txt',
    'C:/evil.txt',
    'ok/d:evil.txt',
    '\\\\server\\share\\evil.txt',
  ])('refuses the unsafe path %j (415)', async (name) => {
    expect(await refusal(zip({ 'fine.txt': 'x', [name]: 'evil' }))).toEqual({
      status: 415,
      details: { reason: 'zip_unsafe_path' },
    });
  });

  it('refuses a traversal hidden in the Info-ZIP Unicode path', async () => {
    const bytes = rawZip([{ name: 'harmless.txt', data: Buffer.from('x'), extra: unicodePathExtra('../evil.txt') }]);
    expect(await refusal(bytes)).toMatchObject({ details: { reason: 'zip_unsafe_path' } });
  });

  it('refuses a symbolic link and a name with a right-to-left override', async () => {
    const link = rawZip([
      { name: 'link', data: Buffer.from('/etc/passwd'), madeBy: 0x031e, attributes: (0o120777 << 16) >>> 0 },
    ]);
    expect(await refusal(link)).toMatchObject({ details: { reason: 'zip_unsafe_path' } });
    expect(await refusal(zip({ 'photo\u202Egpj.txt': 'x' }))).toMatchObject({ details: { reason: 'zip_unsafe_path' } });
  });

  it.each([
    'run.exe',
    'tools/Setup.MSI',
    'script.js',
    'page.html',
    'logo.svg',
    'run.exe. ',
    'Aufgaben.docm',
    'a.txt:x.exe',
  ])('refuses an archive containing %j (415)', async (name) => {
    expect(await refusal(zip({ 'worksheet.txt': 'x', [name]: 'MZ' }))).toEqual({
      status: 415,
      details: { reason: 'zip_forbidden_entry' },
    });
  });

  it('refuses a zip bomb by declared size (413)', async () => {
    const bytes = rawZip([{ name: 'big.txt', data: Buffer.from('small'), declaredSize: 0xfffffff0 }]);
    expect(await refusal(bytes)).toEqual({
      status: 413,
      details: { reason: 'zip_too_large_unpacked', maxBytes: ARCHIVE_LIMITS.maxUnpackedBytes },
    });
  });

  it('refuses an entry that unpacks a thousandfold', async () => {
    const bytes = Buffer.from(zipSync({ 'zeros.bin': new Uint8Array(20 * MB) }, { level: 9 }));
    expect(await refusal(bytes)).toEqual({
      status: 413,
      details: { reason: 'zip_too_large_unpacked', maxRatio: ARCHIVE_LIMITS.maxCompressionRatio },
    });
  });

  it('refuses more entries than allowed', async () => {
    const files: Zippable = {};
    for (let index = 0; index <= ARCHIVE_LIMITS.maxEntries; index++) files[`${index}.txt`] = new Uint8Array(0);
    expect(await refusal(Buffer.from(zipSync(files)))).toEqual({
      status: 413,
      details: { reason: 'zip_too_large_unpacked', maxEntries: ARCHIVE_LIMITS.maxEntries },
    });
  });

  it('refuses entries that share their data (the non-recursive zip bomb)', async () => {
    const inner: RawEntry = { name: 'b.txt', data: Buffer.from('shared') };
    const outer: RawEntry = { name: 'a.txt', data: localHeader(inner) };
    const local = localHeader(outer);
    const directory = Buffer.concat([centralHeader(outer, 0), centralHeader(inner, 30 + outer.name.length)]);
    const bytes = Buffer.concat([local, directory, endOfDirectory(2, directory.length, local.length)]);
    expect(await refusal(bytes)).toEqual({ status: 413, details: { reason: 'zip_too_large_unpacked' } });
  });

  it('refuses encrypted entries, ZipCrypto and AES (422)', async () => {
    const zipCrypto = rawZip([{ name: 'secret.pdf', data: Buffer.from('xxxx'), flags: 0x0001 }]);
    expect(await refusal(zipCrypto)).toEqual({ status: 422, details: { reason: 'zip_encrypted' } });
    const aes = rawZip([{ name: 'secret.pdf', data: Buffer.from('xxxx'), method: 99 }]);
    expect(await refusal(aes)).toEqual({ status: 422, details: { reason: 'zip_encrypted' } });
  });

  it.each([
    ['a truncated archive', () => zip({ 'a.txt': 'hello' }).subarray(0, -5)],
    ['a zip signature and nothing else', () => Buffer.from('PK\u0003\u0004 this is not an archive')],
    ['a local name that differs from the directory', () => rawZip([{ name: 'a.txt', localName: 'a.exe' }])],
    [
      'a directory that is not where the end record says',
      () => Buffer.concat([zip({ 'a.txt': 'x' }).subarray(0, -6), Buffer.alloc(6)]),
    ],
  ])('refuses %s (422)', async (_, build) => {
    expect(await refusal(build())).toEqual({ status: 422, details: { reason: 'zip_broken' } });
  });

  it('refuses an archive without files', async () => {
    expect(await refusal(endOfDirectory(0, 0, 0))).toEqual({ status: 400, details: { reason: 'empty_file' } });
    expect(await refusal(zip({ 'empty/': new Uint8Array(0) }))).toMatchObject({ details: { reason: 'empty_file' } });
  });

  it('refuses a zip as cover, broken or not', async () => {
    const expected = { status: 415, details: { reason: 'type_not_allowed', kind: 'zip', allowed: SLOT_KINDS.cover } };
    expect(await refusal(zip({ 'a.txt': 'x' }), 'cover')).toEqual(expected);
    expect(await refusal(Buffer.from('PK\u0003\u0004 broken'), 'cover')).toEqual(expected);
  });
});

describe('checkUploadedFile: images', () => {
  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['webp', 'image/webp', 'webp'],
  ] as const)('takes a %s cover by its signature', async (format, mimeType, extension) => {
    const bytes = await solidImage(40, 30, format);
    await expect(checkUploadedFile(bytes, 'cover')).resolves.toMatchObject({
      kind: format,
      mimeType,
      extension,
      pageCount: null,
    });
  });

  it('takes an image as a material but not as sources', async () => {
    const png = await solidImage(4, 4, 'png');
    await expect(checkUploadedFile(png, 'material_file')).resolves.toMatchObject({ kind: 'png' });
    expect(await refusal(png, 'sources')).toEqual({
      status: 415,
      details: { reason: 'type_not_allowed', kind: 'png', allowed: ['docx', 'pptx', 'xlsx', 'zip', 'pdf'] },
    });
  });

  it.each(['png', 'jpeg'] as const)('refuses a truncated %s (422)', async (format) => {
    const bytes = await solidImage(300, 300, format);
    expect(await refusal(bytes.subarray(0, Math.floor(bytes.length / 2)), 'cover')).toEqual({
      status: 422,
      details: { reason: 'image_broken' },
    });
  });

  it('refuses an image that claims more pixels than allowed (413)', async () => {
    const jpeg = Buffer.from(await solidImage(8, 8, 'jpeg'));
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    jpeg.writeUInt16BE(60_000, frame + 5);
    jpeg.writeUInt16BE(60_000, frame + 7);
    expect(await refusal(jpeg, 'cover')).toEqual({
      status: 413,
      details: { reason: 'image_too_many_pixels', maxPixels: MAX_IMAGE_PIXELS },
    });
  });

  it('refuses a GIF, an image we do not take', async () => {
    expect(await refusal(await solidImage(4, 4, 'gif'), 'cover')).toEqual({
      status: 415,
      details: { reason: 'unknown_type' },
    });
  });
});

describe('checkUploadedFile: everything else', () => {
  it.each([
    ['HTML', '<!DOCTYPE html><html><body>Arbeitsblatt</body></html>'],
    ['SVG', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['a shell script', '#!/bin/sh\nrm -rf ~\n'],
    ['plain text', 'Aufgabe 1: 3/4 + 1/8 = ?'],
    ['a Windows program', 'MZ\u0090\u0000\u0003\u0000\u0000\u0000'],
  ])('refuses %s whatever it is called (415)', async (_, text) => {
    expect(await refusal(Buffer.from(text))).toEqual({ status: 415, details: { reason: 'unknown_type' } });
  });

  it('refuses an empty file (400)', async () => {
    expect(await refusal(Buffer.alloc(0))).toEqual({ status: 400, details: { reason: 'empty_file' } });
  });

  it("refuses a file over the slot's limit before looking at it (413)", async () => {
    const bytes = Buffer.alloc(MAX_BYTES_BY_KIND.png + 1);
    expect(await refusal(bytes, 'cover')).toEqual({
      status: 413,
      details: { reason: 'file_too_large', maxBytes: MAX_BYTES_BY_KIND.png },
    });
  });

  it("refuses a file over its kind's limit (413)", async () => {
    const png = await solidImage(4, 4, 'png');
    const bytes = Buffer.concat([png, Buffer.alloc(MAX_BYTES_BY_KIND.png + 1 - png.length)]);
    expect(await refusal(bytes, 'material_file')).toEqual({
      status: 413,
      details: { reason: 'file_too_large', maxBytes: MAX_BYTES_BY_KIND.png },
    });
  });
});

describe('safeDownloadName', () => {
  it.each([
    ['Arbeitsblatt Brüche.pdf', 'pdf', 'Arbeitsblatt Brüche.pdf'],
    ['C:\\Users\\Anna\\Desktop\\Lösungen.PDF', 'pdf', 'Lösungen.pdf'],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['..', 'pdf', 'material.pdf'],
    ['', 'docx', 'material.docx'],
    ['///', 'zip', 'material.zip'],
    ['.pdf', 'pdf', 'material.pdf'],
    ['notes.exe', 'pdf', 'notes.pdf'],
    ['Rechnung\u202Efdp.exe', 'pdf', 'Rechnungfdp.pdf'],
    ['a\u0000b\nc\td.docx', '.DOCX', 'a b c d.docx'],
    ['Aufgabe: 3+4 <b>?.pdf', 'pdf', 'Aufgabe 3 4 b.pdf'],
    ['Übung – Ελληνικά 日本語 ٣.pptx', 'pptx', 'Übung Ελληνικά 日本語 ٣.pptx'],
    ['แบบฝึกหัด คณิต.pdf', 'pdf', 'แบบฝึกหัด คณิต.pdf'],
    ['Version 1.2', 'pdf', 'Version 1.2.pdf'],
    ['  -rf ..pdf', 'pdf', 'rf.pdf'],
    ['CON.pdf', 'pdf', '_CON.pdf'],
    ['Bild', 'jpg', 'Bild.jpg'],
  ])('%j as %s → %j', (name, extension, expected) => {
    expect(safeDownloadName(name, extension)).toBe(expected);
  });

  it('shortens long names to 120 characters, keeping the extension and whole characters', () => {
    const long = safeDownloadName(`${'Arbeitsblatt '.repeat(20)}.pdf`, 'pdf');
    expect(long).toHaveLength(120);
    expect(long).toMatch(/^(Arbeitsblatt )+Arbeitsblatt\.pdf$/);
    // A cut that ends in a space drops it.
    expect(safeDownloadName(`${'a'.repeat(115)} ${'b'.repeat(20)}`, 'pdf')).toBe(`${'a'.repeat(115)}.pdf`);
    const astral = safeDownloadName('𝔄'.repeat(300), 'docx');
    expect(Array.from(astral)).toHaveLength(120);
    expect(astral).toMatch(/^𝔄+\.docx$/u);
  });
});
