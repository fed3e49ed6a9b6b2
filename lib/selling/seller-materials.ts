import 'server-only';
import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { cached } from '@/lib/cache/cached';
import { expireSellerCabinet, invalidateAuthor, invalidateMaterial, invalidateWorld } from '@/lib/cache/invalidate';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb, type Database, type Executor } from '@/lib/db/client';
import { authorPublishedFanOut } from '@/lib/notifications/fan-outs';
import * as t from '@/lib/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { pathFor } from '@/lib/routing/localized-routes';
import { getAccountRole } from '@/lib/accounts/accounts';
import { mediaUrl } from '@/lib/routing/media-url';
import { getStorage } from '@/lib/storage/storage';
import { htmlToText, sanitizeAuthorHtml } from '@/lib/text/sanitize';
import { slugify } from '@/lib/text/slugify';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { checkUploadedFile, safeDownloadName } from './file-check';
import {
  BUNDLE_MAX_ITEMS,
  BUNDLE_MIN_ITEMS,
  CLASSIFICATION_LIMITS,
  type MaterialClassification,
  type MaterialPatch,
  nextVersionOnUpload,
  priceProblems,
  publishProblems,
  type PublishIssue,
  releaseNotifiesBuyers,
} from './material-rules';
import { isOwnPreviewFile, publishShownPreviews, UPLOADED_COVER_NAME } from './preview-publishing';
import { materialPreviewsJob, previewWatermark, storeCoverImage } from './previews';
import { versionMailsFanOut } from './version-mails';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A seller's own material: found only by its seller. Someone else's material, a deleted one or a
 * missing id all answer 404 alike, so ids of other sellers' drafts cannot be probed.
 */
async function ownMaterial(db: Database | Tx, sellerId: number, materialId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(t.materials)
    .where(and(eq(t.materials.id, materialId), eq(t.materials.authorId, sellerId), isNull(t.materials.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', undefined, { reason: 'material_not_found' });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Becoming a seller
// ---------------------------------------------------------------------------------------------

/**
 * Makes a user a seller: `isSeller` and `becameSellerAt` (kept from the first time), and the
 * author profile row their public page reads. Saying it twice changes nothing.
 */
export async function becomeSeller(userId: number): Promise<{ isSeller: true; becameSellerAt: string }> {
  const db = getDb();
  const [user] = await db
    .update(t.users)
    .set({ isSeller: true, becameSellerAt: sql`coalesce(${t.users.becameSellerAt}, now())` })
    .where(eq(t.users.id, userId))
    .returning({ becameSellerAt: t.users.becameSellerAt });
  if (!user) throw new AppError('not_found');
  await db.insert(t.authorProfiles).values({ userId }).onConflictDoNothing();
  await Promise.all([invalidateAuthor(userId), expireSellerCabinet([userId])]);
  return { isSeller: true, becameSellerAt: user.becameSellerAt!.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export interface SellerMaterialListItem {
  id: number;
  world: WorldCode;
  title: string;
  status: 'draft' | 'published' | 'unpublished';
  hidden: boolean;
  priceCents: number;
  currency: string;
  salesCount: number;
  previewStatus: string;
  coverPath: string | null;
  updatedAt: string;
}

export const SELLER_LIST_PAGE_SIZE = 50;

/** The seller's materials, newest change first, optionally by status; drafts included. */
async function listSellerMaterialsNow(
  sellerId: number,
  filter: { status?: 'draft' | 'published' | 'unpublished'; page: number },
): Promise<{ items: SellerMaterialListItem[]; total: number }> {
  const db = getDb();
  const where = and(
    eq(t.materials.authorId, sellerId),
    isNull(t.materials.deletedAt),
    filter.status ? eq(t.materials.status, filter.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: t.materials.id,
        world: t.materials.world,
        title: t.materials.title,
        status: t.materials.status,
        hiddenAt: t.materials.hiddenAt,
        priceCents: t.materials.priceCents,
        currency: t.materials.currency,
        salesCount: t.materials.salesCount,
        previewStatus: t.materials.previewStatus,
        updatedAt: t.materials.updatedAt,
        coverPath: sql<
          string | null
        >`(SELECT storage_path FROM material_files f WHERE f.material_id = ${t.materials.id} AND f.type = 'cover' LIMIT 1)`,
      })
      .from(t.materials)
      .where(where)
      .orderBy(desc(t.materials.updatedAt), desc(t.materials.id))
      .limit(SELLER_LIST_PAGE_SIZE)
      .offset((filter.page - 1) * SELLER_LIST_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(t.materials)
      .where(where),
  ]);
  return {
    total: count?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      world: row.world,
      title: row.title,
      status: row.status,
      hidden: row.hiddenAt !== null,
      priceCents: row.priceCents,
      currency: row.currency,
      salesCount: row.salesCount,
      previewStatus: row.previewStatus,
      coverPath: row.coverPath,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** Everything the upload steps show of a seller's material. */
export interface SellerMaterial extends MaterialClassification {
  id: number;
  world: WorldCode;
  status: 'draft' | 'published' | 'unpublished';
  title: string;
  slug: string;
  description: string;
  priceCents: number;
  /** False until the seller sets a price or chooses free (a new draft's price reads 0). */
  priceSet: boolean;
  schoolPriceCents: number | null;
  currency: string;
  pages: number;
  hidden: { at: string; reason: string } | null;
  publishedAt: string | null;
  /** The public material page (answers 404 until published). */
  publicPath: string;
  isBundle: boolean;
  /** A bundle's materials (ids). */
  bundleItemIds: number[];
  previews: {
    status: string;
    done: number;
    total: number;
    error: string | null;
    /**
     * Every rendered image, shown or not: `url` is the seller-only preview route (the seller and
     * admins), `publicUrl` the public copy while the page is shown (null while hidden).
     */
    items: {
      position: number;
      page: number | null;
      url: string;
      publicUrl: string | null;
      width: number;
      height: number;
      shown: boolean;
    }[];
  };
  cover: { path: string; uploaded: boolean } | null;
  versions: {
    version: number;
    name: string;
    sizeBytes: number;
    mimeType: string;
    publishedAt: string | null;
    changeNote: string | null;
  }[];
  problems: PublishIssue[];
}

/**
 * The seven classification lists of a material as columns of one statement (`materialId` a
 * column or a value): each separate query would be a round trip to the database.
 */
function classificationColumns(materialId: SQLWrapper | number) {
  const ids = (table: string, column: string) =>
    sql<
      (number | string)[]
    >`coalesce((SELECT array_agg(${sql.raw(column)} ORDER BY ${sql.raw(column)}) FROM ${sql.raw(table)} WHERE material_id = ${materialId}), '{}')`;
  return {
    subjectIds: ids('material_subjects', 'subject_id'),
    gradeIds: ids('material_grades', 'grade_id'),
    learningYearIds: ids('material_learning_years', 'learning_year_id'),
    materialTypeIds: ids('material_material_types', 'material_type_id'),
    keywordIds: ids('material_keywords', 'keyword_id'),
    lessonIds: ids('material_lessons', 'lesson_id'),
    // Sorted by code unit, as the rules compare them.
    schoolTypes: sql<
      MaterialClassification['schoolTypes']
    >`coalesce((SELECT array_agg(school_type::text ORDER BY school_type::text COLLATE "C") FROM material_school_types WHERE material_id = ${materialId}), '{}')`,
  };
}

function classificationFromRow(row: {
  [K in keyof MaterialClassification]: K extends 'schoolTypes' ? MaterialClassification[K] : (number | string)[];
}): MaterialClassification {
  const numbers = (values: (number | string)[]) => values.map(Number);
  return {
    subjectIds: numbers(row.subjectIds),
    gradeIds: numbers(row.gradeIds),
    learningYearIds: numbers(row.learningYearIds),
    materialTypeIds: numbers(row.materialTypeIds),
    keywordIds: numbers(row.keywordIds),
    lessonIds: numbers(row.lessonIds),
    schoolTypes: row.schoolTypes,
  };
}

async function classificationOf(db: Database | Tx, materialId: number): Promise<MaterialClassification> {
  const [row] = await db.select(classificationColumns(materialId)).from(sql`(SELECT 1) AS one`);
  return classificationFromRow(row!);
}

/** The seller's materials list, cached under the seller's tag (expired by each of their changes). */
export const listSellerMaterials = cached(
  listSellerMaterialsNow,
  CACHE_KEYS.sellerMaterials,
  (sellerId: number) => [TAGS.seller(sellerId)],
  60,
);

/** The seller's view of one of their materials (404 for anyone else's). */
/**
 * The material row's id inside a subquery of a select from `materials`: drizzle writes the
 * column unqualified there, which would name the subquery's own `id`.
 */
const OUTER_MATERIAL_ID = sql.raw('"materials"."id"');

interface PreviewItemRow {
  id: number;
  position: number;
  page: number | null;
  publicPath: string | null;
  width: number;
  height: number;
  shown: boolean;
}

/**
 * The seller-only address of a rendered image. `v` is the row's id: a new rendering makes new
 * rows, so the browser does not keep showing the old version's page under the same address.
 */
function sellerPreviewUrl(materialId: number, position: number, rowId: number): string {
  return `/api/v3/seller/materials/${materialId}/previews/${position}?v=${rowId}`;
}

export async function getSellerMaterial(sellerId: number, materialId: number): Promise<SellerMaterial> {
  // The material and everything it is made of in one statement: the upload steps poll this
  // while previews render, and each separate query would be a round trip of its own.
  const [row] = await getDb()
    .select({
      material: t.materials,
      previews: sql<PreviewItemRow[]>`coalesce((
        SELECT json_agg(json_build_object('id', p.id, 'position', p.position, 'page', p.page,
          'publicPath', p.public_path, 'width', p.width, 'height', p.height, 'shown', p.shown) ORDER BY p.position)
        FROM material_previews p WHERE p.material_id = ${OUTER_MATERIAL_ID}), '[]'::json)`,
      files: sql<{ type: string; name: string; storagePath: string }[]>`coalesce((
        SELECT json_agg(json_build_object('type', f.type, 'name', f.name, 'storagePath', f.storage_path) ORDER BY f.id)
        FROM material_files f WHERE f.material_id = ${OUTER_MATERIAL_ID}), '[]'::json)`,
      versions: sql<SellerMaterial['versions']>`coalesce((
        SELECT json_agg(json_build_object('version', v.version, 'name', v.name, 'sizeBytes', v.size_bytes,
          'mimeType', v.mime_type, 'publishedAt', v.published_at, 'changeNote', v.change_note) ORDER BY v.version DESC)
        FROM material_file_versions v WHERE v.material_id = ${OUTER_MATERIAL_ID}), '[]'::json)`,
      bundleItemIds: sql<number[]>`coalesce((
        SELECT array_agg(b.material_id ORDER BY b.material_id) FROM bundle_items b WHERE b.bundle_id = ${OUTER_MATERIAL_ID}), '{}')`,
      ...classificationColumns(OUTER_MATERIAL_ID),
    })
    .from(t.materials)
    .where(and(eq(t.materials.id, materialId), eq(t.materials.authorId, sellerId), isNull(t.materials.deletedAt)));
  if (!row) throw new AppError('not_found', undefined, { reason: 'material_not_found' });
  const { material, previews, files, versions } = row;
  const classification = classificationFromRow(row);
  const cover = files.find((f) => f.type === 'cover');
  const view: Omit<SellerMaterial, 'problems'> = {
    id: material.id,
    world: material.world,
    status: material.status,
    title: material.title,
    slug: material.slug,
    description: material.description,
    priceCents: material.priceCents,
    priceSet: material.priceSet,
    schoolPriceCents: material.schoolPriceCents,
    currency: material.currency,
    pages: material.pages,
    hidden: material.hiddenAt ? { at: material.hiddenAt.toISOString(), reason: material.hiddenReason ?? '' } : null,
    publishedAt: material.publishedAt?.toISOString() ?? null,
    publicPath: pathFor(material.world, 'material', { id: String(material.id), slug: material.slug }),
    isBundle: material.isBundle,
    bundleItemIds: row.bundleItemIds.map(Number),
    ...classification,
    previews: {
      status: material.previewStatus,
      done: material.previewPagesDone,
      total: material.previewPagesTotal,
      error: material.previewError,
      items: previews.map(({ id, publicPath, ...item }) => ({
        ...item,
        url: sellerPreviewUrl(material.id, item.position, id),
        publicUrl: publicPath === null ? null : mediaUrl(publicPath),
      })),
    },
    cover: cover ? { path: cover.storagePath, uploaded: cover.name === UPLOADED_COVER_NAME } : null,
    versions: versions.map((v) => ({
      version: v.version,
      name: v.name,
      sizeBytes: v.sizeBytes,
      mimeType: v.mimeType,
      // JSON carries the time as PostgreSQL wrote it: the API's form is ISO 8601 in UTC.
      publishedAt: v.publishedAt === null ? null : new Date(v.publishedAt).toISOString(),
      changeNote: v.changeNote,
    })),
  };
  return { ...view, problems: publishProblems(publishableOf(view, versions.length > 0)) };
}

function publishableOf(view: Omit<SellerMaterial, 'problems'>, hasMainFile: boolean) {
  return {
    ...view,
    descriptionText: htmlToText(view.description, 100_000),
    hasMainFile,
    previewStatus: view.previews.status,
    hasCover: view.cover !== null,
    ...(view.isBundle ? { bundleItems: view.bundleItemIds.length } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Saving the steps
// ---------------------------------------------------------------------------------------------

const CLASSIFICATION_TABLES: Record<
  Exclude<keyof MaterialClassification, 'schoolTypes'>,
  { join: string; column: string; vocabulary: string }
> = {
  subjectIds: { join: 'material_subjects', column: 'subject_id', vocabulary: 'subjects' },
  gradeIds: { join: 'material_grades', column: 'grade_id', vocabulary: 'grades' },
  learningYearIds: { join: 'material_learning_years', column: 'learning_year_id', vocabulary: 'learning_years' },
  materialTypeIds: { join: 'material_material_types', column: 'material_type_id', vocabulary: 'material_types' },
  keywordIds: { join: 'material_keywords', column: 'keyword_id', vocabulary: 'keywords' },
  lessonIds: { join: 'material_lessons', column: 'lesson_id', vocabulary: 'lessons' },
};

/**
 * Replaces one classification list of a material. Every id must name a value of the material's
 * own world; one that does not is a validation error, and nothing is written. Table and column
 * names come from the constant map above, never from input; ids are checked integers.
 */
async function replaceClassification(
  tx: Tx,
  materialId: number,
  world: WorldCode,
  field: keyof typeof CLASSIFICATION_TABLES,
  ids: readonly number[],
): Promise<void> {
  const { join, column, vocabulary } = CLASSIFICATION_TABLES[field];
  const unique = [...new Set(ids)].slice(0, CLASSIFICATION_LIMITS[field]);
  if (unique.length) {
    const found = await tx.execute<{ id: number }>(
      sql`SELECT id FROM ${sql.identifier(vocabulary)} WHERE world = ${world} AND id IN (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const known = new Set(found.rows.map((r) => Number(r.id)));
    const unknown = unique.filter((id) => !known.has(id));
    if (unknown.length)
      throw new AppError('validation_failed', undefined, [
        { path: field, message: `Unknown values for this world: ${unknown.join(', ')}` },
      ]);
  }
  await tx.execute(sql`DELETE FROM ${sql.identifier(join)} WHERE material_id = ${materialId}`);
  if (unique.length)
    await tx.execute(
      sql`INSERT INTO ${sql.identifier(join)} (material_id, ${sql.identifier(column)}) VALUES ${sql.join(
        unique.map((id) => sql`(${materialId}, ${id})`),
        sql`, `,
      )}`,
    );
}

/**
 * Saves what a step sent. A draft takes any well-formed values (a half-filled step is kept as it
 * is); a published material must stay publishable, so a save that would break it (no subject, a
 * price out of bounds) is refused whole with the problems, and nothing changes. A published
 * material's pages, search results and lists change on every process once it is saved.
 */
export async function updateSellerMaterial(
  sellerId: number,
  materialId: number,
  patch: MaterialPatch,
): Promise<SellerMaterial> {
  const db = getDb();
  const material = await db.transaction(async (tx) => {
    const material = await ownMaterial(tx, sellerId, materialId, { lock: true });
    const set: Partial<typeof t.materials.$inferInsert> = {};
    if (patch.title !== undefined) {
      set.title = patch.title;
      set.slug = slugify(patch.title) || 'material';
    }
    if (patch.description !== undefined) set.description = sanitizeAuthorHtml(patch.description);
    if (patch.priceCents !== undefined) {
      set.priceCents = patch.priceCents;
      set.priceSet = true;
    }
    if (patch.schoolPriceCents !== undefined) set.schoolPriceCents = patch.schoolPriceCents;

    const prices = {
      priceCents: set.priceCents ?? material.priceCents,
      schoolPriceCents: set.schoolPriceCents !== undefined ? set.schoolPriceCents : material.schoolPriceCents,
      currency: material.currency,
    };
    // Out-of-bounds prices are refused for every material: a draft keeps what the seller typed
    // only when it is a price Kreide could sell at.
    const priceIssues = priceProblems(prices);
    if (priceIssues.length) throw publishIssuesError(priceIssues);

    for (const field of Object.keys(CLASSIFICATION_TABLES) as (keyof typeof CLASSIFICATION_TABLES)[]) {
      const ids = patch[field];
      if (ids !== undefined) await replaceClassification(tx, materialId, material.world, field, ids);
    }
    if (patch.schoolTypes !== undefined) {
      await tx.delete(t.materialSchoolTypes).where(eq(t.materialSchoolTypes.materialId, materialId));
      const values = [...new Set(patch.schoolTypes)];
      if (values.length)
        await tx.insert(t.materialSchoolTypes).values(values.map((schoolType) => ({ materialId, schoolType })));
    }
    const [updated] = await tx
      .update(t.materials)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(t.materials.id, materialId))
      .returning();
    if (updated!.status === 'published') {
      const problems = publishProblems({
        ...updated!,
        ...(await classificationOf(tx, materialId)),
        descriptionText: htmlToText(updated!.description, 100_000),
        hasMainFile: true,
        previewStatus: 'ready',
        hasCover: true,
      });
      if (problems.length) throw publishIssuesError(problems);
    }
    return updated!;
  });
  if (material.status === 'published') await invalidatePublished(material.id, material.world);
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, materialId);
}

function publishIssuesError(issues: PublishIssue[]): AppError {
  return new AppError(
    'validation_failed',
    undefined,
    issues.map((issue) => ({ path: issue.field, message: issue.code, code: issue.code })),
  );
}

async function invalidatePublished(materialId: number, world: WorldCode): Promise<void> {
  await Promise.all([invalidateMaterial(materialId), invalidateWorld(world)]);
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export { UPLOADED_COVER_NAME };

/** The storage key of an uploaded file: unguessable, under the folder /media never serves. */
function materialFileKey(materialId: number, version: number, extension: string): string {
  return `materials/${materialId}/v${version}-${crypto.randomBytes(8).toString('hex')}.${extension}`;
}

/**
 * Uploads a material's main file, checked by its content. Without `materialId` it starts a new
 * draft in `world` (the first upload). A draft's file is replaced in place; a published
 * material's upload is staged as its next version until released. A PDF gets its previews
 * rendered by a job (its progress shows on the material).
 */
export async function uploadMainFile(input: {
  sellerId: number;
  materialId: number | null;
  world: WorldCode;
  bytes: Buffer;
  fileName: string;
}): Promise<SellerMaterial> {
  const checked = await checkUploadedFile(input.bytes, 'material_file');
  const db = getDb();
  const name = safeDownloadName(input.fileName, checked.extension);
  const storage = getStorage();
  // The file is written before the rows that name it, so a row never points at nothing; a
  // failed transaction leaves an orphan file, which costs space, not correctness.
  let written: string | null = null;
  const result = await db.transaction(async (tx) => {
    let material;
    if (input.materialId === null) {
      const title = name
        .replace(/\.[^.]+$/, '')
        .replace(/[-_]+/g, ' ')
        .trim()
        .slice(0, 120);
      [material] = await tx
        .insert(t.materials)
        .values({
          world: input.world,
          authorId: input.sellerId,
          title,
          slug: slugify(title) || 'material',
          description: '',
          priceCents: 0,
          currency: getWorld(input.world).currency,
          status: 'draft',
          isActive: false,
          priceSet: false,
          previewStatus: 'none',
        })
        .returning();
    } else {
      material = await ownMaterial(tx, input.sellerId, input.materialId, { lock: true });
    }
    const versions = await tx
      .select({
        id: t.materialFileVersions.id,
        version: t.materialFileVersions.version,
        publishedAt: t.materialFileVersions.publishedAt,
        storagePath: t.materialFileVersions.storagePath,
      })
      .from(t.materialFileVersions)
      .where(eq(t.materialFileVersions.materialId, material!.id));
    const next = nextVersionOnUpload(
      material!.status,
      versions.map((v) => ({ version: v.version, published: v.publishedAt !== null })),
    );
    const key = materialFileKey(material!.id, next.version, checked.extension);
    await storage.put(key, input.bytes);
    written = key;
    let replacedPath: string | null = null;
    if (next.replaces !== null) {
      const replaced = versions.find((v) => v.version === next.replaces)!;
      replacedPath = replaced.storagePath;
      await tx.delete(t.materialFileVersions).where(eq(t.materialFileVersions.id, replaced.id));
    }
    const [version] = await tx
      .insert(t.materialFileVersions)
      .values({
        materialId: material!.id,
        version: next.version,
        name,
        storagePath: key,
        mimeType: checked.mimeType,
        sizeBytes: checked.sizeBytes,
        sha256: checked.sha256,
        pageCount: checked.pageCount,
      })
      .returning({ id: t.materialFileVersions.id });
    const isDraft = material!.status === 'draft';
    if (isDraft) {
      // The draft's file is what the material page will list once published.
      await tx
        .delete(t.materialFiles)
        .where(and(eq(t.materialFiles.materialId, material!.id), eq(t.materialFiles.type, 'material_file')));
      await tx.insert(t.materialFiles).values({
        materialId: material!.id,
        type: 'material_file',
        name,
        storagePath: key,
        mimeType: checked.mimeType,
        sizeBytes: checked.sizeBytes,
      });
      const renders = checked.kind === 'pdf';
      await tx
        .update(t.materials)
        .set({
          pages: Math.min(checked.pageCount ?? 1, 32_767),
          previewStatus: renders ? 'pending' : 'none',
          previewPagesDone: 0,
          previewPagesTotal: 0,
          previewError: null,
          updatedAt: new Date(),
        })
        .where(eq(t.materials.id, material!.id));
      if (renders)
        await enqueue(
          materialPreviewsJob,
          { materialId: material!.id, versionId: version!.id, watermark: previewWatermark(material!.world) },
          { db: tx },
        );
    } else {
      await tx.update(t.materials).set({ updatedAt: new Date() }).where(eq(t.materials.id, material!.id));
    }
    return { materialId: material!.id, replacedPath };
  });
  if (result.replacedPath) await storage.remove(result.replacedPath).catch(() => undefined);
  void written;
  await expireSellerCabinet([input.sellerId]);
  return getSellerMaterial(input.sellerId, result.materialId);
}

/** Uploads a cover image (PNG, JPEG, WebP) in place of the one rendered from the PDF's first page. */
export async function uploadCover(sellerId: number, materialId: number, bytes: Buffer): Promise<SellerMaterial> {
  await checkUploadedFile(bytes, 'cover');
  const material = await ownMaterial(getDb(), sellerId, materialId);
  await storeCoverImage(materialId, bytes);
  if (material.status === 'published') await invalidatePublished(materialId, material.world);
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, materialId);
}

/**
 * Chooses which rendered pages buyers see (by page number); at least one stays shown. A page
 * shown gets a public copy under a new random name, a page hidden loses its copy, the cover
 * follows (lib/selling/preview-publishing.ts), and every cached page that showed the material
 * goes: the old names answer 404 from now on.
 */
export async function choosePreviewPages(
  sellerId: number,
  materialId: number,
  pages: number[],
): Promise<SellerMaterial> {
  const db = getDb();
  const material = await db.transaction(async (tx) => {
    const material = await ownMaterial(tx, sellerId, materialId, { lock: true });
    const rendered = await tx
      .select({ page: t.materialPreviews.page })
      .from(t.materialPreviews)
      .where(eq(t.materialPreviews.materialId, materialId));
    const available = new Set(rendered.map((r) => r.page).filter((p): p is number => p !== null));
    const unknown = pages.filter((p) => !available.has(p));
    if (unknown.length)
      throw new AppError('validation_failed', undefined, [
        { path: 'pages', message: `No rendered preview for page ${unknown.join(', ')}` },
      ]);
    if (pages.length === 0)
      throw new AppError('validation_failed', undefined, [{ path: 'pages', message: 'Show at least one page' }]);
    await tx
      .update(t.materialPreviews)
      .set({
        shown: sql`${t.materialPreviews.page} IN (${sql.join(
          pages.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      })
      .where(and(eq(t.materialPreviews.materialId, materialId), sql`${t.materialPreviews.page} IS NOT NULL`));
    return material;
  });
  await publishShownPreviews(materialId);
  // A material once published may be in any cache (an unpublished or hidden one too, until it
  // comes back); a draft never was public.
  if (material.publishedAt !== null) await invalidatePublished(materialId, material.world);
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, materialId);
}

/**
 * A rendered preview image (position 0: the cover's page rendition) for its seller or an admin,
 * shown or not: the seller chooses from all of them. Anyone else, a deleted material, or an
 * unknown position: not found, so nothing tells them the material or the page exists.
 */
export async function readPreviewImage(
  viewer: { userId: number | null; impersonated: boolean },
  materialId: number,
  position: number,
): Promise<Buffer> {
  const notFound = () => new AppError('not_found', undefined, { reason: 'preview_not_found' });
  if (viewer.userId === null) throw notFound();
  const [row] = await getDb()
    .select({ storagePath: t.materialPreviews.storagePath, authorId: t.materials.authorId })
    .from(t.materialPreviews)
    .innerJoin(t.materials, eq(t.materials.id, t.materialPreviews.materialId))
    .where(
      and(
        eq(t.materialPreviews.materialId, materialId),
        eq(t.materialPreviews.position, position),
        isNull(t.materials.deletedAt),
      ),
    )
    .orderBy(desc(t.materialPreviews.id))
    .limit(1);
  if (!row) throw notFound();
  // An admin acting as someone else has that person's rights only.
  if (row.authorId !== viewer.userId) {
    const role = viewer.impersonated ? undefined : await getAccountRole(viewer.userId);
    if (role?.role !== 'admin') throw notFound();
  }
  const bytes = await getStorage().read(row.storagePath);
  if (!bytes) throw notFound();
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Publishing
// ---------------------------------------------------------------------------------------------

/**
 * Publishes a draft (or republishes an unpublished material): refused with every problem while
 * anything is missing. The staged first file is released with it. Searchable on every process as
 * soon as this returns (the world's lists and the search cache are expired).
 */
export async function publishMaterial(sellerId: number, materialId: number): Promise<SellerMaterial> {
  const view = await getSellerMaterial(sellerId, materialId);
  if (view.status === 'published') return view;
  if (view.problems.length) throw publishIssuesError(view.problems);
  const db = getDb();
  const material = await db.transaction(async (tx) => {
    const material = await ownMaterial(tx, sellerId, materialId, { lock: true });
    if (material.status === 'published') return material;
    const now = new Date();
    const [updated] = await tx
      .update(t.materials)
      .set({
        status: 'published',
        isActive: material.hiddenAt === null,
        publishedAt: material.publishedAt ?? now,
        updatedAt: now,
        // A material's age ("new" label, newest first) counts from its publication.
        ...(material.status === 'draft' ? { createdAt: now } : {}),
      })
      .where(eq(t.materials.id, materialId))
      .returning();
    if (material.status === 'draft') {
      await tx
        .update(t.materialFileVersions)
        .set({ publishedAt: now })
        .where(and(eq(t.materialFileVersions.materialId, materialId), isNull(t.materialFileVersions.publishedAt)));
      // The author's followers hear of a first publication (not of a republishing, nor of a
      // material an admin has hidden), with it or not at all.
      if (material.hiddenAt === null)
        await authorPublishedFanOut.start({ authorId: sellerId, materialId }, { db: tx as unknown as Executor });
    }
    return updated!;
  });
  await Promise.all([invalidatePublished(materialId, material.world), invalidateAuthor(sellerId)]);
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, materialId);
}

/** Takes a material off the catalogue; buyers keep their downloads. Publishing brings it back. */
export async function unpublishMaterial(sellerId: number, materialId: number): Promise<SellerMaterial> {
  const db = getDb();
  const material = await db.transaction(async (tx) => {
    const material = await ownMaterial(tx, sellerId, materialId, { lock: true });
    if (material.status !== 'published') throw new AppError('conflict', undefined, { reason: 'not_published' });
    const [updated] = await tx
      .update(t.materials)
      .set({ status: 'unpublished', isActive: false, updatedAt: new Date() })
      .where(eq(t.materials.id, materialId))
      .returning();
    return updated!;
  });
  await Promise.all([invalidatePublished(materialId, material.world), invalidateAuthor(sellerId)]);
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, materialId);
}

/**
 * Deletes a material: gone from the catalogue and the seller's list. A material someone bought
 * keeps its rows and files (buyers download it from their bought materials); a draft nobody
 * could buy is removed with its files.
 */
export async function deleteSellerMaterial(sellerId: number, materialId: number): Promise<void> {
  const db = getDb();
  const { material, sold, paths } = await db.transaction(async (tx) => {
    const material = await ownMaterial(tx, sellerId, materialId, { lock: true });
    const [licence] = await tx
      .select({ id: t.licences.id })
      .from(t.licences)
      .where(eq(t.licences.materialId, materialId))
      .limit(1);
    const [ordered] = await tx
      .select({ id: t.orderItems.id })
      .from(t.orderItems)
      .where(eq(t.orderItems.materialId, materialId))
      .limit(1);
    const sold = Boolean(licence || ordered);
    if (sold) {
      await tx
        .update(t.materials)
        .set({ deletedAt: new Date(), isActive: false, updatedAt: new Date() })
        .where(eq(t.materials.id, materialId));
      return { material, sold, paths: [] as string[] };
    }
    const files = await tx
      .select({ path: t.materialFileVersions.storagePath })
      .from(t.materialFileVersions)
      .where(eq(t.materialFileVersions.materialId, materialId));
    const previews = await tx
      .select({ path: t.materialPreviews.storagePath, publicPath: t.materialPreviews.publicPath })
      .from(t.materialPreviews)
      .where(eq(t.materialPreviews.materialId, materialId));
    const others = await tx
      .select({ path: t.materialFiles.storagePath })
      .from(t.materialFiles)
      .where(eq(t.materialFiles.materialId, materialId));
    // Only this material's own files: seeded materials share pooled covers and worksheets.
    const own = [...files, ...others, ...previews.flatMap((p) => [{ path: p.path }, { path: p.publicPath }])]
      .map((f) => f.path)
      .filter(
        (path): path is string =>
          path !== null && (path.startsWith(`materials/${materialId}/`) || isOwnPreviewFile(materialId, path)),
      );
    // Classification, previews, file rows, bundle and cart entries go with it (ON DELETE CASCADE).
    await tx.delete(t.materials).where(eq(t.materials.id, materialId));
    return { material, sold, paths: own };
  });
  const storage = getStorage();
  await Promise.all([...new Set(paths)].map((path) => storage.remove(path).catch(() => undefined)));
  if (material.status === 'published' || sold) await invalidatePublished(materialId, material.world);
  await invalidateAuthor(sellerId);
  await expireSellerCabinet([sellerId]);
}

// ---------------------------------------------------------------------------------------------
// New versions
// ---------------------------------------------------------------------------------------------

/**
 * Releases the staged file of a published (or unpublished) material as its newest version:
 * buyers download it from now on (earlier versions stay stored for the orders that name them),
 * its previews are rendered again, and every buyer is told by mail (in their language, if they
 * have not turned these mails off). A draft has nothing to release: its file goes out with it.
 */
export async function releaseStagedVersion(
  sellerId: number,
  materialId: number,
  changeNote: string,
): Promise<SellerMaterial> {
  const db = getDb();
  const material = await db.transaction(async (tx) => {
    const material = await ownMaterial(tx, sellerId, materialId, { lock: true });
    if (material.status === 'draft') throw new AppError('conflict', undefined, { reason: 'draft_not_released' });
    const versions = await tx
      .select()
      .from(t.materialFileVersions)
      .where(eq(t.materialFileVersions.materialId, materialId));
    const staged = versions.find((v) => v.publishedAt === null);
    if (!staged) throw new AppError('conflict', undefined, { reason: 'no_staged_version' });
    const now = new Date();
    await tx
      .update(t.materialFileVersions)
      .set({ publishedAt: now, changeNote: changeNote || null })
      .where(eq(t.materialFileVersions.id, staged.id));
    await tx
      .delete(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'material_file')));
    await tx.insert(t.materialFiles).values({
      materialId,
      type: 'material_file',
      name: staged.name,
      storagePath: staged.storagePath,
      mimeType: staged.mimeType,
      sizeBytes: staged.sizeBytes,
    });
    const renders = staged.mimeType === 'application/pdf';
    await tx
      .update(t.materials)
      .set({
        updatedAt: now,
        ...(staged.pageCount ? { pages: staged.pageCount } : {}),
        // The previews shown until the new ones are ready are the old version's.
        ...(renders ? { previewStatus: 'pending', previewPagesDone: 0, previewPagesTotal: 0, previewError: null } : {}),
      })
      .where(eq(t.materials.id, materialId));
    if (renders)
      await enqueue(
        materialPreviewsJob,
        { materialId, versionId: staged.id, watermark: previewWatermark(material.world) },
        { db: tx },
      );
    const states = versions.map((v) => ({ version: v.version, published: v.publishedAt !== null }));
    if (releaseNotifiesBuyers(states)) await versionMailsFanOut.start({ materialId, versionId: staged.id }, { db: tx });
    return material;
  });
  await invalidatePublished(materialId, material.world);
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, materialId);
}

// ---------------------------------------------------------------------------------------------
// Bundles
// ---------------------------------------------------------------------------------------------

/** Starts a bundle draft in `world`: no file of its own; its materials are chosen next. */
export async function createBundle(sellerId: number, world: WorldCode): Promise<SellerMaterial> {
  const [bundle] = await getDb()
    .insert(t.materials)
    .values({
      world,
      authorId: sellerId,
      title: '',
      slug: 'bundle',
      description: '',
      priceCents: 0,
      currency: getWorld(world).currency,
      isBundle: true,
      status: 'draft',
      isActive: false,
      priceSet: false,
      previewStatus: 'none',
    })
    .returning({ id: t.materials.id });
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, bundle!.id);
}

/** The seller's published materials a bundle of theirs in `world` may hold. */
export async function bundleCandidates(sellerId: number, world: WorldCode) {
  return getDb()
    .select({ id: t.materials.id, title: t.materials.title, priceCents: t.materials.priceCents })
    .from(t.materials)
    .where(
      and(
        eq(t.materials.authorId, sellerId),
        eq(t.materials.world, world),
        eq(t.materials.status, 'published'),
        eq(t.materials.isBundle, false),
        isNull(t.materials.deletedAt),
      ),
    )
    .orderBy(desc(t.materials.publishedAt), desc(t.materials.id))
    .limit(500);
}

/**
 * Chooses a bundle's materials: only the seller's own published materials of the bundle's
 * world, no bundles, 2 to 30 of them (a published bundle keeps at least 2). Buyers of the bundle
 * get a licence for each (lib/commerce/fulfilment.ts).
 */
export async function setBundleItems(
  sellerId: number,
  bundleId: number,
  materialIds: number[],
): Promise<SellerMaterial> {
  const ids = [...new Set(materialIds)];
  const db = getDb();
  const bundle = await db.transaction(async (tx) => {
    const bundle = await ownMaterial(tx, sellerId, bundleId, { lock: true });
    if (!bundle.isBundle) throw new AppError('conflict', undefined, { reason: 'not_a_bundle' });
    if (ids.length > BUNDLE_MAX_ITEMS || (bundle.status === 'published' && ids.length < BUNDLE_MIN_ITEMS))
      throw new AppError('validation_failed', undefined, [
        { path: 'materialIds', message: 'bundle_too_small', code: 'bundle_too_small' },
      ]);
    if (ids.length) {
      const allowed = await tx
        .select({ id: t.materials.id })
        .from(t.materials)
        .where(
          and(
            inArray(t.materials.id, ids),
            eq(t.materials.authorId, sellerId),
            eq(t.materials.world, bundle.world),
            eq(t.materials.status, 'published'),
            eq(t.materials.isBundle, false),
            isNull(t.materials.deletedAt),
          ),
        );
      const known = new Set(allowed.map((row) => row.id));
      const refused = ids.filter((id) => !known.has(id));
      if (refused.length)
        throw new AppError('validation_failed', undefined, [
          { path: 'materialIds', message: `Not a published material of yours in this world: ${refused.join(', ')}` },
        ]);
    }
    await tx.delete(t.bundleItems).where(eq(t.bundleItems.bundleId, bundleId));
    if (ids.length) await tx.insert(t.bundleItems).values(ids.map((materialId) => ({ bundleId, materialId })));
    // Without a cover of its own a bundle shows its first material's.
    const [cover] = await tx
      .select({ name: t.materialFiles.name })
      .from(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, bundleId), eq(t.materialFiles.type, 'cover')));
    if (cover?.name !== UPLOADED_COVER_NAME && ids.length) {
      const [first] = await tx
        .select()
        .from(t.materialFiles)
        .where(and(eq(t.materialFiles.materialId, ids[0]!), eq(t.materialFiles.type, 'cover')));
      await tx
        .delete(t.materialFiles)
        .where(and(eq(t.materialFiles.materialId, bundleId), eq(t.materialFiles.type, 'cover')));
      if (first)
        await tx.insert(t.materialFiles).values({
          materialId: bundleId,
          type: 'cover',
          name: 'cover-from-item.webp',
          storagePath: first.storagePath,
          mimeType: first.mimeType,
          sizeBytes: first.sizeBytes,
        });
    }
    await tx.update(t.materials).set({ updatedAt: new Date() }).where(eq(t.materials.id, bundleId));
    return bundle;
  });
  if (bundle.status === 'published') await invalidatePublished(bundleId, bundle.world);
  await expireSellerCabinet([sellerId]);
  return getSellerMaterial(sellerId, bundleId);
}
