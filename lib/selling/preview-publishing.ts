/**
 * Which preview images of a material are public, and under which names.
 *
 * Every rendered page, the cover rendered from page 1 and an uploaded cover's page rendition are
 * stored under a seller-only key in `preview-pages/<materialId>/`, a folder /media never serves
 * (the seller and admins read them through the seller's preview route). A page the seller shows
 * gets a public copy under `previews/<materialId>/<128 random bits>.webp`: nothing in one public
 * name leads to another page. Hiding a page deletes its copy (/media serves it as immutable for a
 * year, so the name is never used again) and showing it again makes a new one.
 *
 * The cover follows the pages shown: the cover rendered from page 1 (position 0) is public exactly
 * while page 1 is, and the card (`material_files` type cover) is made from page 1's unwatermarked
 * rendition while page 1 is shown, otherwise from the first shown page's watermarked preview.
 * An uploaded cover is the seller's own choice and always public.
 *
 * Rows of the earlier layout (pages at `previews/<id>/<stamp>-<page>.webp`, one stamp for all the
 * pages of a material, and covers at `covers/<id>-<stamp>.webp`) are moved into the private folder
 * the first time this runs for their material: by the sweep job, or by the seller's next change.
 *
 * A job module (the preview job's thread runs it): no `server-only`, no `next/*`.
 */
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getStorage } from '@/lib/storage/storage';
import { cardFromPageImage } from './preview-render';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The seller-only folder of rendered pages and cover sources. Not among /media's public folders. */
export const PRIVATE_PREVIEW_FOLDER = 'preview-pages';
/** The cover row of an uploaded cover image. */
export const UPLOADED_COVER_NAME = 'cover-image.webp';
/** The cover row of a card made from page 1's unwatermarked rendition. */
export const RENDERED_COVER_NAME = 'cover.webp';
/** The cover row of a card made from page `page`'s preview, while page 1 is not shown. */
const coverFromPageName = (page: number) => `cover-page-${page}.webp`;

/** Whether a cover row was made by us from the PDF (and so follows the shown pages). */
function isRenderedCover(name: string): boolean {
  return name === RENDERED_COVER_NAME || /^cover-page-\d+\.webp$/.test(name);
}

/** 128 random bits: a public name cannot be guessed, nor found from any other name. */
const randomName = () => crypto.randomBytes(16).toString('hex');

export const privatePreviewKey = (materialId: number) => `${PRIVATE_PREVIEW_FOLDER}/${materialId}/${randomName()}.webp`;
const publicPreviewKey = (materialId: number) => `previews/${materialId}/${randomName()}.webp`;
export const publicCardKey = (materialId: number) => `covers/${materialId}-${randomName()}-card.webp`;

/** Whether `path` is a file of this material's own (never a pooled file of the demo catalogue). */
export function isOwnPreviewFile(materialId: number, path: string): boolean {
  return (
    path.startsWith(`${PRIVATE_PREVIEW_FOLDER}/${materialId}/`) ||
    path.startsWith(`previews/${materialId}/`) ||
    path.startsWith(`covers/${materialId}-`)
  );
}

/** Removes files of this material that no row names any more (never pooled seed files). */
export async function removeOwnPreviewFiles(materialId: number, paths: readonly (string | null)[]): Promise<void> {
  const storage = getStorage();
  const own = [...new Set(paths)].filter((p): p is string => p !== null && isOwnPreviewFile(materialId, p));
  await Promise.all(own.map((p) => storage.remove(p).catch(() => undefined)));
}

export interface PreviewRow {
  id: number;
  position: number;
  page: number | null;
  storagePath: string;
  publicPath: string | null;
  shown: boolean;
}

export interface CoverRow {
  id: number;
  name: string;
  storagePath: string;
}

export interface PublishingPlan {
  /** Rows whose `shown` changes (the cover rendered from page 1 follows page 1). */
  shownChanges: { id: number; shown: boolean }[];
  /** Shown rows without a public copy: each gets one under a new name. */
  publish: PreviewRow[];
  /** Hidden rows with a public copy: it goes. */
  unpublish: PreviewRow[];
  /** A new card, made from the image at `source`, named `name`; null: the card stays. */
  card: { name: string; source: string } | null;
}

/**
 * What must change so that exactly the shown pages are public and the card shows a shown page.
 * `coverChanged`: the pages were rendered again (or moved), so the card is made again even when
 * it would come from the same page.
 */
export function planPublishing(
  rows: readonly PreviewRow[],
  cover: CoverRow | null,
  options: { coverChanged?: boolean } = {},
): PublishingPlan {
  const pages = rows.filter((row) => row.page !== null).sort((a, b) => a.page! - b.page!);
  const rendered = cover === null || isRenderedCover(cover.name);
  const page1 = pages.find((row) => row.page === 1);
  const renderedCover = rows.find((row) => row.page === null);
  const shownChanges: PublishingPlan['shownChanges'] = [];
  const desired = (row: PreviewRow): boolean => {
    // A cover rendered from page 1 is page 1 without the watermark: public only with it.
    if (row.page === null && rendered && page1) return page1.shown;
    return row.shown;
  };
  for (const row of rows) if (desired(row) !== row.shown) shownChanges.push({ id: row.id, shown: desired(row) });
  const publish = rows.filter((row) => desired(row) && row.publicPath === null);
  const unpublish = rows.filter((row) => !desired(row) && row.publicPath !== null);

  let card: PublishingPlan['card'] = null;
  if (rendered && pages.length > 0) {
    const firstShown = pages.find((row) => row.shown);
    const wanted =
      page1?.shown && renderedCover
        ? { name: RENDERED_COVER_NAME, source: renderedCover.storagePath }
        : firstShown
          ? { name: coverFromPageName(firstShown.page!), source: firstShown.storagePath }
          : null;
    if (wanted && (options.coverChanged || cover?.name !== wanted.name)) card = wanted;
  }
  return { shownChanges, publish, unpublish, card };
}

async function readState(
  db: Database | Tx,
  materialId: number,
): Promise<{ rows: PreviewRow[]; cover: CoverRow | null }> {
  const rows = await db
    .select({
      id: t.materialPreviews.id,
      position: t.materialPreviews.position,
      page: t.materialPreviews.page,
      storagePath: t.materialPreviews.storagePath,
      publicPath: t.materialPreviews.publicPath,
      shown: t.materialPreviews.shown,
    })
    .from(t.materialPreviews)
    .where(eq(t.materialPreviews.materialId, materialId))
    .orderBy(asc(t.materialPreviews.position), asc(t.materialPreviews.id));
  const [cover] = await db
    .select({ id: t.materialFiles.id, name: t.materialFiles.name, storagePath: t.materialFiles.storagePath })
    .from(t.materialFiles)
    .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'cover')))
    .orderBy(asc(t.materialFiles.id));
  return { rows, cover: cover ?? null };
}

const fingerprint = (state: { rows: PreviewRow[]; cover: CoverRow | null }) => JSON.stringify(state);

/** A row of the earlier layout: its rendered image lies in a public folder under a derivable name. */
function isLegacyRow(materialId: number, row: PreviewRow): boolean {
  return isOwnPreviewFile(materialId, row.storagePath) && !row.storagePath.startsWith(`${PRIVATE_PREVIEW_FOLDER}/`);
}

/**
 * Makes the public copies and the card match the rows' `shown` flags: copies for shown rows,
 * deletions for hidden ones, the card from the first shown page; rows of the earlier layout are
 * moved into the private folder first. Files are written before the transaction and the rows are
 * changed in it only if nothing changed meanwhile (otherwise it starts again); files no row names
 * any more are deleted after it. Answers whether anything changed (the caller expires the pages).
 */
export async function publishShownPreviews(
  materialId: number,
  options: { coverChanged?: boolean } = {},
): Promise<boolean> {
  const db = getDb();
  const storage = getStorage();
  for (let attempt = 1; ; attempt++) {
    const before = await readState(db, materialId);
    const written: string[] = [];
    const readStored = async (key: string) => {
      const bytes = await storage.read(key);
      if (!bytes) throw new Error(`preview image ${key} of material ${materialId} is missing from storage`);
      return bytes;
    };
    try {
      const moved = new Map<number, string>();
      for (const row of before.rows.filter((r) => isLegacyRow(materialId, r))) {
        const key = privatePreviewKey(materialId);
        await storage.put(key, await readStored(row.storagePath));
        written.push(key);
        moved.set(row.id, key);
      }
      // The moved rows as they will be: private, and their old public name retired.
      const rows = before.rows.map((row) =>
        moved.has(row.id)
          ? {
              ...row,
              storagePath: moved.get(row.id)!,
              publicPath: row.publicPath === row.storagePath ? null : row.publicPath,
            }
          : row,
      );
      const plan = planPublishing(rows, before.cover, { coverChanged: options.coverChanged || moved.size > 0 });
      if (!moved.size && !plan.shownChanges.length && !plan.publish.length && !plan.unpublish.length && !plan.card)
        return false;

      const copies = new Map<number, string>();
      for (const row of plan.publish) {
        const key = publicPreviewKey(materialId);
        await storage.put(key, await readStored(row.storagePath));
        written.push(key);
        copies.set(row.id, key);
      }
      let card: { key: string; name: string; size: number } | null = null;
      if (plan.card) {
        const image = await cardFromPageImage(await readStored(plan.card.source));
        const key = publicCardKey(materialId);
        await storage.put(key, image.webp);
        written.push(key);
        card = { key, name: plan.card.name, size: image.webp.length };
      }

      const retired = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM materials WHERE id = ${materialId} FOR UPDATE`);
        if (fingerprint(await readState(tx, materialId)) !== fingerprint(before)) return null;
        const gone: (string | null)[] = [];
        const unpublished = new Set(plan.unpublish.map((row) => row.id));
        for (const row of before.rows) {
          const next = rows.find((r) => r.id === row.id)!;
          const shown = plan.shownChanges.find((c) => c.id === row.id)?.shown ?? row.shown;
          const publicPath = copies.get(row.id) ?? (unpublished.has(row.id) ? null : next.publicPath);
          if (next.storagePath === row.storagePath && shown === row.shown && publicPath === row.publicPath) continue;
          await tx
            .update(t.materialPreviews)
            .set({ storagePath: next.storagePath, shown, publicPath })
            .where(eq(t.materialPreviews.id, row.id));
          if (next.storagePath !== row.storagePath) gone.push(row.storagePath);
          if (row.publicPath !== publicPath) gone.push(row.publicPath);
        }
        if (card) {
          if (before.cover) {
            await tx.delete(t.materialFiles).where(eq(t.materialFiles.id, before.cover.id));
            gone.push(before.cover.storagePath);
          }
          await tx.insert(t.materialFiles).values({
            materialId,
            type: 'cover',
            name: card.name,
            storagePath: card.key,
            mimeType: 'image/webp',
            sizeBytes: card.size,
          });
        }
        return gone;
      });
      if (retired === null) {
        await removeOwnPreviewFiles(materialId, written);
        if (attempt >= 3) throw new Error(`the previews of material ${materialId} kept changing`);
        continue;
      }
      await removeOwnPreviewFiles(materialId, retired);
      return true;
    } catch (error) {
      await removeOwnPreviewFiles(materialId, written);
      throw error;
    }
  }
}

/**
 * Materials whose previews need `publishShownPreviews`: rows of the earlier layout, and rows whose
 * public copy does not match `shown` (a change interrupted between its two steps). `after`: the
 * last material id handled, for going through them in batches.
 */
export async function materialsWithUnsettledPreviews(after: number, limit: number): Promise<number[]> {
  const rows = await getDb().execute<{ id: number }>(sql`
    SELECT DISTINCT material_id AS id FROM material_previews
    WHERE material_id > ${after} AND (
      storage_path LIKE 'previews/' || material_id || '/%'
      OR storage_path LIKE 'covers/' || material_id || '-%'
      OR shown <> (public_path IS NOT NULL))
    ORDER BY material_id LIMIT ${limit}`);
  return rows.rows.map((row) => Number(row.id));
}
