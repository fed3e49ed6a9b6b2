import type { WorldCode } from '@/lib/worlds/worlds';
import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { toPublicAuthorProfile, type AuthorProfile } from './author-view';

export type { AuthorDetails, AuthorProfile } from './author-view';

/**
 * An author (a seller with a profile) by user id, as the public sees it; null when there is none.
 * A private profile comes without its personal fields (lib/catalog/author-view.ts): every public
 * answer reads authors through here, so none of them can carry those fields.
 */
export const getAuthorProfile = cached(
  async (userId: number): Promise<AuthorProfile | null> => {
    const db = getDb();
    const [row] = await db
      .select({ user: t.users, profile: t.authorProfiles })
      .from(t.users)
      .innerJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(and(eq(t.users.id, userId), eq(t.users.isSeller, true)));
    if (!row) return null;
    // Counted in SQL with ::int: pg returns bigint counts as strings.
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(t.materials)
      .where(and(eq(t.materials.authorId, userId), eq(t.materials.isActive, true), isNull(t.materials.deletedAt)));
    return toPublicAuthorProfile(row.user, row.profile, total);
  },
  // A new key with the public view: no entry cached before it can be served.
  CACHE_KEYS.authorProfile,
  (userId: number) => [TAGS.author(userId)],
);

/** SQL: the user has no private author profile (whom a private profile follows stays on the server). */
function notPrivateProfile(userId: number) {
  return sql`NOT EXISTS (SELECT 1 FROM author_profiles p WHERE p.user_id = ${userId} AND p.private_profile)`;
}

export interface BlogPostSummary {
  id: number;
  title: string;
  publishedAt: string;
  excerpt: string;
}

/** An author's blog posts, newest first. */
export const listAuthorBlogPosts = cached(
  async (authorId: number, limit = 20): Promise<BlogPostSummary[]> => {
    const rows = await getDb()
      .select({
        id: t.blogPosts.id,
        title: t.blogPosts.title,
        publishedAt: t.blogPosts.publishedAt,
        body: t.blogPosts.body,
      })
      .from(t.blogPosts)
      // Drafts are their author's alone.
      .where(and(eq(t.blogPosts.authorId, authorId), eq(t.blogPosts.status, 'published')))
      .orderBy(desc(t.blogPosts.publishedAt))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      publishedAt: r.publishedAt!.toISOString(),
      excerpt: r.body
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 220),
    }));
  },
  CACHE_KEYS.authorBlog,
  (authorId: number) => [TAGS.author(authorId)],
);

export interface AuthorSummary {
  id: number;
  slug: string;
  publicName: string;
  world: WorldCode;
  followersNumber: number;
}

/** The authors an author follows (the "following" tab); none while the follower's profile is private. */
export const listFollowedAuthors = cached(
  async (followerId: number, limit = 50): Promise<AuthorSummary[]> =>
    getDb()
      .select({
        id: t.users.id,
        slug: t.users.slug,
        publicName: t.users.publicName,
        world: t.users.world,
        followersNumber: t.authorProfiles.followersNumber,
      })
      .from(t.authorFollows)
      .innerJoin(t.users, eq(t.users.id, t.authorFollows.authorId))
      .innerJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(and(eq(t.authorFollows.followerId, followerId), notPrivateProfile(followerId)))
      .orderBy(desc(t.authorProfiles.followersNumber))
      .limit(limit),
  // A new key with the rule: no list cached before it can be served.
  CACHE_KEYS.authorFollowing,
  (followerId: number) => [TAGS.author(followerId), TAGS.followList(followerId), TAGS.followLists],
);
