import { z } from 'zod';
import { idSchema, MAX_PAGE_SIZE, paginationSchema, worldCodeSchema } from '@/lib/input/schemas';
import { MAX_STATUS_IDS, SUBJECT_TYPES } from './limits';

const subjectTypeSchema = z.enum(SUBJECT_TYPES, { message: 'subjectType is material or author' });

/**
 * The body of subscribe and unsubscribe (signed in and anonymous): the subject, and optionally
 * the world it was seen in (the call's `world` parameter decides; a body world is accepted
 * because the web client sends it, and must be a known one).
 */
export const subscriptionSchema = z
  .object({ subjectId: idSchema, subjectType: subjectTypeSchema, world: worldCodeSchema.optional() })
  .strict();
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

/** `GET v1/subscriptions?type=&limit=&page=`. */
export const subscriptionListSchema = z.object({ type: subjectTypeSchema, ...paginationSchema }).strict();

/** The anonymous list's body (a POST, as the web client sends it). */
export const anonymousListSchema = z
  .object({
    subjectType: subjectTypeSchema,
    world: worldCodeSchema.optional(),
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();

/** How a favourites list can be ordered. */
export const WISHLIST_SORTS = ['added_desc', 'added_asc', 'title', 'price_asc', 'price_desc'] as const;
export type WishlistSort = (typeof WISHLIST_SORTS)[number];

/**
 * The wishlist queries' body. The filter is the server's own (the call's world, visible and not
 * deleted materials); a client may send it as the web client does, but it cannot widen it.
 */
export const wishlistQuerySchema = z
  .object({
    filter: z
      .object({
        world: worldCodeSchema.optional(),
        isActive: z.literal(true).optional(),
        deletedAt: z.null().optional(),
      })
      .strict()
      .optional(),
    sort: z.enum(WISHLIST_SORTS).default('added_desc'),
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type WishlistQuery = z.infer<typeof wishlistQuerySchema>;

/** A comma-separated list of ids in a query string, at most MAX_STATUS_IDS of them. */
const idListSchema = z
  .string()
  .max(MAX_STATUS_IDS * 11)
  .transform((value, ctx) => {
    if (value === '') return [];
    const parts = value.split(',');
    const ids: number[] = [];
    for (const part of parts) {
      const parsed = idSchema.safeParse(/^\d{1,10}$/.test(part) ? Number(part) : NaN);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'A list of ids separated by commas' });
        return z.NEVER;
      }
      ids.push(parsed.data);
    }
    if (ids.length > MAX_STATUS_IDS) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_STATUS_IDS} ids` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** `GET v3/subscriptions/status?materials=1,2&authors=3`: which of these the caller keeps. */
export const statusQuerySchema = z
  .object({ materials: idListSchema.default([]), authors: idListSchema.default([]) })
  .strict();

/** An app's persist: the anonymous token whose favourites and follows join the signed-in account. */
export const persistSchema = z
  .object({
    anonymousToken: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,100}$/, 'An access token')
      .optional(),
    world: worldCodeSchema.optional(),
  })
  .strict();
