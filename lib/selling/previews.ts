/**
 * Preview images of a material: rendered from its PDF by a job in a worker thread (so no request
 * waits on it), stored under seller-only keys, listed on the material, and the pages the seller
 * shows published under random names of their own (lib/selling/preview-publishing.ts). A job module:
 * no `server-only`, no `next/*` (the worker thread and the worker process run it under plain Node).
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '@/lib/input/schemas';
import { applyTagsLocally, publishTags } from '@/lib/cache/bus';
import { materialFootprintTags } from '@/lib/cache/footprint';
import { TAGS } from '@/lib/cache/tags';
import { getDb, type Database, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { defineJob, SWEEP_JOB_RULES } from '@/lib/jobs/registry';
import { notifyPreviews } from '@/lib/notifications/producers';
import { getStorage } from '@/lib/storage/storage';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import {
  privatePreviewKey,
  publicCardKey,
  materialsWithUnsettledPreviews,
  publishShownPreviews,
  removeOwnPreviewFiles,
  UPLOADED_COVER_NAME,
} from './preview-publishing';
import { renderImageCover, renderPdfPreviews } from './preview-render';

/** Pages rendered per material: enough to choose from, bounded work per upload. */
export const MAX_PREVIEW_PAGES = 30;
/** Pages shown to buyers until the seller chooses: the first few, as most sellers show. */
export const DEFAULT_SHOWN_PAGES = 5;

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

/**
 * An uploaded cover image (checked by the caller) in place of the rendered one: the seller chose
 * it to be seen, so its card and its page rendition (position 0) are public at once, each under a
 * new random name.
 */
export async function storeCoverImage(materialId: number, image: Buffer): Promise<void> {
  const cover = await renderImageCover(image);
  const storage = getStorage();
  const masterKey = privatePreviewKey(materialId);
  const pageKey = `previews/${materialId}/${crypto.randomBytes(16).toString('hex')}.webp`;
  const cardKey = publicCardKey(materialId);
  await storage.put(masterKey, cover.page.webp);
  await storage.put(pageKey, cover.page.webp);
  await storage.put(cardKey, cover.card.webp);
  const replaced = await getDb().transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM materials WHERE id = ${materialId} FOR UPDATE`);
    const oldCards = await tx
      .delete(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'cover')))
      .returning({ path: t.materialFiles.storagePath });
    await tx.insert(t.materialFiles).values({
      materialId,
      type: 'cover',
      name: UPLOADED_COVER_NAME,
      storagePath: cardKey,
      mimeType: 'image/webp',
      sizeBytes: cover.card.webp.length,
    });
    const oldPages = await tx
      .delete(t.materialPreviews)
      .where(and(eq(t.materialPreviews.materialId, materialId), eq(t.materialPreviews.position, 0)))
      .returning({ path: t.materialPreviews.storagePath, publicPath: t.materialPreviews.publicPath });
    await tx.insert(t.materialPreviews).values({
      materialId,
      position: 0,
      storagePath: masterKey,
      publicPath: pageKey,
      width: cover.page.width,
      height: cover.page.height,
      page: null,
      shown: true,
    });
    return [...oldCards.map((row) => row.path), ...oldPages.flatMap((row) => [row.path, row.publicPath])];
  });
  await removeOwnPreviewFiles(materialId, replaced);
}

/**
 * The pages shown after a rendering: the seller's earlier choice where those pages still exist
 * (a new version must not show pages they hid), the first few on a first rendering, and page 1
 * alone when none of the chosen pages is left.
 */
export function shownAfterRendering(
  previous: readonly { page: number | null; shown: boolean }[],
  pageNumbers: readonly number[],
): Set<number> {
  const before = previous.filter((row) => row.page !== null);
  if (before.length === 0) return new Set(pageNumbers.filter((page) => page <= DEFAULT_SHOWN_PAGES));
  const kept = before.filter((row) => row.shown && pageNumbers.includes(row.page!)).map((row) => row.page!);
  return new Set(kept.length ? kept : pageNumbers.slice(0, 1));
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
    // A run beats every 5 s, so its job expires 20 s after its worker died (a seller waits
    // seconds for the retry, not the run's full limit); the thread is still ended after 90 s,
    // so pathological files cannot hold a worker.
    expireInSeconds: 20,
    heartbeatSeconds: 5,
    maxRunSeconds: 90,
    thread: true,
    // CPU-bound, one thread per run: on two cores one render leaves the other to the requests
    // (and the database). More renders at once would only slow each other and the pages.
    concurrency: 1,
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
        await db.transaction(async (tx) => {
          await tx
            .update(t.materials)
            .set({ previewStatus: 'failed', previewError: reason })
            .where(eq(t.materials.id, materialId));
          await notifyPreviews(tx as unknown as Executor, materialId, { ready: false, reason });
        });
        return { failed: reason };
      }
      throw error;
    }

    // Every page and the cover rendered from page 1 go to the seller-only folder; which of them
    // get a public copy is decided below from the seller's choice (publishShownPreviews).
    const storage = getStorage();
    const written: string[] = [];
    const pageRows: (typeof t.materialPreviews.$inferInsert)[] = [];
    for (const page of rendered.pages) {
      const key = privatePreviewKey(materialId);
      await storage.put(key, page.webp);
      written.push(key);
      pageRows.push({
        materialId,
        position: page.page,
        storagePath: key,
        width: page.width,
        height: page.height,
        page: page.page,
        shown: false,
      });
    }
    // An uploaded cover stays; otherwise page 1 (without the watermark) becomes the cover.
    const [cover] = await db
      .select({ name: t.materialFiles.name })
      .from(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'cover')));
    const coverRendered = cover?.name !== UPLOADED_COVER_NAME;
    if (coverRendered) {
      const key = privatePreviewKey(materialId);
      await storage.put(key, rendered.cover.page.webp);
      written.push(key);
      pageRows.push({
        materialId,
        position: 0,
        storagePath: key,
        width: rendered.cover.page.width,
        height: rendered.cover.page.height,
        page: null,
        shown: false,
      });
    }

    const replaced = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM materials WHERE id = ${materialId} FOR UPDATE`);
      // Through the transaction: the embedded database serves no other connection meanwhile.
      if (!(await isCurrentVersion(tx, materialId, versionId))) return null;
      const replacing = coverRendered
        ? eq(t.materialPreviews.materialId, materialId)
        : and(eq(t.materialPreviews.materialId, materialId), sql`${t.materialPreviews.position} > 0`);
      const old = await tx
        .select({
          page: t.materialPreviews.page,
          shown: t.materialPreviews.shown,
          path: t.materialPreviews.storagePath,
          publicPath: t.materialPreviews.publicPath,
        })
        .from(t.materialPreviews)
        .where(replacing);
      const shown = shownAfterRendering(
        old,
        rendered.pages.map((page) => page.page),
      );
      await tx.delete(t.materialPreviews).where(replacing);
      if (pageRows.length)
        await tx
          .insert(t.materialPreviews)
          .values(pageRows.map((row) => ({ ...row, shown: row.page === null ? shown.has(1) : shown.has(row.page!) })));
      // Still 'rendering': 'ready' waits for the card below, or a seller's page asking in between
      // would see every page done and no cover, and stop asking.
      await tx
        .update(t.materials)
        .set({
          previewPagesDone: rendered.pages.length,
          previewPagesTotal: rendered.pages.length,
          pages: Math.min(rendered.pageCount, 32_767),
          updatedAt: new Date(),
        })
        .where(eq(t.materials.id, materialId));
      return old.flatMap((row) => [row.path, row.publicPath]);
    });
    if (replaced === null) {
      await removeOwnPreviewFiles(materialId, written);
      return { skipped: true };
    }
    // The new pages' public copies and a card made from the new first shown page; only then do
    // the old version's files go, so the material page always has images to show.
    try {
      await publishShownPreviews(materialId, { coverChanged: true });
    } finally {
      await removeOwnPreviewFiles(materialId, replaced);
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM materials WHERE id = ${materialId} FOR UPDATE`);
      // A newer upload meanwhile has its own job and its own progress.
      if (await isCurrentVersion(tx, materialId, versionId)) {
        await tx.update(t.materials).set({ previewStatus: 'ready' }).where(eq(t.materials.id, materialId));
        await notifyPreviews(tx as unknown as Executor, materialId, { ready: true, pages: rendered.pages.length });
      }
    });
    return { published: version.status === 'published', authorId: version.authorId, pages: rendered.pages.length };
  },
);

/** How many materials the sweep reads at a time. */
const SWEEP_BATCH = 100;

/**
 * Settles the previews of materials left in the earlier layout (every page public under one
 * stamp, a cover from page 1 public whatever the seller chose) or between the two steps of a
 * change: each gets `publishShownPreviews`, and the pages of those that changed are expired on
 * every process. Hourly, and once at every start of the server (server.ts), so stored data of the
 * earlier layout is settled before long; a material that fails is logged and tried next time.
 */
export const previewSweepJob = defineJob(
  {
    name: 'preview-sweep',
    schema: z.object({}).strict(),
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 3600,
    everySeconds: 3600,
    ...SWEEP_JOB_RULES,
  },
  async () => {
    let after = 0;
    const settled: number[] = [];
    const failed: number[] = [];
    for (;;) {
      const ids = await materialsWithUnsettledPreviews(after, SWEEP_BATCH);
      if (ids.length === 0) break;
      for (const id of ids) {
        try {
          if (await publishShownPreviews(id)) settled.push(id);
        } catch (error) {
          console.error(`preview sweep: material ${id}: ${(error as Error).message}`);
          failed.push(id);
        }
        after = id;
      }
    }
    for (const id of settled) {
      const tags = [TAGS.material(id), ...(await materialFootprintTags(id))];
      applyTagsLocally(tags);
      await publishTags(tags);
    }
    return { settled: settled.length, failed: failed.length };
  },
);
