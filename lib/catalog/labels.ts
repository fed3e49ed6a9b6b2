/** Material labels (Bestseller, New, Sale) and the rules behind them. */

/** A material counts as new for 14 days after it was created. */
export const NEW_MATERIAL_WINDOW_DAYS = 14;
const WINDOW_MS = NEW_MATERIAL_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export type MaterialLabel = 'bestseller' | 'new' | 'sale';

/** A material counts as new if created less than 14 days ago. */
export function isNewMaterial(createdAt: Date | string, now: Date = new Date()): boolean {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  return now.getTime() - created.getTime() < WINDOW_MS;
}

/** A sale runs while a sale price is set and its end lies in the future (or is open). */
export function isOnSale(
  material: { salePriceCents: number | null; saleEndsAt: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (material.salePriceCents === null) return false;
  if (material.saleEndsAt === null) return true;
  return new Date(material.saleEndsAt).getTime() > now.getTime();
}

/** The labels a material shows, in display order. */
export function getMaterialLabels(
  material: {
    bestInCategories: number[];
    createdAt: Date | string;
    salePriceCents: number | null;
    saleEndsAt: Date | string | null;
  },
  now: Date = new Date(),
): MaterialLabel[] {
  const labels: MaterialLabel[] = [];
  if (material.bestInCategories.length > 0) labels.push('bestseller');
  if (isNewMaterial(material.createdAt, now)) labels.push('new');
  if (isOnSale(material, now)) labels.push('sale');
  return labels;
}

/**
 * A material is a standalone interactive if the flag says so, or if it has an
 * interactive id and no main material file.
 */
export function isStandaloneInteractive(material: {
  isStandaloneInteractive: boolean;
  interactiveId: number | null;
  fileTypes: readonly string[];
}): boolean {
  if (material.isStandaloneInteractive) return true;
  return material.interactiveId !== null && !material.fileTypes.includes('material_file');
}

/** Preview image heights are capped at 500; width keeps the aspect ratio. */
export const PREVIEW_MAX_HEIGHT = 500;

/**
 * The width and height attributes of a preview shown at most 500 px high. The width keeps two
 * decimals (HTML's dimension attributes take them): the browser reserves the box from the
 * attributes' ratio and, once the file has loaded, sizes it by the file's own ratio, so a width
 * rounded to whole pixels (353 for a 530 × 750 file) made the page 0.44 px shorter at 320 px as
 * each preview arrived, and moved everything below it.
 */
export function capPreviewSize(width: number, height: number): { width: number; height: number } {
  if (height <= PREVIEW_MAX_HEIGHT) return { width, height };
  return { width: Math.round((width * PREVIEW_MAX_HEIGHT * 100) / height) / 100, height: PREVIEW_MAX_HEIGHT };
}
