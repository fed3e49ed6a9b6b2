import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';

/** The author profile of SPEC §3 as the API and pages return it. */
export interface AuthorProfile {
  id: number;
  slug: string;
  isSeller: boolean;
  becameSellerAt: string | null;
  createdAt: string;
  world: string;
  followersNumber: number;
  followingNumber: number;
  details: {
    description: string | null;
    facebookProfile: string | null;
    instagramProfile: string | null;
    pinterestProfile: string | null;
    privateProfile: boolean;
    profileBackgroundData: unknown;
    profileBackgroundPath: string | null;
    publicName: string;
    subtitle: string | null;
    teachableCertified: boolean;
    totalMaterials: number;
    imagePath: string | null;
  };
}

/** An author (a seller with a profile) by user id; null when there is none. */
export const getAuthorProfile = unstable_cache(
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
    const { user, profile } = row;
    return {
      id: user.id,
      slug: user.slug,
      isSeller: user.isSeller,
      becameSellerAt: user.becameSellerAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      world: user.world,
      followersNumber: profile.followersNumber,
      followingNumber: profile.followingNumber,
      details: {
        description: profile.description,
        facebookProfile: profile.facebookProfile,
        instagramProfile: profile.instagramProfile,
        pinterestProfile: profile.pinterestProfile,
        privateProfile: profile.privateProfile,
        profileBackgroundData: profile.profileBackgroundData,
        profileBackgroundPath: profile.profileBackgroundPath,
        publicName: user.publicName,
        subtitle: profile.subtitle,
        teachableCertified: profile.teachableCertified,
        totalMaterials: total,
        imagePath: user.imagePath,
      },
    };
  },
  ['author-profile'],
  { tags: ['authors'], revalidate: 300 },
);

export interface BlogPostSummary {
  id: number;
  title: string;
  publishedAt: string;
  excerpt: string;
}

/** An author's blog posts, newest first. */
export const listAuthorBlogPosts = unstable_cache(
  async (authorId: number, limit = 20): Promise<BlogPostSummary[]> => {
    const rows = await getDb()
      .select({ id: t.blogPosts.id, title: t.blogPosts.title, publishedAt: t.blogPosts.publishedAt, body: t.blogPosts.body })
      .from(t.blogPosts)
      .where(eq(t.blogPosts.authorId, authorId))
      .orderBy(desc(t.blogPosts.publishedAt))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      publishedAt: r.publishedAt.toISOString(),
      excerpt: r.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 220),
    }));
  },
  ['author-blog'],
  { tags: ['blog'], revalidate: 300 },
);

export interface AuthorSummary {
  id: number;
  slug: string;
  publicName: string;
  world: string;
  followersNumber: number;
}

/** The authors an author follows (the "following" tab). */
export const listFollowedAuthors = unstable_cache(
  async (followerId: number, limit = 50): Promise<AuthorSummary[]> =>
    getDb()
      .select({ id: t.users.id, slug: t.users.slug, publicName: t.users.publicName, world: t.users.world, followersNumber: t.authorProfiles.followersNumber })
      .from(t.authorFollows)
      .innerJoin(t.users, eq(t.users.id, t.authorFollows.authorId))
      .innerJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(eq(t.authorFollows.followerId, followerId))
      .orderBy(desc(t.authorProfiles.followersNumber))
      .limit(limit),
  ['author-following'],
  { tags: ['authors'], revalidate: 300 },
);
