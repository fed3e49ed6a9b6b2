import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { invalidateAuthor } from '@/lib/cache';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { checkImage, renderBackground, renderUserImages } from '@/lib/images/process';
import { IMAGE_RULES } from '@/lib/images/rules';
import { mediaUrl } from '@/lib/routing/media-url';
import { getStorage } from '@/lib/storage/storage';
import { htmlToText, sanitizeAuthorHtml } from '@/lib/text/sanitize';
import { slugify } from '@/lib/text/slugify';

/**
 * The user details calls take no parameters besides `world`: the user is always the one of the
 * session, so an id in the query (or the body) is refused rather than silently ignored.
 */
export const noQueryParams = z.strictObject({});

// Control characters and bidirectional overrides (which can make a name read differently from
// what it is) have no place in a one-line public text.
const FORBIDDEN_CHARACTERS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

function singleLine(max: number) {
  return z
    .string()
    .max(max * 4, `At most ${max} characters`)
    .transform((value) => value.replace(/\s+/gu, ' ').trim())
    .pipe(
      z
        .string()
        .max(max, `At most ${max} characters`)
        .refine((value) => !FORBIDDEN_CHARACTERS.test(value), 'Contains characters that are not allowed'),
    );
}

/** An optional one-line text: empty means "remove it" (stored as null). */
function optionalLine(max: number) {
  return singleLine(max)
    .transform((value) => value || null)
    .nullable();
}

const publicName = singleLine(60).pipe(
  z
    .string()
    .min(2, 'At least 2 characters')
    .refine((value) => /[\p{L}\p{N}]/u.test(value), 'Must contain a letter or a digit'),
);

const MAX_DESCRIPTION = 10_000;
const description = z
  .string()
  .max(MAX_DESCRIPTION, `At most ${MAX_DESCRIPTION} characters`)
  // Author HTML is stored sanitised; pages sanitise again when they render it.
  .transform((html) => {
    const clean = sanitizeAuthorHtml(html).trim();
    return htmlToText(clean) ? clean : null;
  })
  .nullable();

interface SocialNetwork {
  example: string;
  hosts: RegExp;
  handle: RegExp;
  rule: string;
}

/** What a profile of each network looks like; the handle is what pages link to (lib/catalog/social-profiles.ts). */
const SOCIAL_NETWORKS = {
  facebookProfile: {
    example: 'https://www.facebook.com/name',
    hosts: /^(?:[a-z0-9-]+\.)?facebook\.com$/,
    // profile.php?id=… links name no handle a page could link to.
    handle: /^(?!profile\.php$)[A-Za-z0-9.]{5,50}$/,
    rule: '5–50 letters, digits or dots',
  },
  instagramProfile: {
    example: 'https://www.instagram.com/name',
    hosts: /^(?:www\.)?instagram\.com$/,
    handle: /^(?!.*\.\.)[A-Za-z0-9._]{1,30}$/,
    rule: 'up to 30 letters, digits, dots or underscores',
  },
  pinterestProfile: {
    example: 'https://www.pinterest.com/name',
    hosts: /^(?:[a-z0-9-]+\.)?pinterest\.(?:com|co\.uk|com\.[a-z]{2}|[a-z]{2})$/,
    handle: /^[A-Za-z0-9_]{3,30}$/,
    rule: '3–30 letters, digits or underscores',
  },
} satisfies Record<string, SocialNetwork>;

/**
 * A social profile given as a handle (`frau.demo`, `@frau.demo`) or as a link to the profile on
 * that network; stored as the handle. Links to other sites are refused.
 */
function socialProfile(network: SocialNetwork) {
  return z
    .string()
    .max(300, 'At most 300 characters')
    .transform((input, ctx) => {
      let value = input.trim();
      if (!value) return null;
      if (value.includes('/')) {
        let url: URL;
        try {
          url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
        } catch {
          ctx.addIssue({ code: 'custom', message: `Not a valid link; expected for example ${network.example}` });
          return z.NEVER;
        }
        const segments = url.pathname.split('/').filter(Boolean);
        if (!network.hosts.test(url.hostname.toLowerCase()) || segments.length !== 1) {
          ctx.addIssue({ code: 'custom', message: `Expected a profile name or a link like ${network.example}` });
          return z.NEVER;
        }
        value = decodeURIComponent(segments[0]!);
      }
      value = value.replace(/^@/, '');
      if (!network.handle.test(value)) {
        ctx.addIssue({ code: 'custom', message: `A profile name has ${network.rule}` });
        return z.NEVER;
      }
      return value;
    })
    .nullable();
}

/** The body of `POST v1/user/details`: the fields a user may change; unknown keys are refused. */
export const userDetailsUpdateSchema = z
  .strictObject({
    publicName: publicName.optional(),
    userName: optionalLine(80).optional(),
    subtitle: optionalLine(120).optional(),
    description: description.optional(),
    facebookProfile: socialProfile(SOCIAL_NETWORKS.facebookProfile).optional(),
    instagramProfile: socialProfile(SOCIAL_NETWORKS.instagramProfile).optional(),
    pinterestProfile: socialProfile(SOCIAL_NETWORKS.pinterestProfile).optional(),
    privateProfile: z.boolean().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, {
    message: 'Nothing to change',
    // Only for an otherwise valid body: unknown keys are their own, clearer answer.
    when: (payload) => payload.issues.length === 0,
  });

export type UserDetailsUpdate = z.infer<typeof userDetailsUpdateSchema>;

/** Fields of the author profile; only sellers have one to change. */
const AUTHOR_FIELDS = [
  'subtitle',
  'description',
  'facebookProfile',
  'instagramProfile',
  'pinterestProfile',
  'privateProfile',
] as const;

/** Where each kind of user image lives: in the user's own folder, under a fresh name per upload. */
const USER_FILE = /^users\/(\d+)\/(image|avatar|background)-([A-Za-z0-9_-]{12})\.(webp|jpg)$/;

function userFileKey(
  userId: number,
  kind: 'image' | 'avatar' | 'background',
  token: string,
  format: 'webp' | 'jpg',
): string {
  return `users/${userId}/${kind}-${token}.${format}`;
}

/**
 * The files of a stored user image path (the WebP one in the database), only when it is one of
 * this user's uploads: seeded or foreign paths are never deleted through here.
 */
function ownedFiles(
  userId: number,
  storedPath: string | null | undefined,
  kinds: readonly ('image' | 'avatar' | 'background')[],
): string[] {
  const match = storedPath ? USER_FILE.exec(storedPath) : null;
  if (!match || Number(match[1]) !== userId) return [];
  return kinds.flatMap((kind) => [
    userFileKey(userId, kind, match[3]!, 'webp'),
    userFileKey(userId, kind, match[3]!, 'jpg'),
  ]);
}

/** The 32×32 avatar that belongs to an author image path (both come from one upload), or null. */
export function avatarPathOf(imagePath: string | null): string | null {
  const match = imagePath ? USER_FILE.exec(imagePath) : null;
  return match && match[2] === 'image' ? userFileKey(Number(match[1]), 'avatar', match[3]!, 'webp') : null;
}

/** The JPEG fallback of a stored WebP user image (see lib/images/rules.ts), or null. */
export function jpegFallbackOf(path: string | null): string | null {
  return path && USER_FILE.test(path) ? path.replace(/\.webp$/, '.jpg') : null;
}

/** The slug of a public name; names with nothing slugify can spell (Cyrillic, CJK) get `user-<id>`. */
export function slugForName(name: string, userId: number): string {
  const slug = slugify(name, 60);
  // slugify's fallback for "nothing left" is 'material', which would be a strange author URL.
  return slug === 'material' && !/material/i.test(name) ? `user-${userId}` : slug;
}

/** A user's own details as `GET/POST v1/user/details` answer them. */
export interface UserDetails {
  id: number;
  slug: string;
  isSeller: boolean;
  publicName: string;
  userName: string | null;
  imagePath: string | null;
  avatarPath: string | null;
  subtitle: string | null;
  description: string | null;
  facebookProfile: string | null;
  instagramProfile: string | null;
  pinterestProfile: string | null;
  privateProfile: boolean;
  profileBackgroundData: unknown;
  profileBackgroundPath: string | null;
}

/** The signed-in user's changeable details (user and author profile); null when the user is gone. */
export async function getUserDetails(userId: number): Promise<UserDetails | null> {
  const [row] = await getDb()
    .select({
      id: t.users.id,
      slug: t.users.slug,
      isSeller: t.users.isSeller,
      publicName: t.users.publicName,
      userName: t.users.userName,
      imagePath: t.users.imagePath,
      profile: t.authorProfiles,
    })
    .from(t.users)
    .leftJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
    .where(eq(t.users.id, userId));
  if (!row) return null;
  const { profile } = row;
  return {
    id: row.id,
    slug: row.slug,
    isSeller: row.isSeller,
    publicName: row.publicName,
    userName: row.userName,
    imagePath: row.imagePath,
    avatarPath: avatarPathOf(row.imagePath),
    subtitle: profile?.subtitle ?? null,
    description: profile?.description ?? null,
    facebookProfile: profile?.facebookProfile ?? null,
    instagramProfile: profile?.instagramProfile ?? null,
    pinterestProfile: profile?.pinterestProfile ?? null,
    privateProfile: profile?.privateProfile ?? false,
    profileBackgroundData: profile?.profileBackgroundData ?? null,
    profileBackgroundPath: profile?.profileBackgroundPath ?? null,
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks the user's row for the rest of the transaction: every change to a user's details and
 * images goes through it, so concurrent uploads replace each other in turn and each deletes
 * exactly the files it replaced.
 */
async function lockUser(tx: Transaction, userId: number) {
  const [user] = await tx
    .select({ isSeller: t.users.isSeller, publicName: t.users.publicName, imagePath: t.users.imagePath })
    .from(t.users)
    .where(eq(t.users.id, userId))
    .for('update');
  if (!user) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  return user;
}

/**
 * Makes public pages show a profile change, in this process and the others: the user's author
 * and member pages and the data behind them at once, and with `catalogue` (a new public name or
 * picture) also their materials, posts and the lists showing them, right after (lib/cache).
 */
export function refreshPublicPages(userId: number, options: { catalogue: boolean }): void {
  void invalidateAuthor(userId, options);
}

/**
 * Changes the signed-in user's details (`POST v1/user/details`). A new public name gives a new
 * slug (old author links redirect to it). Author-profile fields are for sellers only: anyone
 * else gets a 403 and nothing changes. Answers the details as they are now.
 */
export async function updateUserDetails(userId: number, input: UserDetailsUpdate): Promise<UserDetails> {
  const authorFields = AUTHOR_FIELDS.filter((field) => input[field] !== undefined);
  const nameChanged = await getDb().transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (authorFields.length && !user.isSeller)
      throw new AppError('forbidden', undefined, { reason: 'not_seller', fields: authorFields });
    const patch: Partial<typeof t.users.$inferInsert> = {};
    if (input.publicName !== undefined && input.publicName !== user.publicName) {
      patch.publicName = input.publicName;
      patch.slug = slugForName(input.publicName, userId);
    }
    if (input.userName !== undefined) patch.userName = input.userName;
    if (Object.keys(patch).length) await tx.update(t.users).set(patch).where(eq(t.users.id, userId));
    if (authorFields.length) {
      const values = Object.fromEntries(authorFields.map((field) => [field, input[field]])) as Partial<
        typeof t.authorProfiles.$inferInsert
      >;
      await tx
        .insert(t.authorProfiles)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: t.authorProfiles.userId, set: values });
    }
    return patch.publicName !== undefined;
  });
  refreshPublicPages(userId, { catalogue: nameChanged });
  const details = await getUserDetails(userId);
  if (!details) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  return details;
}

/** Writes all files or none: on a failure the ones already written are removed again. */
async function putAll(files: [key: string, data: Buffer][]): Promise<void> {
  const storage = getStorage();
  const written: string[] = [];
  try {
    for (const [key, data] of files) {
      await storage.put(key, data);
      written.push(key);
    }
  } catch (error) {
    await removeAll(written);
    throw error;
  }
}

async function removeAll(keys: string[]): Promise<void> {
  const storage = getStorage();
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  for (const result of results)
    if (result.status === 'rejected') console.error('could not delete a replaced image:', result.reason);
}

/** Stores new files, runs the database change, and removes the new files again if that fails. */
async function replaceFiles<T>(files: [key: string, data: Buffer][], change: () => Promise<T>): Promise<T> {
  await putAll(files);
  try {
    return await change();
  } catch (error) {
    await removeAll(files.map(([key]) => key));
    throw error;
  }
}

const newToken = () => crypto.randomBytes(9).toString('base64url');

/** The answer of `POST v3/user-details/avatar`. */
export interface UserImageAnswer {
  imagePath: string;
  imageUrl: string;
  avatarPath: string;
  avatarUrl: string;
  format: 'webp';
  fallback: { format: 'jpeg'; imagePath: string; imageUrl: string; avatarPath: string; avatarUrl: string };
}

/**
 * Sets the signed-in user's picture from an upload (`POST v3/user-details/avatar`): the 200×200
 * author image and the 32×32 avatar, both quality 95, each as WebP and JPEG. `users.image_path`
 * points at the author image; the avatar's path follows from it (avatarPathOf). The replaced files
 * are deleted.
 */
export async function setUserImage(userId: number, upload: Buffer): Promise<UserImageAnswer> {
  const rendered = await renderUserImages(await checkImage(upload));
  const token = newToken();
  const key = (kind: 'image' | 'avatar', format: 'webp' | 'jpg') => userFileKey(userId, kind, token, format);
  const previous = await replaceFiles(
    [
      [key('image', 'webp'), rendered.authorImage.webp.data],
      [key('image', 'jpg'), rendered.authorImage.jpeg.data],
      [key('avatar', 'webp'), rendered.avatar.webp.data],
      [key('avatar', 'jpg'), rendered.avatar.jpeg.data],
    ],
    () =>
      getDb().transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        await tx
          .update(t.users)
          .set({ imagePath: key('image', 'webp') })
          .where(eq(t.users.id, userId));
        return user.imagePath;
      }),
  );
  await removeAll(ownedFiles(userId, previous, ['image', 'avatar']));
  refreshPublicPages(userId, { catalogue: true });
  return {
    imagePath: key('image', 'webp'),
    imageUrl: mediaUrl(key('image', 'webp')),
    avatarPath: key('avatar', 'webp'),
    avatarUrl: mediaUrl(key('avatar', 'webp')),
    format: 'webp',
    fallback: {
      format: 'jpeg',
      imagePath: key('image', 'jpg'),
      imageUrl: mediaUrl(key('image', 'jpg')),
      avatarPath: key('avatar', 'jpg'),
      avatarUrl: mediaUrl(key('avatar', 'jpg')),
    },
  };
}

/** What `author_profiles.profile_background_data` holds about a stored background. */
export interface ProfileBackgroundData {
  width: number;
  height: number;
  format: 'webp';
  quality: number;
  /** Main colour of the image, for a placeholder while it loads. */
  dominantColor: string;
  fallback: { format: 'jpeg'; path: string };
}

/** The answer of the background calls. */
export interface BackgroundAnswer {
  profile_background_data: ProfileBackgroundData | null;
  profile_background_path: string | null;
  profile_background_url: string | null;
}

/**
 * Sets the signed-in seller's profile background from an upload (`POST v3/user-details/background`),
 * 204 high and at most 1200 wide, and creates the author profile row when there is none yet. The
 * replaced files are deleted. Non-sellers get a 403: only author pages show a background.
 */
export async function setProfileBackground(userId: number, upload: Buffer): Promise<BackgroundAnswer> {
  const [seller] = await getDb().select({ isSeller: t.users.isSeller }).from(t.users).where(eq(t.users.id, userId));
  if (!seller) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  if (!seller.isSeller) throw new AppError('forbidden', undefined, { reason: 'not_seller' });
  const rendered = await renderBackground(await checkImage(upload));
  const token = newToken();
  const path = userFileKey(userId, 'background', token, 'webp');
  const fallbackPath = userFileKey(userId, 'background', token, 'jpg');
  const data: ProfileBackgroundData = {
    width: rendered.webp.width,
    height: rendered.webp.height,
    format: 'webp',
    quality: IMAGE_RULES.background.quality,
    dominantColor: rendered.dominantColor,
    fallback: { format: 'jpeg', path: fallbackPath },
  };
  const previous = await replaceFiles(
    [
      [path, rendered.webp.data],
      [fallbackPath, rendered.jpeg.data],
    ],
    () =>
      getDb().transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        if (!user.isSeller) throw new AppError('forbidden', undefined, { reason: 'not_seller' });
        const [profile] = await tx
          .select({ path: t.authorProfiles.profileBackgroundPath })
          .from(t.authorProfiles)
          .where(eq(t.authorProfiles.userId, userId));
        const values = { profileBackgroundPath: path, profileBackgroundData: data };
        await tx
          .insert(t.authorProfiles)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: t.authorProfiles.userId, set: values });
        return profile?.path ?? null;
      }),
  );
  await removeAll(ownedFiles(userId, previous, ['background']));
  refreshPublicPages(userId, { catalogue: false });
  return { profile_background_data: data, profile_background_path: path, profile_background_url: mediaUrl(path) };
}

/**
 * Removes the signed-in user's profile background and its files
 * (`POST v3/user-details/remove-background`). Removing when there is none is not an error.
 */
export async function removeProfileBackground(userId: number): Promise<BackgroundAnswer> {
  const previous = await getDb().transaction(async (tx) => {
    await lockUser(tx, userId);
    const [profile] = await tx
      .select({ path: t.authorProfiles.profileBackgroundPath })
      .from(t.authorProfiles)
      .where(eq(t.authorProfiles.userId, userId));
    if (!profile?.path) return null;
    await tx
      .update(t.authorProfiles)
      .set({ profileBackgroundPath: null, profileBackgroundData: null })
      .where(eq(t.authorProfiles.userId, userId));
    return profile.path;
  });
  if (previous) {
    await removeAll(ownedFiles(userId, previous, ['background']));
    refreshPublicPages(userId, { catalogue: false });
  }
  return { profile_background_data: null, profile_background_path: null, profile_background_url: null };
}
