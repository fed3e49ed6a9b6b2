import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { isStorableText } from '@/lib/input/schemas';
import { invalidateAuthor, invalidateTags } from '@/lib/cache/invalidate';
import { TAGS } from '@/lib/cache/tags';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { pathFor } from '@/lib/routing/localized-routes';
import { sanitizePostHtml } from '@/lib/text/sanitize';
import type { WorldCode } from '@/lib/worlds/worlds';
import { removeUnusedPostImages } from './post-images';
import { POST_BODY_MAX, POST_TITLE_MAX, postHasContent } from './post-text';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const SELLER_POSTS_PAGE_SIZE = 50;

// Control characters and bidirectional overrides have no place in a one-line public title.
const FORBIDDEN_IN_TITLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** A post's title: one line, whitespace collapsed, at most 160 characters; empty while a draft. */
const titleSchema = z
  .string()
  .max(POST_TITLE_MAX * 4, `At most ${POST_TITLE_MAX} characters`)
  .transform((value) => value.replace(/\s+/gu, ' ').trim())
  .pipe(
    z
      .string()
      .max(POST_TITLE_MAX, `At most ${POST_TITLE_MAX} characters`)
      .refine((value) => !FORBIDDEN_IN_TITLE.test(value), {
        message: 'Contains characters that are not allowed',
        params: { key: 'invalid' },
      }),
  );

/**
 * A post's body: author HTML of at most 50,000 characters, stored sanitised — the author-HTML
 * rules plus images uploaded for posts (`/media/posts/…`), nothing else.
 */
const bodySchema = z
  .string()
  .max(POST_BODY_MAX, `At most ${POST_BODY_MAX} characters`)
  .refine(isStorableText, { message: 'Contains characters that cannot be stored', params: { key: 'invalid' } })
  .transform((html) => sanitizePostHtml(html).trim());

/** The body of `POST v3/seller/posts`: a new draft, empty or with a first title and text. */
export const postCreateSchema = z.strictObject({ title: titleSchema.optional(), body: bodySchema.optional() });

/** The body of `PATCH v3/seller/posts/{id}`: title, body or both. */
export const postPatchSchema = z
  .strictObject({ title: titleSchema.optional(), body: bodySchema.optional() })
  .refine((input) => input.title !== undefined || input.body !== undefined, {
    message: 'Nothing to change',
    when: (payload) => payload.issues.length === 0,
  });

export type PostCreate = z.infer<typeof postCreateSchema>;
export type PostPatch = z.infer<typeof postPatchSchema>;

/** One of the author's posts as the editor sees it. */
export interface SellerPost {
  id: number;
  world: WorldCode;
  title: string;
  /** Sanitised HTML. */
  body: string;
  status: 'draft' | 'published';
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The public page of a published post, in its world's wording; null while a draft. */
  publicPath: string | null;
}

export type SellerPostListItem = Omit<SellerPost, 'body'>;

type PostRow = typeof t.blogPosts.$inferSelect;

function toSellerPost(row: PostRow): SellerPost {
  return {
    id: row.id,
    world: row.world,
    title: row.title,
    body: row.body,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publicPath: row.status === 'published' ? pathFor(row.world, 'blog-post', { id: String(row.id) }) : null,
  };
}

/**
 * One of the author's posts. Someone else's post and a missing id answer 404 alike, so the ids of
 * other authors' drafts cannot be probed.
 */
async function ownPost(db: Database | Tx, authorId: number, postId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(t.blogPosts)
    .where(and(eq(t.blogPosts.id, postId), eq(t.blogPosts.authorId, authorId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', undefined, { reason: 'post_not_found' });
  return row;
}

/** What keeps a post from being public: a title and something to read or see. */
function publishProblems(post: { title: string; body: string }) {
  const problems: { path: string; message: string; code: string }[] = [];
  if (!post.title) problems.push({ path: 'title', message: 'A published post needs a title', code: 'required' });
  if (!postHasContent(post.body))
    problems.push({ path: 'body', message: 'A published post needs a text or an image', code: 'required' });
  return problems;
}

/**
 * The public pages of a post and of its author (the blog tab, the storefront's blog) show the
 * change, in this process and the others. Called after the change committed.
 */
async function refreshPublished(postId: number, authorId: number): Promise<void> {
  await Promise.all([invalidateTags([TAGS.blogPost(postId), TAGS.author(authorId)]), invalidateAuthor(authorId)]);
}

/** The author's posts, drafts included, newest change first. */
export async function listSellerPosts(
  authorId: number,
  options: { page?: number } = {},
): Promise<{ items: SellerPostListItem[]; total: number }> {
  const page = options.page ?? 1;
  const db = getDb();
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(t.blogPosts)
      .where(eq(t.blogPosts.authorId, authorId))
      .orderBy(desc(t.blogPosts.updatedAt), desc(t.blogPosts.id))
      .limit(SELLER_POSTS_PAGE_SIZE)
      .offset((page - 1) * SELLER_POSTS_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(t.blogPosts)
      .where(eq(t.blogPosts.authorId, authorId)),
  ]);
  return {
    items: rows.map((row) => {
      const post: Partial<SellerPost> = toSellerPost(row);
      delete post.body;
      return post as SellerPostListItem;
    }),
    total: count?.total ?? 0,
  };
}

/** One of the author's posts, for the editor (404 for anyone else's). */
export async function getSellerPost(authorId: number, postId: number): Promise<SellerPost> {
  return toSellerPost(await ownPost(getDb(), authorId, postId));
}

/** Starts a draft in `world`: only its author sees it until it is published. */
export async function createSellerPost(
  authorId: number,
  world: WorldCode,
  input: PostCreate = {},
): Promise<SellerPost> {
  const [row] = await getDb()
    .insert(t.blogPosts)
    .values({
      authorId,
      world,
      title: input.title ?? '',
      body: input.body ?? '',
      // The table's defaults are those of a published post (seeded posts); a new one is a draft.
      status: 'draft',
      publishedAt: null,
    })
    .returning();
  return toSellerPost(row!);
}

/**
 * Saves a title, a body or both. A draft keeps whatever it is given; a published post must stay
 * publishable (a title and something to read), so a save that empties it is refused (400) and
 * nothing changes. A published post's page and its author's blog show the change at once.
 */
export async function updateSellerPost(authorId: number, postId: number, patch: PostPatch): Promise<SellerPost> {
  const row = await getDb().transaction(async (tx) => {
    const post = await ownPost(tx, authorId, postId, { lock: true });
    const next = { title: patch.title ?? post.title, body: patch.body ?? post.body };
    if (post.status === 'published') {
      const problems = publishProblems(next);
      if (problems.length) throw new AppError('validation_failed', undefined, problems);
    }
    const [updated] = await tx
      .update(t.blogPosts)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(t.blogPosts.id, postId))
      .returning();
    return updated!;
  });
  if (row.status === 'published') await refreshPublished(row.id, authorId);
  return toSellerPost(row);
}

/**
 * Publishes a draft: public from now on (its date is now), on its page and the author's blog.
 * Refused (400, with the fields) without a title or anything to read. Publishing a published
 * post changes nothing.
 */
export async function publishSellerPost(authorId: number, postId: number): Promise<SellerPost> {
  const { row, changed } = await getDb().transaction(async (tx) => {
    const post = await ownPost(tx, authorId, postId, { lock: true });
    if (post.status === 'published') return { row: post, changed: false };
    const problems = publishProblems(post);
    if (problems.length) throw new AppError('validation_failed', undefined, problems);
    const now = new Date();
    const [updated] = await tx
      .update(t.blogPosts)
      .set({ status: 'published', publishedAt: now, updatedAt: now })
      .where(eq(t.blogPosts.id, postId))
      .returning();
    return { row: updated!, changed: true };
  });
  if (changed) await refreshPublished(row.id, authorId);
  return toSellerPost(row);
}

/** Takes a published post back to a draft: gone from its page and the blog, kept for its author. */
export async function unpublishSellerPost(authorId: number, postId: number): Promise<SellerPost> {
  const row = await getDb().transaction(async (tx) => {
    const post = await ownPost(tx, authorId, postId, { lock: true });
    if (post.status !== 'published') throw new AppError('conflict', undefined, { reason: 'not_published' });
    const [updated] = await tx
      .update(t.blogPosts)
      .set({ status: 'draft', publishedAt: null, updatedAt: new Date() })
      .where(eq(t.blogPosts.id, postId))
      .returning();
    return updated!;
  });
  await refreshPublished(row.id, authorId);
  return toSellerPost(row);
}

/**
 * Deletes one of the author's posts, and the images uploaded for it that none of the author's
 * other posts shows.
 */
export async function deleteSellerPost(authorId: number, postId: number): Promise<void> {
  const post = await getDb().transaction(async (tx) => {
    const post = await ownPost(tx, authorId, postId, { lock: true });
    await tx.delete(t.blogPosts).where(eq(t.blogPosts.id, postId));
    return post;
  });
  await removeUnusedPostImages(authorId, post.body);
  if (post.status === 'published') await refreshPublished(post.id, authorId);
}
