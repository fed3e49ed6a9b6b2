import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { embedRunFonts, splitIntoRuns } from '@/lib/downloads/fonts';
import { drawText } from '@/lib/downloads/pdf-text';
import type { PreviewRenderResult, RenderedImage } from './preview-render';

/**
 * pdf.js ships as ES modules only, which Jest (CommonJS here) cannot load. The module runs where
 * it runs in production: in a worker thread with tsx (as lib/jobs/thread-bootstrap.mjs starts
 * one). Progress calls come back as messages; errors with their `reason`.
 */
const THREAD_CODE = `
const { parentPort } = require('node:worker_threads');
require('tsx/cjs/api').register();
const render = require(${JSON.stringify(path.join(__dirname, 'preview-render.ts'))});
parentPort.on('message', async ({ id, name, args }) => {
  try {
    if (name === 'renderPdfPreviews')
      args[1] = { ...args[1], onProgress: (done, total) => parentPort.postMessage({ id, progress: [done, total] }) };
    const started = performance.now();
    const result = await render[name](...args);
    parentPort.postMessage({ id, result, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, reason: error.reason } });
  }
});
`;

interface Pending {
  resolve: (answer: { result: unknown; ms: number }) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
}

interface Answer {
  id: number;
  progress?: [number, number];
  result?: unknown;
  ms?: number;
  error?: { message: string; reason?: string };
}

let thread: Worker;
let nextId = 0;
const pending = new Map<number, Pending>();

function call<T>(name: string, args: unknown[], onProgress?: (done: number, total: number) => void) {
  const id = nextId++;
  return new Promise<{ result: T; ms: number }>((resolve, reject) => {
    pending.set(id, { resolve: resolve as Pending['resolve'], reject, onProgress });
    thread.postMessage({ id, name, args });
  });
}

beforeAll(() => {
  thread = new Worker(THREAD_CODE, { eval: true });
  thread.on('message', (answer: Answer) => {
    const call = pending.get(answer.id)!;
    if (answer.progress) return call.onProgress?.(...answer.progress);
    pending.delete(answer.id);
    if (answer.error) call.reject(Object.assign(new Error(answer.error.message), { reason: answer.error.reason }));
    else call.resolve({ result: answer.result, ms: answer.ms! });
  });
  // A thread that dies fails the calls still waiting, rather than leaving them to time out.
  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  thread.on('error', failAll);
  thread.on('exit', (code) => failAll(new Error(`the test thread ended (code ${code})`)));
});

afterAll(async () => {
  await thread.terminate();
});

interface PdfOptions {
  watermark: string;
  maxPages?: number;
  deadlineMs?: number;
}

const renderPdf = (pdf: Uint8Array, options: PdfOptions, onProgress?: (done: number, total: number) => void) =>
  call<PreviewRenderResult>('renderPdfPreviews', [pdf, options], onProgress);

const renderCover = (image: Buffer) =>
  call<{ page: RenderedImage; card: RenderedImage }>('renderImageCover', [image]).then(({ result }) => result);

const isWebp = (bytes: Uint8Array) => {
  const buffer = Buffer.from(bytes);
  return buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP';
};

async function pixelsOf(image: RenderedImage) {
  const { data, info } = await sharp(Buffer.from(image.webp)).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([image.width, image.height]);
  return data;
}

/** Share of pixels that differ clearly between two renders of one size. */
function changedShare(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 24) changed++;
  }
  return changed / (a.length / 3);
}

const GREEK = 'Φύλλο εργασίας: Προπαίδεια και κλάσματα για την τρίτη τάξη';
const GERMAN = 'Arbeitsblatt: Einmaleins und Brüche für die dritte Klasse';

/** A worksheet-like document: text in Latin and Greek (Noto Sans, as stamps embed it), lines, boxes. */
async function worksheetPdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const fonts = await embedRunFonts(document, splitIntoRuns(`${GREEK} ${GERMAN} 0123456789 / .`));
  const helvetica = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([595, 842]);
    drawText(page, `${index + 1}. ${GREEK}`, { x: 48, y: 780, size: 16, fonts });
    drawText(page, GERMAN, { x: 48, y: 750, size: 12, fonts });
    for (let row = 0; row < 18; row++) {
      const y = 700 - row * 34;
      page.drawText(`${row + 1}) ${row + 2} × ${index + 3} = ______`, { x: 56, y, size: 11, font: helvetica });
      page.drawLine({ start: { x: 300, y }, end: { x: 540, y }, thickness: 0.6, color: rgb(0.5, 0.5, 0.5) });
    }
    page.drawRectangle({ x: 48, y: 48, width: 499, height: 40, borderColor: rgb(0.2, 0.4, 0.8), borderWidth: 2 });
    page.drawCircle({ x: 500, y: 790, size: 24, color: rgb(0.9, 0.5, 0.1) });
  }
  return document.save();
}

/** Pages of unusual shapes: A4 landscape, a four-pages-wide strip and a tall scroll. */
async function oddShapesPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const size of [
    [842, 595],
    [2380, 595],
    [595, 8000],
  ] as const) {
    const page = document.addPage([...size]);
    page.drawRectangle({ x: 0, y: 0, width: size[0], height: size[1], color: rgb(0.85, 0.9, 1) });
    page.drawText('Shape', { x: 40, y: size[1] - 60, size: 40, font });
  }
  return document.save();
}

/** One page whose content is 40,000 full-page strokes: slow to draw on purpose. */
async function slowPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const operators = Array.from({ length: 40_000 }, (_, i) => `${i % 595} 0 m ${595 - (i % 595)} 842 l S`).join('\n');
  const stream = document.context.stream(operators);
  page.node.set(PDFName.of('Contents'), document.context.register(stream));
  return document.save();
}

let worksheet: Uint8Array;

beforeAll(async () => {
  worksheet = await worksheetPdf(20);
});

describe('renderPdfPreviews', () => {
  it('renders a 20-page PDF within 10 s: every page watermarked, WebP, at most 500 high, with progress', async () => {
    const progress: [number, number][] = [];
    const started = performance.now();
    const { result, ms } = await renderPdf(worksheet, { watermark: 'Προεπισκόπηση' }, (done, total) =>
      progress.push([done, total]),
    );
    const elapsed = performance.now() - started;
    const bytes = result.pages.map((page) => page.webp.byteLength);
    console.log(
      `20 pages in ${Math.round(elapsed)} ms (${Math.round(ms)} ms in the thread, pdf.js loaded on first use); ` +
        `WebP bytes per page: min ${Math.min(...bytes)}, max ${Math.max(...bytes)}, ` +
        `mean ${Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length)}; ` +
        `cover ${result.cover.page.webp.byteLength} + card ${result.cover.card.webp.byteLength}`,
    );
    expect(elapsed).toBeLessThanOrEqual(10_000);
    expect(result.pageCount).toBe(20);
    expect(result.pages.map((page) => page.page)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const page of result.pages) {
      expect(isWebp(page.webp)).toBe(true);
      expect(page.height).toBeLessThanOrEqual(500);
      expect(page.width).toBeLessThanOrEqual(1000);
      // A4 portrait: exactly as high as the cap.
      expect([page.width, page.height]).toEqual([353, 500]);
    }
    expect(progress).toHaveLength(20);
    expect(progress[0]).toEqual([1, 20]);
    expect(progress[19]).toEqual([20, 20]);
    expect(isWebp(result.cover.page.webp) && isWebp(result.cover.card.webp)).toBe(true);
    expect([result.cover.page.width, result.cover.page.height]).toEqual([353, 500]);
    expect([result.cover.card.width, result.cover.card.height]).toEqual([300, 400]);
  });

  it('draws the watermark over the page, and leaves the cover without it', async () => {
    const onePage = await worksheetPdf(1);
    const [plain, marked, greek] = await Promise.all([
      renderPdf(onePage, { watermark: '' }),
      renderPdf(onePage, { watermark: 'Vorschau' }),
      renderPdf(onePage, { watermark: 'Προεπισκόπηση' }),
    ]);
    const plainPixels = await pixelsOf(plain.result.pages[0]!);
    const markedShare = changedShare(plainPixels, await pixelsOf(marked.result.pages[0]!));
    const greekShare = changedShare(plainPixels, await pixelsOf(greek.result.pages[0]!));
    // Visible, but the page stays mostly as it was.
    expect(markedShare).toBeGreaterThan(0.03);
    expect(markedShare).toBeLessThan(0.5);
    expect(greekShare).toBeGreaterThan(0.03);
    expect(greekShare).toBeLessThan(0.5);
    expect(changedShare(plainPixels, await pixelsOf(marked.result.cover.page))).toBe(0);
  });

  it('renders at most maxPages pages and still counts them all', async () => {
    const progress: [number, number][] = [];
    const { result } = await renderPdf(worksheet, { watermark: 'Vorschau', maxPages: 5 }, (done, total) =>
      progress.push([done, total]),
    );
    expect(result.pageCount).toBe(20);
    expect(result.pages).toHaveLength(5);
    expect(progress.at(-1)).toEqual([5, 5]);
  });

  it('keeps landscape, wide and tall pages within 1000 × 500', async () => {
    const { result } = await renderPdf(await oddShapesPdf(), { watermark: 'Vorschau' });
    expect(result.pages.map((page) => [page.width, page.height])).toEqual([
      [708, 500],
      [1000, 250],
      [37, 500],
    ]);
    expect([result.cover.page.width, result.cover.page.height]).toEqual([708, 500]);
    expect([result.cover.card.width, result.cover.card.height]).toEqual([300, 400]);
  });

  it('rejects a broken PDF and one that needs a password', async () => {
    await expect(renderPdf(new TextEncoder().encode('%PDF-1.7 not really'), { watermark: 'x' })).rejects.toMatchObject({
      reason: 'pdf_broken',
    });
    await expect(renderPdf(new Uint8Array(0), { watermark: 'x' })).rejects.toMatchObject({ reason: 'pdf_broken' });
    const locked = await PDFDocument.create();
    locked.addPage();
    // A standard security handler whose user password is not empty: the keys match no password.
    locked.context.trailerInfo.Encrypt = locked.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      P: -4,
      O: PDFString.of('0123456789abcdef0123456789abcdef'),
      U: PDFString.of('fedcba9876543210fedcba9876543210'),
    });
    locked.context.trailerInfo.ID = locked.context.obj([PDFString.of('kreide'), PDFString.of('kreide')]);
    await expect(renderPdf(await locked.save(), { watermark: 'x' })).rejects.toMatchObject({
      reason: 'pdf_encrypted',
    });
  });

  it('gives up on a page that is over its deadline', async () => {
    const slow = await slowPdf();
    const full = await renderPdf(slow, { watermark: 'x', deadlineMs: 60_000 });
    const started = performance.now();
    await expect(renderPdf(slow, { watermark: 'x', deadlineMs: 100 })).rejects.toMatchObject({
      reason: 'pdf_timeout',
    });
    const stopped = performance.now() - started;
    console.log(`the slow page: ${Math.round(full.ms)} ms in full, stopped after ${Math.round(stopped)} ms`);
    expect(stopped).toBeLessThan(full.ms / 2);
  });
});

describe('renderImageCover', () => {
  it('makes a page-sized and a card-sized WebP of an uploaded cover', async () => {
    const png = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#3366cc' } })
      .composite([
        {
          input: Buffer.from('<svg width="1200" height="400"><rect width="1200" height="400" fill="#fff"/></svg>'),
          top: 0,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const cover = await renderCover(png);
    expect(isWebp(cover.page.webp) && isWebp(cover.card.webp)).toBe(true);
    expect([cover.page.width, cover.page.height]).toEqual([375, 500]);
    expect([cover.card.width, cover.card.height]).toEqual([300, 400]);
    const wide = await renderCover(
      await sharp({ create: { width: 3000, height: 1000, channels: 4, background: '#00000000' } })
        .png()
        .toBuffer(),
    );
    expect([wide.page.width, wide.page.height]).toEqual([1000, 333]);
    expect([wide.card.width, wide.card.height]).toEqual([300, 400]);
    // Transparency ends up white.
    expect([...(await pixelsOf(wide.page)).subarray(0, 3)]).toEqual([255, 255, 255]);
    // A small image is not enlarged for the page.
    const small = await renderCover(
      await sharp({ create: { width: 120, height: 160, channels: 3, background: '#ccc' } })
        .jpeg()
        .toBuffer(),
    );
    expect([small.page.width, small.page.height]).toEqual([120, 160]);
  });

  it('rejects what sharp cannot read', async () => {
    await expect(renderCover(Buffer.from('not an image'))).rejects.toMatchObject({ reason: 'image_broken' });
  });
});
