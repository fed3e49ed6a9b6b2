import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import { bestsellerCards, cardColumns, toCard, type CardRow, type MaterialCard } from './material-cards';

export { getMaterialCards, type MaterialCard } from './material-cards';

const visible = (world: WorldCode) =>
  and(eq(t.materials.world, world), eq(t.materials.isActive, true), isNull(t.materials.deletedAt));

export type HomeListKind = 'bestsellers' | 'new' | 'free' | 'sale';

/** A short list of a world's materials for the home page shelves. */
export const listHomeMaterials = cached(
  async (world: WorldCode, kind: HomeListKind, limit = 8): Promise<MaterialCard[]> => {
    const db = getDb();
    const base = db.select(cardColumns).from(t.materials).innerJoin(t.users, eq(t.users.id, t.materials.authorId));
    const where = visible(world);
    if (kind === 'bestsellers') return bestsellerCards(world, limit);
    const rows =
      kind === 'new'
        ? await base.where(where).orderBy(desc(t.materials.createdAt)).limit(limit)
        : kind === 'free'
          ? await base
              .where(and(where, eq(t.materials.priceCents, 0)))
              .orderBy(desc(t.materials.salesCount))
              .limit(limit)
          : await base
              .where(
                and(
                  where,
                  sql`${t.materials.salePriceCents} IS NOT NULL AND (${t.materials.saleEndsAt} IS NULL OR ${t.materials.saleEndsAt} > now())`,
                ),
              )
              .orderBy(desc(t.materials.salesCount))
              .limit(limit);
    return rows.map((row) => toCard(row as CardRow));
  },
  CACHE_KEYS.homeMaterials,
  (world: WorldCode) => [TAGS.world(world)],
);

/** Materials of one author (newest first). */
export const listAuthorMaterials = cached(
  async (authorId: number, limit = 24, offset = 0): Promise<MaterialCard[]> => {
    const rows = await getDb()
      .select(cardColumns)
      .from(t.materials)
      .innerJoin(t.users, eq(t.users.id, t.materials.authorId))
      .where(and(eq(t.materials.authorId, authorId), eq(t.materials.isActive, true), isNull(t.materials.deletedAt)))
      .orderBy(desc(t.materials.createdAt))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => toCard(row as CardRow));
  },
  CACHE_KEYS.authorMaterials,
  (authorId: number) => [TAGS.author(authorId)],
);

export interface MaterialDetail extends MaterialCard {
  description: string;
  pages: number;
  isBundle: boolean;
  isStandaloneInteractive: boolean;
  isBundleInteractive: boolean;
  interactiveId: number | null;
  hasFixedPrice: boolean;
  updatedAt: string;
  author: { id: number; slug: string; publicName: string; imagePath: string | null };
  files: { type: string; name: string; sizeBytes: number; mimeType: string }[];
  previews: { storagePath: string; width: number; height: number }[];
  subjects: { id: number; title: string }[];
  grades: { id: number; title: string }[];
  learningYears: { id: number; title: string }[];
  materialTypes: { id: number; title: string }[];
  schoolTypes: string[];
  keywords: { id: number; title: string; slug: string }[];
  bundleItems: MaterialCard[];
  inBundles: MaterialCard[];
}

/** Everything the material page shows; null for an unknown or deleted id. */
export const getMaterialDetail = cached(
  async (id: number): Promise<MaterialDetail | null> => {
    const db = getDb();
    const [row] = await db
      .select({
        ...cardColumns,
        description: t.materials.description,
        pages: t.materials.pages,
        isBundle: t.materials.isBundle,
        isStandaloneInteractive: t.materials.isStandaloneInteractive,
        isBundleInteractive: t.materials.isBundleInteractive,
        interactiveId: t.materials.interactiveId,
        hasFixedPrice: t.materials.hasFixedPrice,
        updatedAt: t.materials.updatedAt,
        authorId: t.users.id,
        authorSlug: t.users.slug,
        authorImage: t.users.imagePath,
      })
      .from(t.materials)
      .innerJoin(t.users, eq(t.users.id, t.materials.authorId))
      .where(and(eq(t.materials.id, id), eq(t.materials.isActive, true), isNull(t.materials.deletedAt)));
    if (!row) return null;

    const [files, previews, subjects, grades, years, types, schoolTypes, kws, bundleIds, parentIds] = await Promise.all(
      [
        db
          .select({
            type: t.materialFiles.type,
            name: t.materialFiles.name,
            sizeBytes: t.materialFiles.sizeBytes,
            mimeType: t.materialFiles.mimeType,
          })
          .from(t.materialFiles)
          .where(eq(t.materialFiles.materialId, id)),
        db
          .select({
            // The public copy: the rendered image itself is seller-only (lib/selling/preview-publishing.ts).
            storagePath: sql<string>`${t.materialPreviews.publicPath}`,
            width: t.materialPreviews.width,
            height: t.materialPreviews.height,
          })
          .from(t.materialPreviews)
          // Only the pages the seller chose to show, and the cover while it shows one of them.
          .where(
            and(
              eq(t.materialPreviews.materialId, id),
              eq(t.materialPreviews.shown, true),
              isNotNull(t.materialPreviews.publicPath),
            ),
          )
          .orderBy(asc(t.materialPreviews.position)),
        db
          .select({ id: t.subjects.id, title: t.subjects.title })
          .from(t.materialSubjects)
          .innerJoin(t.subjects, eq(t.subjects.id, t.materialSubjects.subjectId))
          .where(eq(t.materialSubjects.materialId, id)),
        db
          .select({ id: t.grades.id, title: t.grades.title })
          .from(t.materialGrades)
          .innerJoin(t.grades, eq(t.grades.id, t.materialGrades.gradeId))
          .where(eq(t.materialGrades.materialId, id))
          .orderBy(asc(t.grades.level)),
        db
          .select({ id: t.learningYears.id, title: t.learningYears.title })
          .from(t.materialLearningYears)
          .innerJoin(t.learningYears, eq(t.learningYears.id, t.materialLearningYears.learningYearId))
          .where(eq(t.materialLearningYears.materialId, id)),
        db
          .select({ id: t.materialTypes.id, title: t.materialTypes.title })
          .from(t.materialMaterialTypes)
          .innerJoin(t.materialTypes, eq(t.materialTypes.id, t.materialMaterialTypes.materialTypeId))
          .where(eq(t.materialMaterialTypes.materialId, id)),
        db
          .select({ schoolType: t.materialSchoolTypes.schoolType })
          .from(t.materialSchoolTypes)
          .where(eq(t.materialSchoolTypes.materialId, id)),
        db
          .select({ id: t.keywords.id, title: t.keywords.title, slug: t.keywords.slug })
          .from(t.materialKeywords)
          .innerJoin(t.keywords, eq(t.keywords.id, t.materialKeywords.keywordId))
          .where(eq(t.materialKeywords.materialId, id)),
        db.select({ id: t.bundleItems.materialId }).from(t.bundleItems).where(eq(t.bundleItems.bundleId, id)),
        db.select({ id: t.bundleItems.bundleId }).from(t.bundleItems).where(eq(t.bundleItems.materialId, id)),
      ],
    );
    const relatedIds = [...bundleIds, ...parentIds].map((r) => r.id);
    const related = relatedIds.length
      ? (
          await db
            .select(cardColumns)
            .from(t.materials)
            .innerJoin(t.users, eq(t.users.id, t.materials.authorId))
            .where(
              and(inArray(t.materials.id, relatedIds), eq(t.materials.isActive, true), isNull(t.materials.deletedAt)),
            )
        ).map((r) => toCard(r as CardRow))
      : [];
    const byId = new Map(related.map((m) => [m.id, m]));
    return {
      ...toCard(row as CardRow),
      description: row.description,
      pages: row.pages,
      isBundle: row.isBundle,
      isStandaloneInteractive: row.isStandaloneInteractive,
      isBundleInteractive: row.isBundleInteractive,
      interactiveId: row.interactiveId,
      hasFixedPrice: row.hasFixedPrice,
      updatedAt: row.updatedAt.toISOString(),
      author: { id: row.authorId, slug: row.authorSlug, publicName: row.authorName, imagePath: row.authorImage },
      files,
      previews,
      subjects,
      grades,
      learningYears: years,
      materialTypes: types,
      schoolTypes: schoolTypes.map((s) => s.schoolType),
      keywords: kws,
      bundleItems: bundleIds.map((b) => byId.get(b.id)).filter((m): m is MaterialCard => Boolean(m)),
      inBundles: parentIds.map((b) => byId.get(b.id)).filter((m): m is MaterialCard => Boolean(m)),
    };
  },
  CACHE_KEYS.materialDetail,
  (id: number) => [TAGS.material(id)],
);
