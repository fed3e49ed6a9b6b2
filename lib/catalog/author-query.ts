import { z } from 'zod';
import { idOrIdTextSchema, worldCodeSchema } from '@/lib/input/schemas';
import type { AuthorProfile } from './authors';

const TOP_FIELDS = [
  'id',
  'slug',
  'isSeller',
  'becameSellerAt',
  'createdAt',
  'world',
  'followersNumber',
  'followingNumber',
  'details',
] as const;
const DETAIL_FIELDS = [
  'description',
  'facebookProfile',
  'instagramProfile',
  'pinterestProfile',
  'privateProfile',
  'profileBackgroundData',
  'profileBackgroundPath',
  'publicName',
  'subtitle',
  'teachableCertified',
  'totalMaterials',
  'imagePath',
] as const;
export const AUTHOR_FIELDS = [...TOP_FIELDS, ...DETAIL_FIELDS.map((f) => `details.${f}` as const)];

/**
 * The body of `POST v3/user-details/query`: a small GraphQL-like query for one
 * author by user id and world, optionally naming the fields to return.
 *
 *   { "author": { "userId": 2, "world": "de" }, "fields": ["id", "details.publicName"] }
 */
export const authorQuerySchema = z.object({
  author: z.object({
    // SPEC clients send the id as a number; older ones as text.
    userId: idOrIdTextSchema,
    world: worldCodeSchema.optional(),
  }),
  fields: z
    .array(z.enum(AUTHOR_FIELDS as [string, ...string[]]))
    .min(1)
    .max(AUTHOR_FIELDS.length)
    .optional(),
});

export type AuthorQuery = z.infer<typeof authorQuerySchema>;

/**
 * Keeps only the requested fields (all when none are named); `details.x` picks inside details.
 * It picks from the public view only: a private profile's personal fields, even when named, are
 * absent from the answer, as they are from the profile itself.
 */
export function selectAuthorFields(profile: AuthorProfile, fields?: readonly string[]): Partial<AuthorProfile> {
  if (!fields) return profile;
  const out: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.startsWith('details.')) {
      const key = field.slice('details.'.length);
      if (Object.hasOwn(profile.details, key)) details[key] = profile.details[key as keyof AuthorProfile['details']];
    } else if (Object.hasOwn(profile, field)) {
      out[field] = profile[field as keyof AuthorProfile];
    }
  }
  if (Object.keys(details).length && !('details' in out)) out.details = details;
  return out as Partial<AuthorProfile>;
}
