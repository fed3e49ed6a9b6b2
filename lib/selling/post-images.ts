import 'server-only';
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { mediaUrl } from '@/lib/routing/media-url';
import { checkImage } from '@/lib/images/process';
import { MAX_INPUT_PIXELS } from '@/lib/images/rules';
import { enforce } from '@/lib/security/rate-limit';
import { getStorage } from '@/lib/storage/storage';

/** Images in posts: at most this wide (narrower ones keep their size), WebP at this quality. */
export const POST_IMAGE_RULES = { maxWidth: 1200, quality: 82 } as const;

/** Each upload is a stored file: a seller may add this many post images a day. */
const UPLOADS_PER_DAY = 200;

/** The answer of `POST v3/seller/posts/images`. */
export interface PostImageAnswer {
  /** Storage key, `posts/<authorId>/<random>.webp`. */
  path: string;
  /** Where pages load it from (`/media/posts/…`): the address a post's body may name. */
  url: string;
  width: number;
  height: number;
}

/**
 * Stores an image for the author's posts: checked by its content (JPEG, PNG, WebP or GIF; the
 * first frame of an animation), turned upright, at most 1200 wide, re-encoded as WebP without its
 * metadata (camera, GPS), under an unguessable name in the author's folder.
 */
export async function uploadPostImage(authorId: number, upload: Buffer): Promise<PostImageAnswer> {
  await enforce({ key: `post-images:account:${authorId}`, limit: UPLOADS_PER_DAY, windowMs: 24 * 60 * 60_000 });
  const image = await checkImage(upload);
  let rendered: { data: Buffer; info: OutputInfo };
  try {
    rendered = await sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 })
      .autoOrient()
      .resize({ width: POST_IMAGE_RULES.maxWidth, withoutEnlargement: true })
      .webp({ quality: POST_IMAGE_RULES.quality })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('invalid_image', undefined, { reason: 'undecodable' });
  }
  const path = `posts/${authorId}/${crypto.randomBytes(12).toString('base64url')}.webp`;
  await getStorage().put(path, rendered.data);
  return { path, url: mediaUrl(path), width: rendered.info.width, height: rendered.info.height };
}

/** The author's own post images a body shows, as storage keys. */
export function postImageKeys(authorId: number, html: string): string[] {
  const pattern = new RegExp(`src="/media/(posts/${authorId}/[A-Za-z0-9_-]{8,64}\\.webp)"`, 'g');
  return [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
}

/**
 * Removes the files of the author's images that `removedBody` showed and none of the author's
 * posts shows any more (run after the post is gone or changed). A failed removal only leaves a
 * file behind.
 */
export async function removeUnusedPostImages(authorId: number, removedBody: string): Promise<void> {
  const keys = postImageKeys(authorId, removedBody);
  if (keys.length === 0) return;
  const storage = getStorage();
  for (const key of keys) {
    const [stillShown] = await getDb()
      .select({ id: t.blogPosts.id })
      .from(t.blogPosts)
      .where(and(eq(t.blogPosts.authorId, authorId), sql`strpos(${t.blogPosts.body}, ${`/media/${key}`}) > 0`))
      .limit(1);
    if (!stillShown) await storage.remove(key).catch(() => undefined);
  }
}
