import { z } from 'zod';
import { idTextSchema, parseId, stripUnstorable } from '@/lib/input/schemas';
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';

export const SEARCH_SORTS = ['relevance', 'newest', 'bestseller', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZE = 24;

/** Ids in a query string: `subject=3&subject=4` or `subject=3,4`. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return [];
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter(Boolean);
    const ids = parts.map(parseId);
    if (ids.some((n) => n === null) || ids.length > 20) {
      ctx.addIssue({ code: 'custom', message: 'Expected up to 20 ids (whole numbers from 1 to 2147483647)' });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  });

const money = z.coerce.number().min(0).max(100_000).optional();

/**
 * Everything a search can say, as it stands in the URL (every state lives in the URL).
 * Prices are in the world's currency units (4.99), converted to cents for the query.
 */
export const searchParamsSchema = z
  .object({
    // A search box must not fail on a stray NUL or broken surrogate pasted in: they are dropped.
    q: z
      .string()
      .transform((value) => stripUnstorable(value).trim())
      .pipe(z.string().max(200))
      .optional()
      .default(''),
    subject: idList,
    class_grade: idList,
    learning_years: idList,
    material_type: idList,
    school_type: z
      .union([z.enum(SCHOOL_TYPES), z.array(z.enum(SCHOOL_TYPES))])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
    author: idTextSchema.optional(),
    price: z.enum(['free', 'paid']).optional(),
    price_min: money,
    price_max: money,
    sort: z.enum(SEARCH_SORTS).optional(),
    page: z.coerce.number().int().min(1).max(500).optional().default(1),
  })
  .refine((p) => p.price_min === undefined || p.price_max === undefined || p.price_min <= p.price_max, {
    message: 'price_min must not be above price_max',
    path: ['price_min'],
  });

export type SearchParams = z.infer<typeof searchParamsSchema>;

/** Reads URLSearchParams (repeated keys become arrays) for the schema. */
export function searchParamsToObject(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const entries =
    params instanceof URLSearchParams
      ? [...params.entries()]
      : Object.entries(params).flatMap(([k, v]) =>
          v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as const) : [[k, v] as const],
        );
  for (const [key, value] of entries) {
    // An empty form field (price "all", a blank price box) means "not set".
    if (value === '') continue;
    const current = out[key];
    out[key] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
  }
  return out;
}

/** The URL query of a search, for links that change one thing (filters, sort, page). */
export function searchQueryString(params: Partial<SearchParams>): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  for (const key of ['subject', 'class_grade', 'learning_years', 'material_type', 'school_type'] as const) {
    for (const value of params[key] ?? []) query.append(key, String(value));
  }
  if (params.author) query.set('author', String(params.author));
  if (params.price) query.set('price', params.price);
  if (params.price_min !== undefined) query.set('price_min', String(params.price_min));
  if (params.price_max !== undefined) query.set('price_max', String(params.price_max));
  if (params.sort) query.set('sort', params.sort);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A search page's URL read: invalid values are dropped (the page says so) rather than failing it. */
export function readSearchParams(raw: URLSearchParams | Record<string, string | string[] | undefined>): {
  params: SearchParams;
  invalid: boolean;
} {
  const values = searchParamsToObject(raw);
  const parsed = searchParamsSchema.safeParse(values);
  if (parsed.success) return { params: parsed.data, invalid: false };
  const q = typeof values.q === 'string' ? values.q.slice(0, 200) : '';
  return { params: searchParamsSchema.parse({ q }), invalid: true };
}
