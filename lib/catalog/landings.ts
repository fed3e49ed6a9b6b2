import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import { getMaterialCards, listHomeMaterials, type MaterialCard } from './materials';

export const LANDING_PAGE_SIZE = 24;

const ACTIVE = sql`m.is_active AND m.deleted_at IS NULL`;

/** Ids of a world's materials linked through a join table, best sellers first. */
async function idsThrough(
  table: 'material_keywords' | 'material_lessons' | 'material_schools',
  column: string,
  id: number,
  limit: number,
) {
  const result = await getDb().execute<{ id: number }>(sql`
    SELECT m.id FROM ${sql.raw(table)} j JOIN materials m ON m.id = j.material_id
    WHERE j.${sql.raw(column)} = ${id} AND ${ACTIVE}
    ORDER BY m.sales_count DESC, m.id DESC LIMIT ${limit}`);
  return result.rows.map((r) => r.id);
}

export interface Landing {
  id: number;
  world: WorldCode;
  title: string;
  slug: string;
  intro: string | null;
  materials: MaterialCard[];
  total: number;
  extra?: { city?: string; schoolType?: string };
}

async function countThrough(table: string, column: string, id: number): Promise<number> {
  const result = await getDb().execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${sql.raw(table)} j JOIN materials m ON m.id = j.material_id WHERE j.${sql.raw(column)} = ${id} AND ${ACTIVE}`);
  return result.rows[0]?.n ?? 0;
}

/** Loads one landing entity and the first page of its materials. */
async function loadLanding(
  entity:
    | { world: WorldCode; id: number; title: string; slug: string; intro?: string | null; extra?: Landing['extra'] }
    | undefined,
  join: { table: 'material_keywords' | 'material_lessons' | 'material_schools'; column: string },
): Promise<Landing | null> {
  if (!entity) return null;
  return {
    id: entity.id,
    world: entity.world,
    title: entity.title,
    slug: entity.slug,
    intro: entity.intro ?? null,
    extra: entity.extra,
    materials: await getMaterialCards(await idsThrough(join.table, join.column, entity.id, LANDING_PAGE_SIZE)),
    total: await countThrough(join.table, join.column, entity.id),
  };
}

/** A keyword landing: the keyword and its materials. */
export const getKeywordLanding = cached(
  async (id: number): Promise<Landing | null> => {
    const [row] = await getDb().select().from(t.keywords).where(eq(t.keywords.id, id));
    return loadLanding(row, { table: 'material_keywords', column: 'keyword_id' });
  },
  CACHE_KEYS.keywordLanding,
  () => [TAGS.landings],
);

/** A lesson landing: the teaching unit, its introduction and its materials. */
export const getLessonLanding = cached(
  async (id: number): Promise<Landing | null> => {
    const [row] = await getDb().select().from(t.lessons).where(eq(t.lessons.id, id));
    return loadLanding(row, { table: 'material_lessons', column: 'lesson_id' });
  },
  CACHE_KEYS.lessonLanding,
  () => [TAGS.landings],
);

/** A school landing: the school and the materials used there. */
export const getSchoolLanding = cached(
  async (id: number): Promise<Landing | null> => {
    const [row] = await getDb().select().from(t.schools).where(eq(t.schools.id, id));
    const entity = row && { ...row, title: row.name, extra: { city: row.city, schoolType: row.schoolType } };
    return loadLanding(entity, { table: 'material_schools', column: 'school_id' });
  },
  CACHE_KEYS.schoolLanding,
  () => [TAGS.landings],
);

/**
 * Recommendations: the best-rated materials of a world (at least 10 ratings, average 4.5 or
 * more), most rated first.
 */
export const listRecommendations = cached(
  async (world: WorldCode, limit = 48): Promise<MaterialCard[]> => {
    const result = await getDb().execute<{ id: number }>(sql`
      SELECT m.id FROM materials m
      WHERE m.world = ${world} AND ${ACTIVE} AND m.rating_count >= 10 AND m.rating_sum >= m.rating_count * 4.5
      ORDER BY m.rating_count DESC, m.id DESC LIMIT ${limit}`);
    return getMaterialCards(result.rows.map((r) => r.id));
  },
  CACHE_KEYS.recommendations,
  (world: WorldCode) => [TAGS.world(world)],
);

/** The world-wide lists that are landing pages of their own. */
export type ListLandingKind = 'offers' | 'recommendations';

/**
 * The materials of a world's list landing: offers (on sale) or recommendations (best rated). The
 * page and the sitemap read the same list, so an empty landing is neither indexed nor listed.
 */
export function listListLandingMaterials(world: WorldCode, kind: ListLandingKind): Promise<MaterialCard[]> {
  return kind === 'offers' ? listHomeMaterials(world, 'sale', 48) : listRecommendations(world);
}

/** Materials from the same author and subject as a material (the material page's "related"). */
export const listRelatedMaterials = cached(
  async (materialId: number, authorId: number, limit = 8): Promise<MaterialCard[]> => {
    const result = await getDb().execute<{ id: number }>(sql`
      SELECT m.id FROM materials m
      WHERE m.author_id = ${authorId} AND m.id <> ${materialId} AND ${ACTIVE}
        AND EXISTS (SELECT 1 FROM material_subjects a JOIN material_subjects b ON a.subject_id = b.subject_id
                    WHERE a.material_id = m.id AND b.material_id = ${materialId})
      ORDER BY m.sales_count DESC, m.id DESC LIMIT ${limit}`);
    return getMaterialCards(result.rows.map((r) => r.id));
  },
  CACHE_KEYS.relatedMaterials,
  (materialId: number, authorId: number) => [TAGS.material(materialId), TAGS.author(authorId)],
);

export interface PopularAuthor {
  id: number;
  slug: string;
  publicName: string;
  subtitle: string | null;
  followersNumber: number;
}

/** The most followed public authors of a world. */
export const listPopularAuthors = cached(
  async (world: WorldCode, limit = 8): Promise<PopularAuthor[]> =>
    getDb()
      .select({
        id: t.users.id,
        slug: t.users.slug,
        publicName: t.users.publicName,
        subtitle: t.authorProfiles.subtitle,
        followersNumber: t.authorProfiles.followersNumber,
      })
      .from(t.users)
      .innerJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(and(eq(t.users.world, world), eq(t.users.isSeller, true), eq(t.authorProfiles.privateProfile, false)))
      .orderBy(desc(t.authorProfiles.followersNumber), t.users.id)
      .limit(limit),
  CACHE_KEYS.popularAuthors,
  (world: WorldCode) => [TAGS.world(world), TAGS.popularAuthors(world)],
  600,
);

/** Subjects of a world with their material counts, for the home page slider. */
export const listSubjectsWithCounts = cached(
  async (world: WorldCode): Promise<{ id: number; title: string; count: number }[]> => {
    const result = await getDb().execute<{ id: number; title: string; count: number }>(sql`
      SELECT s.id, s.title, count(m.id)::int AS count FROM subjects s
      LEFT JOIN material_subjects ms ON ms.subject_id = s.id
      LEFT JOIN materials m ON m.id = ms.material_id AND ${ACTIVE}
      WHERE s.world = ${world} GROUP BY s.id, s.title, s.position ORDER BY s.position`);
    return result.rows;
  },
  CACHE_KEYS.subjectsWithCounts,
  (world: WorldCode) => [TAGS.world(world)],
  600,
);

export interface BlogPost {
  id: number;
  world: WorldCode;
  title: string;
  body: string;
  publishedAt: string;
  author: { id: number; slug: string; publicName: string };
}

/** One blog post with its author. */
export const getBlogPost = cached(
  async (id: number): Promise<BlogPost | null> => {
    const [row] = await getDb()
      .select({ post: t.blogPosts, authorId: t.users.id, authorSlug: t.users.slug, authorName: t.users.publicName })
      .from(t.blogPosts)
      .innerJoin(t.users, eq(t.users.id, t.blogPosts.authorId))
      .where(and(eq(t.blogPosts.id, id), eq(t.blogPosts.status, 'published')));
    if (!row?.post.publishedAt) return null;
    return {
      id: row.post.id,
      world: row.post.world,
      title: row.post.title,
      body: row.post.body,
      publishedAt: row.post.publishedAt.toISOString(),
      author: { id: row.authorId, slug: row.authorSlug, publicName: row.authorName },
    };
  },
  CACHE_KEYS.blogPost,
  (id: number) => [TAGS.blogPost(id)],
);

interface UserProfileBase {
  id: number;
  slug: string;
  world: WorldCode;
  publicName: string;
  imagePath: string | null;
  isSeller: boolean;
  createdAt: string;
}

/** A followed author as the user profile lists it. */
export interface FollowedAuthorLink {
  id: number;
  slug: string;
  publicName: string;
  world: WorldCode;
}

/**
 * A member's public profile. Whom a member follows is part of it only while their profile is
 * public: a private one comes without the list (absent, not empty), as the author page hides it.
 */
export type UserProfile = UserProfileBase &
  ({ privateProfile: false; following: FollowedAuthorLink[] } | { privateProfile: true; following?: never });

/** The public profile of any member (the user profile route). */
export const getUserProfile = cached(
  async (id: number): Promise<UserProfile | null> => {
    const db = getDb();
    const [row] = await db
      .select({ user: t.users, privateProfile: t.authorProfiles.privateProfile })
      .from(t.users)
      .leftJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(eq(t.users.id, id));
    if (!row) return null;
    const { user } = row;
    const base: UserProfileBase = {
      id: user.id,
      slug: user.slug,
      world: user.world,
      publicName: user.publicName,
      imagePath: user.imagePath,
      isSeller: user.isSeller,
      createdAt: user.createdAt.toISOString(),
    };
    if (row.privateProfile) return { ...base, privateProfile: true };
    const following = await db
      .select({ id: t.users.id, slug: t.users.slug, publicName: t.users.publicName, world: t.users.world })
      .from(t.authorFollows)
      .innerJoin(t.users, eq(t.users.id, t.authorFollows.authorId))
      .where(eq(t.authorFollows.followerId, id))
      .orderBy(t.users.publicName)
      .limit(50);
    return { ...base, privateProfile: false, following };
  },
  // A new key with the public view: no entry cached before it can be served.
  CACHE_KEYS.userProfile,
  (id: number) => [TAGS.author(id)],
);
