/**
 * The shared input schemas of every edge (API routes, pages, forms): ids, world codes, e-mail
 * addresses, free text and pagination. Pure zod, no Node or database code, so the browser can run
 * the same rules before it sends. A value that passes these never makes the database fail: ids
 * fit their column, text carries no NUL (PostgreSQL refuses it in text) and no lone surrogate.
 */
import { z } from 'zod';
import { DEFAULT_WORLD, WORLD_CODES } from '@/lib/worlds/worlds';

/** The largest value of a PostgreSQL `integer` (serial) column. */
export const MAX_DB_INT = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to the column's maximum. */
export const idSchema = z.number().int().min(1).max(MAX_DB_INT);

/** Decimal digits without sign, spaces, exponent or leading zeros: what an id looks like in text. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * A row id from text (a path segment or a query value), or null when it is not one: `12` passes;
 * `012`, `1e3`, ` 12`, `-1`, `0` and `2147483648` do not.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !ID_TEXT.test(value)) return null;
  const id = Number(value);
  return id <= MAX_DB_INT ? id : null;
}

/** A row id in a query string. */
export const idTextSchema = z.string().transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: `Expected a whole number from 1 to ${MAX_DB_INT}` });
    return z.NEVER;
  }
  return id;
});

/** A row id in a body that may also arrive as text (forms, older clients). */
export const idOrIdTextSchema = z.union([idSchema, idTextSchema]);

/** NUL, which PostgreSQL refuses in text, and UTF-16 halves without their partner. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string can be stored as PostgreSQL text. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The string without what PostgreSQL cannot store (for a search box, which should not fail on a stray NUL). */
export function stripUnstorable(value: string): string {
  return value.replace(new RegExp(UNSTORABLE.source, 'g'), '');
}

/** Free text: trimmed, at most `max` characters, storable. */
export function textSchema(max: number) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isStorableText, { message: 'Contains characters that cannot be stored', params: { key: 'invalid' } });
}

/** A world code of the world table. */
export const worldCodeSchema = z.enum(WORLD_CODES);

/** Every call carries a `world` query parameter; de when it is missing. */
export const worldParam = worldCodeSchema.default(DEFAULT_WORLD);

/** E-mail as entered: trimmed, lower-cased (addresses are lower-cased before hashing), at most 254. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
  .transform((value) => value.toLowerCase());

/** The page size of folders and wishlists, also the largest page any list serves. */
export const MAX_PAGE_SIZE = 200;

/** `limit` and `page` of a paged list in a query string. */
export const paginationSchema = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
};

/** What a field's error is, as the browser names its translated text. */
export type FieldErrorKind = 'required' | 'tooShort' | 'tooLong' | 'invalid' | (string & {});

/** The kind of a zod issue, for the translated per-field message (the `code` of error details). */
export function issueKind(issue: z.core.$ZodIssue): FieldErrorKind {
  if (issue.code === 'custom' && typeof issue.params?.key === 'string') return issue.params.key;
  if (issue.code === 'too_small') return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
  if (issue.code === 'too_big') return 'tooLong';
  return 'invalid';
}

/** One entry of the `details` of a validation error: field path, message and kind. */
export interface FieldIssue {
  path: string;
  message: string;
  code: FieldErrorKind;
}

/** A zod error as the details of the one error shape. */
export function issuesToDetails(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, code: issueKind(issue) }));
}
