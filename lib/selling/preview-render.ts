/**
 * Preview images of an uploaded PDF, and the cover renditions of a material.
 *
 * Runs in a job's worker thread (plain Node with tsx, lib/jobs/thread.ts), never in Next: no
 * `server-only`, no database. The PDF is the seller's upload and untrusted, so pdf.js opens it
 * with everything that could run or fetch something switched off (see `openPdf`), and the work is
 * bounded: at most `maxPages` pages, each at most PREVIEW_MAX_HEIGHT × PREVIEW_MAX_WIDTH pixels,
 * at most PREVIEW_PIXEL_BUDGET pixels in all, and a deadline per page. What a deadline cannot
 * interrupt (one synchronous decode inside pdf.js) ends with the job thread's own timeout, which
 * terminates the thread.
 *
 * Every page preview carries the `watermark` word (e.g. "Vorschau", "Προεπισκόπηση"): diagonal,
 * repeated, semi-transparent grey, plus a small band at the bottom. The cover renditions come
 * from page 1 WITHOUT the watermark: the cover is the product image on cards and at the top of the
 * material page, and it shows only the first page, which the previews show (watermarked) anyway.
 */
import path from 'node:path';
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PREVIEW_MAX_HEIGHT } from '@/lib/catalog/labels';

/** Preview image heights are capped at 500 (SPEC); the one constant the material page uses too. */
export { PREVIEW_MAX_HEIGHT };
/** Widths are capped too, so that a strip-shaped page cannot make a huge image. */
export const PREVIEW_MAX_WIDTH = 1000;
/** Pages rendered by default; the rest of the document is counted, not rendered. */
export const PREVIEW_DEFAULT_MAX_PAGES = 30;
/** Pixels rendered per document at most: 30 pages at the largest size. Pages past it are left out. */
export const PREVIEW_PIXEL_BUDGET = PREVIEW_DEFAULT_MAX_PAGES * PREVIEW_MAX_HEIGHT * PREVIEW_MAX_WIDTH;
/** The most one page may take (opening, rendering, watermark, encoding) unless the caller says. */
export const PREVIEW_PAGE_DEADLINE_MS = 5_000;
/**
 * Card covers: cards show the cover at 3:4 (`.card-cover`, 150×200 in the markup, 130 px and up
 * in the grid), so the card rendition is cropped to 3:4 at twice that for high-density screens.
 */
export const CARD_COVER_SIZE = { width: 300, height: 400 } as const;

const WEBP_QUALITY = 80;
/**
 * The largest image pdf.js decodes inside a PDF, and the largest cover image sharp accepts, in
 * pixels: a scanned A4 page at 600 dpi (35 MP) still fits; a decompression bomb does not.
 */
const MAX_SOURCE_IMAGE_PIXELS = 40_000_000;

export interface RenderedImage {
  webp: Buffer;
  width: number;
  height: number;
}

export interface RenderedPage extends RenderedImage {
  /** 1-based page number. */
  page: number;
}

export interface PreviewRenderResult {
  /** Pages in the document (all of them, rendered or not). */
  pageCount: number;
  /** The rendered previews, from page 1, in order. */
  pages: RenderedPage[];
  /** Page 1 without the watermark: page-sized (like `pages[0]`) and card-sized. */
  cover: { page: RenderedImage; card: RenderedImage };
}

/**
 * Why a rendering failed, for the job to record: a file pdf.js cannot open or a page it cannot
 * draw (`pdf_broken`), one that needs a password (`pdf_encrypted`), a page over its deadline
 * (`pdf_timeout`), a cover image sharp cannot read (`image_broken`).
 */
export type PreviewFailureReason = 'pdf_broken' | 'pdf_encrypted' | 'pdf_timeout' | 'image_broken';

export class PreviewRenderError extends Error {
  readonly reason: PreviewFailureReason;

  constructor(reason: PreviewFailureReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PreviewRenderError';
    this.reason = reason;
  }
}

// Paths from the project folder, as lib/downloads/fonts.ts finds its fonts: a job thread runs there.
const NODE_MODULES = path.join(process.cwd(), 'node_modules');
const PDFJS_DIR = path.join(NODE_MODULES, 'pdfjs-dist');
/** pdf.js wants its resource folders as URLs with a trailing slash; in Node, plain paths are read with fs. */
const pdfjsFolder = (name: string) => `${path.join(PDFJS_DIR, name)}/`;

type PdfjsModule = typeof Pdfjs;
type PdfDocument = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

let pdfjsModule: Promise<PdfjsModule> | undefined;

/**
 * pdf.js ships as ES modules only. Our TypeScript is CommonJS, so it is loaded with a dynamic
 * import (tsx and Node keep it one), once per thread. Jest cannot load it: the test runs this
 * module in a worker thread, as the job does.
 */
function loadPdfjs(): Promise<PdfjsModule> {
  pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsModule;
}

// The watermark's fonts, tried in this order for each character: Noto Sans has Latin, Greek and
// Cyrillic; SC Chinese and Japanese kana; KR Hangul; then Thai and Devanagari (the same families
// as a download's stamp, lib/downloads/fonts.ts). Semi-bold, so that thin strokes stay readable
// when drawn semi-transparent. Registered once per thread.
const WATERMARK_FONTS = [
  ['noto-sans', 'NotoSans'],
  ['noto-sans-sc', 'NotoSansSC'],
  ['noto-sans-kr', 'NotoSansKR'],
  ['noto-sans-thai', 'NotoSansThai'],
  ['noto-sans-devanagari', 'NotoSansDevanagari'],
] as const;
let watermarkFontFamilies: string | undefined;

function watermarkFonts(): string {
  if (watermarkFontFamilies === undefined) {
    const families = WATERMARK_FONTS.map(([folder, name]) => {
      const family = `Kreide Preview ${name}`;
      const file = path.join(NODE_MODULES, '@expo-google-fonts', folder, '600SemiBold', `${name}_600SemiBold.ttf`);
      GlobalFonts.registerFromPath(file, family);
      return `"${family}"`;
    });
    watermarkFontFamilies = families.join(', ');
  }
  return watermarkFontFamilies;
}

/**
 * Opens an untrusted PDF. The options that matter for that:
 * - `isEvalSupported: false`: pdf.js compiles no JavaScript from the file (in 5.x it would
 *   compile PostScript functions; CVE-2024-4367 was code injected through a font's FontMatrix
 *   into such compiled code in 4.x): the functions are interpreted instead;
 * - `enableXfa: false`: no XFA forms. Scripts never run: only pdf.js's viewer has a scripting
 *   sandbox, and nothing here asks for a document's actions;
 * - `disableFontFace: true`, `useSystemFonts: false`: embedded fonts are drawn as paths, never
 *   installed as fonts, and a missing font is one of pdf.js's own standard fonts, never one of
 *   the machine's;
 * - resources (standard fonts, CMaps, ICC profile, WebAssembly decoders) come from pdfjs-dist's
 *   own folders; `docBaseUrl` stays unset, so nothing in the file resolves to a URL, and pdf.js
 *   fetches nothing else (the bytes are given, no range or stream loading);
 * - `maxImageSize`: images larger than that are left out rather than decoded;
 * - `stopAtErrors: false` (the default): pdf.js recovers what it can from a damaged page, as
 *   viewers do, so that a PDF readers open gets previews; a file it cannot open still fails;
 * - `isOffscreenCanvasSupported`, `isImageDecoderSupported`, `enableHWA`, `enableWebGPU`: off,
 *   as in Node anyway; `verbosity: 0` logs errors only (pdf.js warns about every font quirk).
 * pdf.js takes over the bytes it is given (they are transferred to its worker), so it gets a
 * copy; and it refuses a Node Buffer, which a copy into a plain Uint8Array also solves.
 */
async function openPdf(pdfjs: PdfjsModule, bytes: Uint8Array): Promise<PdfDocument> {
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    fontExtraProperties: false,
    standardFontDataUrl: pdfjsFolder('standard_fonts'),
    cMapUrl: pdfjsFolder('cmaps'),
    cMapPacked: true,
    iccUrl: pdfjsFolder('iccs'),
    wasmUrl: pdfjsFolder('wasm'),
    maxImageSize: MAX_SOURCE_IMAGE_PIXELS,
    stopAtErrors: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableHWA: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) throw new Error('no pages');
    return document;
  } catch (error) {
    await task.destroy().catch(() => {});
    // pdf.js's exceptions are classes of its own; their names tell them apart.
    if ((error as Error | undefined)?.name === 'PasswordException')
      throw new PreviewRenderError('pdf_encrypted', 'the PDF needs a password', { cause: error });
    throw new PreviewRenderError('pdf_broken', `the PDF cannot be opened: ${(error as Error)?.message}`, {
      cause: error,
    });
  }
}

/**
 * The size of a page's preview: as large as fits in PREVIEW_MAX_WIDTH × PREVIEW_MAX_HEIGHT, in
 * the page's proportions (after its /Rotate), at least 1 pixel each way.
 */
export function previewSize(pageWidth: number, pageHeight: number): { width: number; height: number; scale: number } {
  const scale = Math.min(PREVIEW_MAX_HEIGHT / pageHeight, PREVIEW_MAX_WIDTH / pageWidth);
  const fit = (length: number, max: number) => Math.min(max, Math.max(1, Math.round(length * scale)));
  return { width: fit(pageWidth, PREVIEW_MAX_WIDTH), height: fit(pageHeight, PREVIEW_MAX_HEIGHT), scale };
}

interface PlannedPage {
  number: number;
  page: PdfPage;
  width: number;
  height: number;
  scale: number;
}

/**
 * One page's time limit. Most of pdf.js's work runs in microtasks (its worker runs in this
 * thread, and its messages and rendering slices are promise callbacks), so a timer fires only
 * when pdf.js waits for something (a file read, an encoder). The deadline is therefore also
 * checked by the clock between rendering slices (`passed`, called from the render task's
 * `onContinue`). Once it has passed, the page's step rejects with `pdf_timeout`; destroying the
 * document then stops pdf.js's parsing at its next time slot (20 ms).
 */
class PageDeadline {
  readonly #end: number;
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;

  constructor(
    readonly pageNumber: number,
    ms: number,
  ) {
    this.#end = performance.now() + ms;
    this.#timer = setTimeout(() => this.#controller.abort(), ms);
  }

  /** Whether the deadline has passed, by the clock (without waiting for the timer). */
  passed(): boolean {
    if (!this.#controller.signal.aborted && performance.now() >= this.#end) this.#controller.abort();
    return this.#controller.signal.aborted;
  }

  /** Calls `listener` once, when the deadline is seen to pass. */
  onPassed(listener: () => void): void {
    if (this.#controller.signal.aborted) listener();
    else this.#controller.signal.addEventListener('abort', listener, { once: true });
  }

  /** Waits for a step of this page, or rejects with `pdf_timeout` as soon as the deadline has passed. */
  race<T>(step: Promise<T>): Promise<T> {
    return Promise.race([
      step,
      new Promise<never>((_, reject) =>
        this.onPassed(() =>
          reject(new PreviewRenderError('pdf_timeout', `page ${this.pageNumber} took too long to render`)),
        ),
      ),
    ]);
  }

  end(): void {
    clearTimeout(this.#timer);
  }
}

/**
 * Draws a page onto a new canvas (white background, annotations with an appearance included, as
 * a viewer shows them). Between slices of about 15 ms, and whenever more of the page's operators
 * arrive, the render task asks `onContinue`, which checks the deadline; past it, the task is
 * cancelled. (A single slow operation, such as decoding one huge image, cannot be interrupted:
 * the job thread's timeout ends that.)
 */
async function renderPage(
  pdfjs: PdfjsModule,
  planned: PlannedPage,
  deadline: PageDeadline,
): Promise<{ canvas: Canvas; context: SKRSContext2D }> {
  const canvas = createCanvas(planned.width, planned.height);
  const context = canvas.getContext('2d');
  const viewport = planned.page.getViewport({ scale: planned.scale });
  const task = planned.page.render({
    // @napi-rs/canvas is the canvas pdf.js itself uses in Node.
    canvas: canvas as unknown as HTMLCanvasElement,
    viewport,
    intent: 'display',
    annotationMode: pdfjs.AnnotationMode.ENABLE,
    background: '#ffffff',
  });
  deadline.onPassed(() => task.cancel());
  task.onContinue = (next: () => void) => {
    if (!deadline.passed()) next();
  };
  try {
    await deadline.race(task.promise);
  } catch (error) {
    if (error instanceof PreviewRenderError) throw error;
    const page = `page ${planned.number}`;
    if (deadline.passed()) throw new PreviewRenderError('pdf_timeout', `${page} took too long to render`);
    const message = `${page} cannot be rendered: ${(error as Error)?.message}`;
    throw new PreviewRenderError('pdf_broken', message, { cause: error });
  }
  return { canvas, context };
}

/**
 * The preview watermark: the word repeated diagonally across the page in semi-transparent grey
 * (with a faint light edge, so that it also shows on dark content), and a small band at the
 * bottom that says it once more. The content stays readable underneath. An empty word draws
 * nothing.
 */
export function drawWatermark(context: SKRSContext2D, width: number, height: number, watermark: string): void {
  const word = watermark.trim();
  if (!word) return;
  const families = watermarkFonts();
  const size = Math.max(10, Math.min(48, Math.round(Math.min(width, height) / 9)));
  context.save();
  context.font = `600 ${size}px ${families}`;
  context.textBaseline = 'middle';
  const gap = size * 1.5;
  const period = context.measureText(word).width + gap;
  const reach = Math.hypot(width, height) / 2 + period;
  context.translate(width / 2, height / 2);
  context.rotate(-Math.PI / 6);
  context.fillStyle = 'rgba(100, 100, 100, 0.26)';
  context.strokeStyle = 'rgba(255, 255, 255, 0.22)';
  context.lineWidth = Math.max(1, size / 24);
  let row = 0;
  for (let y = -reach; y <= reach; y += size * 3, row++) {
    // Each row starts half a word later than the one before it (brickwork).
    for (let x = -reach - (row % 2) * (period / 2); x <= reach; x += period) {
      context.fillText(word, x, y);
      context.strokeText(word, x, y);
    }
  }
  context.restore();

  const band = Math.max(4, Math.min(28, Math.round(height * 0.055), Math.floor(height / 4)));
  context.save();
  context.fillStyle = 'rgba(40, 40, 40, 0.55)';
  context.fillRect(0, height - band, width, band);
  context.font = `600 ${Math.round(band * 0.62)}px ${families}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = 'rgba(255, 255, 255, 0.92)';
  context.fillText(word, width / 2, height - band / 2, width - 8);
  context.restore();
}

async function encode(canvas: Canvas): Promise<RenderedImage> {
  return { webp: await canvas.encode('webp', WEBP_QUALITY), width: canvas.width, height: canvas.height };
}

/** The card rendition from a page's pixels: cropped to 3:4 from the top, where a title is. */
async function cardFromCanvas(context: SKRSContext2D, width: number, height: number): Promise<RenderedImage> {
  const pixels = context.getImageData(0, 0, width, height).data;
  const webp = await sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .resize({ ...CARD_COVER_SIZE, fit: 'cover', position: 'north' })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  return { webp, ...CARD_COVER_SIZE };
}

/**
 * Renders the previews of a PDF: pages 1 to `maxPages` (30 by default), each as WebP with the
 * watermark, and the cover renditions from page 1 without it. `onProgress(done, total)` is called
 * (and awaited) after each page; `total` is the number of pages that will be rendered (fewer than
 * `maxPages` when the pixel budget runs out first). `deadlineMs` is the most one page may take
 * (PREVIEW_PAGE_DEADLINE_MS by default).
 *
 * Throws PreviewRenderError: `pdf_broken` or `pdf_encrypted` when the file cannot be opened,
 * `pdf_broken` when a page cannot be rendered, `pdf_timeout` when a page is over its deadline.
 * A page that fails is not skipped: previews with a gap would misrepresent the material, so the
 * job records the failure and the seller is told.
 */
export async function renderPdfPreviews(
  pdf: Uint8Array,
  options: {
    watermark: string;
    maxPages?: number;
    onProgress?: (done: number, total: number) => void | Promise<void>;
    deadlineMs?: number;
  },
): Promise<PreviewRenderResult> {
  const maxPages = options.maxPages ?? PREVIEW_DEFAULT_MAX_PAGES;
  const deadlineMs = options.deadlineMs ?? PREVIEW_PAGE_DEADLINE_MS;
  if (!Number.isInteger(maxPages) || maxPages < 1) throw new RangeError(`maxPages must be a positive integer`);
  if (!(deadlineMs > 0)) throw new RangeError(`deadlineMs must be positive`);

  const pdfjs = await loadPdfjs();
  const document = await openPdf(pdfjs, pdf);
  try {
    // Plan first (opening a page is cheap), so that `total` is known before the first render.
    const planned: PlannedPage[] = [];
    let pixels = 0;
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
      const deadline = new PageDeadline(number, deadlineMs);
      const page = await deadline
        .race(document.getPage(number))
        .catch((error: unknown) => {
          if (error instanceof PreviewRenderError) throw error;
          throw new PreviewRenderError('pdf_broken', `page ${number} cannot be opened`, { cause: error });
        })
        .finally(() => deadline.end());
      const { width: pageWidth, height: pageHeight } = page.getViewport({ scale: 1 });
      if (!(pageWidth > 0 && pageHeight > 0 && Number.isFinite(pageWidth) && Number.isFinite(pageHeight)))
        throw new PreviewRenderError('pdf_broken', `page ${number} has no size`);
      const size = previewSize(pageWidth, pageHeight);
      if (planned.length > 0 && pixels + size.width * size.height > PREVIEW_PIXEL_BUDGET) break;
      pixels += size.width * size.height;
      planned.push({ number, page, ...size });
    }

    const pages: RenderedPage[] = [];
    let cover: PreviewRenderResult['cover'] | undefined;
    for (const entry of planned) {
      const deadline = new PageDeadline(entry.number, deadlineMs);
      try {
        const { canvas, context } = await renderPage(pdfjs, entry, deadline);
        if (entry.number === 1) {
          const [page, card] = await deadline.race(
            Promise.all([encode(canvas), cardFromCanvas(context, canvas.width, canvas.height)]),
          );
          cover = { page, card };
        }
        drawWatermark(context, canvas.width, canvas.height, options.watermark);
        pages.push({ page: entry.number, ...(await deadline.race(encode(canvas))) });
      } finally {
        deadline.end();
      }
      entry.page.cleanup();
      await options.onProgress?.(pages.length, planned.length);
    }
    return { pageCount: document.numPages, pages, cover: cover! };
  } finally {
    await document.destroy();
  }
}

/**
 * The card rendition of a stored page image (a rendered page or the cover rendered from page 1),
 * cropped to 3:4 from the top like `cardFromCanvas`: the cover follows the first page the seller
 * shows, so it is made again from that page's image when the shown pages change.
 */
export async function cardFromPageImage(image: Buffer): Promise<RenderedImage> {
  const webp = await sharp(image, { limitInputPixels: MAX_SOURCE_IMAGE_PIXELS })
    .resize({ ...CARD_COVER_SIZE, fit: 'cover', position: 'north' })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  return { webp, ...CARD_COVER_SIZE };
}

/**
 * The cover renditions of an uploaded cover image (PNG, JPEG or WebP, checked before): the page
 * rendition fits in PREVIEW_MAX_WIDTH × PREVIEW_MAX_HEIGHT without enlarging, the card rendition
 * is CARD_COVER_SIZE cropped from the centre (as the card's `object-fit: cover` would). Turned
 * upright by its EXIF orientation, transparency on white, first frame of an animation. No
 * watermark: a cover is the product image. Throws PreviewRenderError `image_broken` when sharp
 * cannot read it or it has more than MAX_SOURCE_IMAGE_PIXELS.
 */
export async function renderImageCover(image: Buffer): Promise<{ page: RenderedImage; card: RenderedImage }> {
  const source = () =>
    sharp(image, { limitInputPixels: MAX_SOURCE_IMAGE_PIXELS, pages: 1 }).rotate().flatten({ background: '#ffffff' });
  try {
    const [page, card] = await Promise.all([
      source()
        .resize({ width: PREVIEW_MAX_WIDTH, height: PREVIEW_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true }),
      source()
        .resize({ ...CARD_COVER_SIZE, fit: 'cover', position: 'centre' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      page: { webp: page.data, width: page.info.width, height: page.info.height },
      card: { webp: card.data, width: card.info.width, height: card.info.height },
    };
  } catch (error) {
    throw new PreviewRenderError('image_broken', `the cover image cannot be read: ${(error as Error)?.message}`, {
      cause: error,
    });
  }
}
