/**
 * Preview images of a material: rendered from its PDF by a job in a worker thread (so no request
 * waits on it), stored under public keys of their own, then listed on the material. A job module:
 * no `server-only`, no `next/*` (the worker thread and the worker process run it under plain Node).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '@/lib/api/schemas';
import { applyTagsLocally, publishTags } from '@/lib/cache/bus';
import { materialFootprintTags } from '@/lib/cache/footprint';
import { TAGS } from '@/lib/cache/tags';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { defineJob } from '@/lib/jobs/registry';
import { getStorage } from '@/lib/storage/storage';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { renderImageCover, renderPdfPreviews, type RenderedImage } from './preview-render';

/** Pages rendered per material: enough to choose from, bounded work per upload. */
export const MAX_PREVIEW_PAGES = 30;
/** Pages shown to buyers until the seller chooses: the first few, as most sellers show. */
export const DEFAULT_SHOWN_PAGES = 5;
/** The file name of a cover row rendered from the PDF (an uploaded one has its own, see seller-materials). */
const RENDERED_COVER_NAME = 'cover.webp';
const UPLOADED_COVER_NAME = 'cover-image.webp';

/** The watermark word in the material's language: every preview page says it is one. */
const WATERMARK_BY_LANGUAGE: Record<string, string> = {
  de: 'Vorschau',
  en: 'Preview',
  el: 'Προεπισκόπηση',
  es: 'Vista previa',
  fr: 'Aperçu',
  it: 'Anteprima',
  bg: 'Преглед',
  cs: 'Náhled',
  da: 'Forhåndsvisning',
  fi: 'Esikatselu',
  hr: 'Pregled',
  hu: 'Előnézet',
  nl: 'Voorbeeld',
  no: 'Forhåndsvisning',
  nb: 'Forhåndsvisning',
  pl: 'Podgląd',
  ro: 'Previzualizare',
  sr: 'Pregled',
  sk: 'Náhľad',
  sv: 'Förhandsvisning',
  uk: 'Попередній перегляд',
  kk: 'Алдын ала қарау',
  id: 'Pratinjau',
  ms: 'Pratonton',
};

export function previewWatermark(world: WorldCode): string {
  return WATERMARK_BY_LANGUAGE[getWorld(world).language] ?? 'Preview';
}

const token = () => crypto.randomBytes(6).toString('hex');

/** Writes a cover's two renditions and makes them the material's cover (card) and first preview (page). */
async function saveCover(
  materialId: number,
  cover: { page: RenderedImage; card: RenderedImage },
  uploaded: boolean,
): Promise<string[]> {
  const storage = getStorage();
  const stamp = token();
  const pageKey = `covers/${materialId}-${stamp}.webp`;
  const cardKey = `covers/${materialId}-${stamp}-card.webp`;
  await storage.put(pageKey, cover.page.webp);
  await storage.put(cardKey, cover.card.webp);
  return getDb().transaction(async (tx) => {
    const old = await tx
      .select({ path: t.materialFiles.storagePath })
      .from(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'cover')));
    const oldPreview = await tx
      .select({ path: t.materialPreviews.storagePath })
      .from(t.materialPreviews)
      .where(and(eq(t.materialPreviews.materialId, materialId), eq(t.materialPreviews.position, 0)));
    await tx
      .delete(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'cover')));
    await tx.insert(t.materialFiles).values({
      materialId,
      type: 'cover',
      name: uploaded ? UPLOADED_COVER_NAME : RENDERED_COVER_NAME,
      storagePath: cardKey,
      mimeType: 'image/webp',
      sizeBytes: cover.card.webp.length,
    });
    await tx
      .delete(t.materialPreviews)
      .where(and(eq(t.materialPreviews.materialId, materialId), eq(t.materialPreviews.position, 0)));
    await tx.insert(t.materialPreviews).values({
      materialId,
      position: 0,
      storagePath: pageKey,
      width: cover.page.width,
      height: cover.page.height,
      page: null,
      shown: true,
    });
    return [...old, ...oldPreview].map((row) => row.path);
  });
}

/** Removes files of this material that no row names any more (never pooled seed files). */
async function removeOwnFiles(materialId: number, paths: string[]): Promise<void> {
  const storage = getStorage();
  const own = paths.filter((p) => p.startsWith(`covers/${materialId}-`) || p.startsWith(`previews/${materialId}/`));
  await Promise.all(own.map((p) => storage.remove(p).catch(() => undefined)));
}

/** An uploaded cover image (checked by the caller) in place of the rendered one. */
export async function storeCoverImage(materialId: number, image: Buffer): Promise<void> {
  const cover = await renderImageCover(image);
  await removeOwnFiles(materialId, await saveCover(materialId, cover, true));
}

const jobSchema = z
  .object({ materialId: idSchema, versionId: idSchema, watermark: z.string().min(1).max(40) })
  .strict();

/** Whether `versionId` is still the newest file of the material (a later upload supersedes a job). */
async function isCurrentVersion(
  db: Pick<Database, 'execute'>,
  materialId: number,
  versionId: number,
): Promise<boolean> {
  const rows = await db.execute<{ id: number }>(
    sql`SELECT id FROM material_file_versions WHERE material_id = ${materialId} ORDER BY version DESC LIMIT 1`,
  );
  return Number(rows.rows[0]?.id) === versionId;
}

/**
 * Renders a material file version's pages (watermarked WebP, heights ≤ 500) and its cover, with
 * progress on the material row the seller's page polls. Superseded (a newer upload) or deleted
 * materials are skipped. A PDF that cannot be rendered marks the material failed with the reason
 * (no retry: it will not render better); anything else (storage, database) is retried.
 */
export const materialPreviewsJob = defineJob(
  {
    name: 'material-previews',
    schema: jobSchema,
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: false,
    // The thread is ended after this long: pathological files cannot hold a worker.
    expireInSeconds: 90,
    thread: true,
    summarize: ({ materialId, versionId }) => ({ materialId, versionId }),
    afterThread: async ({ materialId }, result) => {
      const outcome = result as { published?: boolean; authorId?: number } | null;
      // The seller's list shows the new cover; pages of a published material changed too:
      // expire them here and on the other processes.
      const tags = [
        ...(outcome?.authorId ? [TAGS.seller(outcome.authorId)] : []),
        ...(outcome?.published ? [TAGS.material(materialId), ...(await materialFootprintTags(materialId))] : []),
      ];
      if (tags.length === 0) return;
      applyTagsLocally(tags);
      await publishTags(tags);
    },
  },
  async ({ materialId, versionId, watermark }) => {
    const db = getDb();
    const [version] = await db
      .select({
        storagePath: t.materialFileVersions.storagePath,
        mimeType: t.materialFileVersions.mimeType,
        status: t.materials.status,
        authorId: t.materials.authorId,
      })
      .from(t.materialFileVersions)
      .innerJoin(t.materials, eq(t.materials.id, t.materialFileVersions.materialId))
      .where(and(eq(t.materialFileVersions.id, versionId), eq(t.materialFileVersions.materialId, materialId)));
    if (!version || version.mimeType !== 'application/pdf' || !(await isCurrentVersion(db, materialId, versionId)))
      return { skipped: true };
    const bytes = await getStorage().read(version.storagePath);
    if (!bytes) throw new Error(`file version ${versionId} is missing from storage`);

    const setProgress = (fields: Partial<typeof t.materials.$inferInsert>) =>
      db.update(t.materials).set(fields).where(eq(t.materials.id, materialId));
    await setProgress({ previewStatus: 'rendering', previewPagesDone: 0, previewPagesTotal: 0, previewError: null });

    let rendered;
    try {
      rendered = await renderPdfPreviews(new Uint8Array(bytes), {
        watermark,
        maxPages: MAX_PREVIEW_PAGES,
        onProgress: (done, total) =>
          setProgress({ previewPagesDone: done, previewPagesTotal: total }).then(() => undefined),
      });
    } catch (error) {
      const reason = (error as { reason?: unknown }).reason;
      if (typeof reason === 'string') {
        await setProgress({ previewStatus: 'failed', previewError: reason });
        return { failed: reason };
      }
      throw error;
    }

    const storage = getStorage();
    const stamp = token();
    const pageRows: (typeof t.materialPreviews.$inferInsert)[] = [];
    for (const page of rendered.pages) {
      const key = `previews/${materialId}/${stamp}-${page.page}.webp`;
      await storage.put(key, page.webp);
      pageRows.push({
        materialId,
        position: page.page,
        storagePath: key,
        width: page.width,
        height: page.height,
        page: page.page,
        shown: page.page <= DEFAULT_SHOWN_PAGES,
      });
    }
    // An uploaded cover stays; otherwise page 1 becomes the cover.
    const [cover] = await db
      .select({ name: t.materialFiles.name })
      .from(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'cover')));
    const replaced: string[] = [];
    if (cover?.name !== UPLOADED_COVER_NAME) replaced.push(...(await saveCover(materialId, rendered.cover, false)));

    const stillCurrent = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM materials WHERE id = ${materialId} FOR UPDATE`);
      // Through the transaction: the embedded database serves no other connection meanwhile.
      if (!(await isCurrentVersion(tx, materialId, versionId))) return false;
      const old = await tx
        .select({ path: t.materialPreviews.storagePath })
        .from(t.materialPreviews)
        .where(and(eq(t.materialPreviews.materialId, materialId), sql`${t.materialPreviews.position} > 0`));
      replaced.push(...old.map((row) => row.path));
      await tx
        .delete(t.materialPreviews)
        .where(and(eq(t.materialPreviews.materialId, materialId), sql`${t.materialPreviews.position} > 0`));
      if (pageRows.length) await tx.insert(t.materialPreviews).values(pageRows);
      await tx
        .update(t.materials)
        .set({
          previewStatus: 'ready',
          previewPagesDone: rendered.pages.length,
          previewPagesTotal: rendered.pages.length,
          pages: Math.min(rendered.pageCount, 32_767),
          updatedAt: new Date(),
        })
        .where(eq(t.materials.id, materialId));
      return true;
    });
    if (!stillCurrent) {
      await removeOwnFiles(
        materialId,
        pageRows.map((row) => row.storagePath),
      );
      return { skipped: true };
    }
    await removeOwnFiles(materialId, replaced);
    return { published: version.status === 'published', authorId: version.authorId, pages: rendered.pages.length };
  },
);
