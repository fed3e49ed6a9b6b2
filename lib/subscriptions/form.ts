import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { idOrIdTextSchema } from '@/lib/input/schemas';
import { pathFor } from '@/lib/routing/localized-routes';
import { sameOriginPath } from '@/lib/text/same-origin-path';
import type { WorldCode } from '@/lib/worlds/worlds';
import { SUBJECT_TYPES } from './limits';

/** A heart or follow button posted without script (urlencoded). */
export const keepFormSchema = z
  .object({
    subjectId: idOrIdTextSchema,
    subjectType: z.enum(SUBJECT_TYPES),
    /** Absent: add (a page's button cannot know the state without script); the favourites page removes. */
    action: z.enum(['add', 'remove']).default('add'),
    /** Where to go back to (the favourites page keeps its sort and page); checked by sameOriginPath. */
    next: z.string().max(2000).optional(),
  })
  .strict();

/** What the page landed on confirms: fixed words, never request text. */
export const KEEP_NOTICES = ['added', 'removed', 'followed', 'unfollowed'] as const;
export type KeepNotice = (typeof KEEP_NOTICES)[number];

/** The refusals the favourites page explains (their texts are the API's reasons); anything else is `invalid`. */
export const KEEP_ERRORS = [
  'material_not_found',
  'author_not_found',
  'favourites_full',
  'follows_full',
  'anonymous_favourites_full',
  'anonymous_follows_full',
  'too_many_attempts',
  'invalid',
] as const;
export type KeepError = (typeof KEEP_ERRORS)[number];

/** The word a refused change stands for; anything that is not a refusal is thrown on. */
export function keepErrorOf(error: unknown): KeepError {
  if (!(error instanceof AppError)) throw error;
  const reason = (error.details as { reason?: unknown } | null)?.reason;
  return KEEP_ERRORS.find((known) => known === reason) ?? 'invalid';
}

/** A same-origin path with one query parameter set (the notice or error word). */
function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://kreide.invalid');
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}

/**
 * Where the form post goes on: back to `next` when it is one of our paths, else the favourites
 * page, or for a follow the author's page, whose `#followed` notice shows by CSS alone (the stored
 * page stays the same for everyone). A refusal goes to the favourites page, which explains it.
 */
export async function keepFormLocation(
  world: WorldCode,
  input: { subjectType: 'material' | 'author'; subjectId: number; action: 'add' | 'remove'; next?: string },
  outcome: { error: KeepError } | { ok: true },
): Promise<string> {
  const favourites = pathFor(world, 'favourites');
  if ('error' in outcome) return withParam(favourites, 'error', outcome.error);
  const notice: KeepNotice =
    input.subjectType === 'material'
      ? input.action === 'add'
        ? 'added'
        : 'removed'
      : input.action === 'add'
        ? 'followed'
        : 'unfollowed';
  const back = sameOriginPath(input.next);
  if (back) return withParam(back, 'notice', notice);
  if (input.subjectType === 'author' && input.action === 'add') {
    const [author] = await getDb().select({ slug: t.users.slug }).from(t.users).where(eq(t.users.id, input.subjectId));
    if (author) return `${pathFor(world, 'author', { id: String(input.subjectId), slug: author.slug })}#followed`;
  }
  return withParam(favourites, 'notice', notice);
}
